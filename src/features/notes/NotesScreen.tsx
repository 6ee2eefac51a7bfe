import { HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { LIST_SPECS } from '../../../openapi/field-specs.ts';
import { useMe } from '../../session/useMe.ts';
import { useNotes } from '../../api/resources/notes.ts';
import { Loading } from '../../components/feedback/Loading.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { applyListChange, listQuery, parseListState, type ListChange, type ListSpec } from '../../components/list/list-state.ts';
import { Pagination } from '../../components/list/Pagination.tsx';
import { SearchBox } from '../../components/list/SearchBox.tsx';
import { SortSelect } from '../../components/list/SortSelect.tsx';
import { NoteCard } from '../../components/notes/NoteCard.tsx';

const SCOPES = ['all', 'mine', 'related'] as const;
/** /notas filters by scope only; a record's notes are on the record's screen. */
const SPEC: ListSpec = { ...LIST_SPECS.notes, filters: { scope: LIST_SPECS.notes.filters.scope } };
const SORTS = [
  { key: 'newest', sort: '-createdAt' },
  { key: 'oldest', sort: 'createdAt' },
  { key: 'updated', sort: '-updatedAt' },
  { key: 'pinned', sort: '-pinned,-createdAt' },
] as const;

/** Notas: my notes and the latest on the records I work on, searchable; the URL keeps tab, search, sort and page like every list. */
export default function NotesScreen() {
  const intl = useIntl();
  const { can } = useMe();
  const [params, setParams] = useSearchParams();
  const state = parseListState(params, SPEC);
  const scope = state.filters.scope ?? 'all';
  const notes = useNotes(listQuery(state, SPEC));
  const update = (change: ListChange) => setParams((previous) => applyListChange(previous, change, SPEC));
  const { q, page, pageSize } = state;
  const title = intl.formatMessage({ id: 'area.notes' });
  return (
    <>
      <PageHeader title={title} />
      <Stack gap="4">
        <HStack gap="3" wrap="wrap" role="search" aria-label={intl.formatMessage({ id: 'list.tools' }, { title })}>
          <SearchBox value={q} placeholder={intl.formatMessage({ id: 'notes.search' })} onSearch={(text) => update({ q: text })} />
          <SortSelect options={SORTS.map(({ key, sort }) => ({ sort, label: intl.formatMessage({ id: `notes.sort.${key}` }) }))} value={state.sort} onChange={(sort) => update({ sort })} />
        </HStack>
        <Tabs.Root value={scope} onValueChange={(e) => update({ filters: { scope: e.value === 'all' ? undefined : e.value } })} variant="line">
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
                      totalIsLowerBound={notes.data.totalIsLowerBound}
                      onChange={update}
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
