import { Stack, Tabs, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { useMe } from '../../api/me.ts';
import { useNotes } from '../../api/notes.ts';
import { Session } from '../../app/session.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { Pagination } from '../../components/list/Pagination.tsx';
import { SearchBox } from '../../components/list/SearchBox.tsx';
import { NoteCard } from '../../components/notes/NoteCard.tsx';

const SCOPES = ['all', 'mine', 'related'] as const;
type Scope = (typeof SCOPES)[number];
const PAGE_SIZES = [10, 20, 50, 100];

/** Notas: my notes and the latest on the records I work on, searchable; the URL keeps tab, search and page. */
export default function NotesScreen() {
  const intl = useIntl();
  const token = Session.useSelector((s) => s.context.token);
  const { can } = useMe(token);
  const [params, setParams] = useSearchParams();
  const scope: Scope = SCOPES.includes(params.get('scope') as Scope) ? (params.get('scope') as Scope) : 'all';
  const q = (params.get('q') ?? '').slice(0, 100);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 20;
  const notes = useNotes({ q: q || undefined, scope: scope === 'all' ? undefined : scope, page, pageSize });
  const update = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in change)) next.delete('page');
    setParams(next);
  };
  const title = intl.formatMessage({ id: 'area.notes' });
  return (
    <>
      <PageHeader title={title} />
      <Stack gap="4">
        <SearchBox value={q} placeholder={intl.formatMessage({ id: 'notes.search' })} onSearch={(text) => update({ q: text })} />
        <Tabs.Root value={scope} onValueChange={(e) => update({ scope: e.value === 'all' ? undefined : e.value })} variant="line">
          <Tabs.List>
            {SCOPES.map((key) => (
              <Tabs.Trigger key={key} value={key}>
                {intl.formatMessage({ id: `notes.scope.${key}` })}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {SCOPES.map((key) => (
            <Tabs.Content key={key} value={key} pt="4">
              {key === scope &&
                (notes.isPending ? (
                  <Loading />
                ) : notes.isError ? (
                  <Text color="fg.error">{intl.formatMessage({ id: 'notes.loadFailed' })}</Text>
                ) : notes.data.items.length === 0 ? (
                  <Text color="fg.muted">{intl.formatMessage({ id: q ? 'notes.noneFound' : 'notes.noneHere' })}</Text>
                ) : (
                  <Stack gap="4">
                    <Stack as="ul" gap="3" listStyleType="none" aria-label={title}>
                      {notes.data.items.map((note) => (
                        <li key={note.id}>
                          <NoteCard note={note} showRecord canUpdate={can('notes:update')} />
                        </li>
                      ))}
                    </Stack>
                    <Pagination
                      page={page}
                      pageSize={pageSize}
                      total={notes.data.total}
                      onChange={(change) => update(change.pageSize ? { pageSize: String(change.pageSize) } : { page: String(change.page) })}
                    />
                  </Stack>
                ))}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Stack>
    </>
  );
}
