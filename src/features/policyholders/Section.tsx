import type { ReactNode } from 'react';
import { Card } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/** A titled part of the holder's screen, a fieldset with its legend. */
export function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Card.Root as="fieldset">
      <Card.Header>
        <Card.Title as="legend">{intl.formatMessage({ id: titleId })}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
