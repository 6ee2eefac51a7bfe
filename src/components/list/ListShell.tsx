import { useState, type ReactNode } from 'react';
import { Button, EmptyState, HStack, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { VersionedRecord } from '../../api/resources/define-resource.ts';
import { ConfirmDialog } from '../feedback/ConfirmDialog.tsx';
import { notifyError } from '../feedback/notify-error.ts';
import { messenger } from '../feedback/toaster.tsx';
import { PageHeader } from '../layout/PageHeader.tsx';
import { useScreen } from '../layout/screen-context.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import { ExportButton } from './ExportButton.tsx';
import type { ListColumn } from './columns.tsx';
import { DataGrid } from './DataGrid.tsx';
import { FilterSelect, type FilterOption } from './FilterSelect.tsx';
import { Pagination } from './Pagination.tsx';
import { RecordCards } from './RecordCards.tsx';
import { SearchBox } from './SearchBox.tsx';
import type { ListController } from './useListController.ts';

interface Props<R extends VersionedRecord> {
  controller: ListController<R>;
  title: string;
  columns: ListColumn<R>[];
  /** The record's name, for its row, card and the delete confirmation. */
  rowLabel: (row: R) => string;
  createLabel?: string;
  /** The search box's hint; without one the list has no search (its operation takes no `q`). */
  searchPlaceholder?: string;
  /** Choices of filters the contract does not enumerate (their values come from another resource), by filter name. */
  filterOptions?: Record<string, FilterOption[]>;
  /** False when the list operation returns every record at once: no page size, previous or next. */
  paged?: boolean;
  /**
   * The area's screen a row opens (default `edit`) and its route parameters (default the row's `id`), and the
   * create button's target when not the area's `create`.
   */
  open?: { screen: string; params?: (row: R) => Record<string, string | number>; create?: string | null };
  /** What the list is about, shown under its title (a parent record's summary, say). */
  intro?: ReactNode;
  /** Actions on the chosen rows besides deleting (assigning a worklist's records, say); given, rows can be chosen. */
  bulkActions?: (chosen: R[], clear: () => void) => ReactNode;
  /** The export list this screen's "Exportar" makes when not the resource's own (a list narrowed to one kind, say). */
  exportAs?: string;
  children?: ReactNode;
}

/**
 * A list screen from its controller: header with breadcrumbs and the create button, search, filters,
 * column chooser, the grid (cards on small screens), bulk delete with confirmation, paging, and the
 * loading, empty and error states. Records open on the area's `edit` screen when the user may.
 */
export function ListShell<R extends VersionedRecord>({ controller: list, title, columns, rowLabel, createLabel, searchPlaceholder, filterOptions, paged = true, open, intro, bulkActions, exportAs, children }: Props<R>) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { link, may } = useScreen();
  const [, navigate] = useLocation();
  const cards = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [confirming, setConfirming] = useState(false);
  const createHref = open?.create !== undefined ? open.create : link('create');
  const openScreen = open?.screen ?? 'edit';
  const href = (row: R) => link(openScreen, open?.params ? open.params(row) : { id: row.id });
  const deletable = list.deletable && may('delete');
  const selectable = deletable || Boolean(bulkActions);
  const chosen = (list.rows ?? []).filter((row) => list.selected[row.id]);
  const filtered = Boolean(list.state.q || Object.keys(list.state.filters).length);

  const deleteChosen = () =>
    list.deleteRecords(chosen.map((row) => row.id)).then(
      () => {
        messenger.create({ type: 'success', title: t('list.deleted', { count: chosen.length }) });
        setConfirming(false);
      },
      (error) => {
        notifyError(intl, error);
        setConfirming(false);
      },
    );

  return (
    <Stack gap="4">
      <PageHeader title={title}>
        {createHref && createLabel && (
          <Button asChild colorPalette="blue">
            <Link href={createHref}>
              <Plus aria-hidden size={16} />
              {createLabel}
            </Link>
          </Button>
        )}
      </PageHeader>
      {intro}
      {/* Without search, filters or columns to choose (roles on a phone) there is no toolbar to leave a gap. */}
      {(searchPlaceholder || Object.keys(list.spec.filters).length > 0 || children || !cards) && (
        <HStack gap="3" wrap="wrap" role="search" data-focus-landing aria-label={t('list.tools', { title })}>
          {searchPlaceholder && <SearchBox value={list.state.q} placeholder={searchPlaceholder} onSearch={(q) => list.change({ q })} />}
          {Object.entries(list.spec.filters).map(([name, spec]) => (
            <FilterSelect key={name} resource={list.resource} name={name} spec={spec} options={filterOptions?.[name]} value={list.state.filters[name]} onChange={(value) => list.change({ filters: { [name]: value } })} />
          ))}
          {children}
          {!cards && <ColumnChooser columns={columns} hidden={list.hiddenColumns} onChange={list.setHiddenColumns} />}
          <ExportButton resource={exportAs ?? list.resource} query={list.query} columns={columns} hidden={list.hiddenColumns} rows={list.rows} />
        </HStack>
      )}
      {chosen.length > 0 && (
        <HStack gap="3" wrap="wrap" p="2" ps="4" borderRadius="md" bg="blue.subtle" role="region" aria-label={t('list.bulkActions')}>
          <Text fontSize="sm" aria-live="polite">{t('list.selected', { count: chosen.length })}</Text>
          {bulkActions?.(chosen, () => list.setSelected({}))}
          {deletable && (
            <Button size="sm" colorPalette="red" variant="outline" bg="bg.panel" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden size={14} />
              {t('list.deleteSelected')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => list.setSelected({})}>{t('list.clearSelection')}</Button>
        </HStack>
      )}
      {list.failed ? (
        <Stack role="alert" align="flex-start">
          <span>{t('common.loadFailed')}</span>
          <Button size="sm" onClick={list.retry}>{t('common.retry')}</Button>
        </Stack>
      ) : cards && list.rows ? (
        <RecordCards columns={columns} rows={list.rows} hidden={list.hiddenColumns} selectable={selectable} selected={list.selected} onSelect={list.setSelected} href={href} rowLabel={rowLabel} />
      ) : (
        <DataGrid
          caption={title}
          columns={columns}
          rows={list.rows}
          loading={list.loading}
          sort={list.state.sort}
          onSort={(sort) => list.change({ sort })}
          hidden={list.hiddenColumns}
          selectable={selectable}
          selected={list.selected}
          onSelect={list.setSelected}
          onOpen={link(openScreen) ? (row) => navigate(href(row)!) : undefined}
          rowLabel={rowLabel}
        />
      )}
      {list.rows?.length === 0 && (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg.panel">
          <EmptyState.Content>
            {/* Isolated, so a right-to-left page keeps the sentence's full stop at its end. */}
            <EmptyState.Description>
              <bdi>{list.state.q ? t('common.emptySearch', { q: list.state.q }) : t(filtered ? 'list.emptyFiltered' : 'common.empty')}</bdi>
            </EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
      {paged && list.total !== undefined && <Pagination page={list.state.page} pageSize={list.state.pageSize} total={list.total} totalIsLowerBound={list.totalIsLowerBound} onChange={list.change} />}
      <ConfirmDialog
        open={confirming}
        title={t('list.deleteTitle', { count: chosen.length })}
        body={t('list.deleteBody', { count: chosen.length, names: intl.formatList(chosen.map(rowLabel)) })}
        confirmLabel={t('common.delete')}
        busy={list.deleting}
        onConfirm={deleteChosen}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
