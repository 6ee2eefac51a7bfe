import { EmptyState } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useParams } from 'wouter';
import { PageHeader } from './PageHeader.tsx';

/** A screen of an area the next deliveries fill: its route, localized title and an explanation. */
export default function NotYetScreen({ titleId }: { titleId: string }) {
  const intl = useIntl();
  const params = useParams();
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: titleId }, params)} />
      <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg.panel">
        <EmptyState.Content>
          <EmptyState.Description>{intl.formatMessage({ id: 'area.notYet' })}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    </>
  );
}
