import { Button, EmptyState } from '@chakra-ui/react';
import { SearchX } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useScreen } from '../layout/screen-context.ts';

/** A record that does not exist (deleted, or a wrong link): said in the user's language, with the way back to its list. */
export function RecordNotFound({ listLabel }: { listLabel: string }) {
  const intl = useIntl();
  const { link } = useScreen();
  const back = link('list');
  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'notFound.title' })} />
      <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg.panel" role="status">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <SearchX aria-hidden />
          </EmptyState.Indicator>
          <EmptyState.Description>{intl.formatMessage({ id: 'notFound.body' })}</EmptyState.Description>
          {back && (
            <Button asChild colorPalette="blue">
              <Link href={back}>{intl.formatMessage({ id: 'notFound.back' }, { list: listLabel })}</Link>
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
    </>
  );
}
