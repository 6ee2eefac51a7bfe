import type { ReactNode } from 'react';
import { Card } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

/** A titled part of a record's form: a fieldset whose legend is the card's title. */
export function FormSection({ titleId, children }: { titleId: string; children: ReactNode }) {
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
