import { Button } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useScreen } from '../layout/screen-context.ts';
import type { ListColumn } from './columns.tsx';

/** The lists an export job can read (the contract's DownloadList). */
const EXPORTABLE = new Set([
  'insurers', 'users', 'doctors', 'patients', 'policyholders', 'verifications', 'reimbursements',
  'reimbursements-general', 'reimbursements-orthodontic', 'reimbursable-verifications', 'orthodonticPlans', 'announcements',
]);

// The spec's route of Descargas' new export (inside /app); the shared list names no area, only this address.
const NEW_EXPORT = '/descargas/nuevo';

interface Props<R> {
  resource: string;
  /** The list operation's query as the screen reads it: its filters and what the screen fixes beside them. */
  query: Record<string, unknown>;
  columns: ListColumn<R>[];
  hidden: string[];
  rows?: R[];
}

/**
 * "Exportar": opens a new export of this list with the search, filters, sort and narrowing on screen and the visible
 * columns that are fields of its records (a column drawn from several fields has no single value to export).
 */
export function ExportButton<R extends object>({ resource, query, columns, hidden, rows }: Props<R>) {
  const intl = useIntl();
  const { can } = useScreen();
  if (!EXPORTABLE.has(resource) || !can('downloads:create')) return null;
  const { page: _page, pageSize: _pageSize, ...shown } = query;
  const filters = Object.fromEntries(Object.entries(shown).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
  const sample = rows?.[0] as Record<string, unknown> | undefined;
  const exported = columns
    .filter((column) => !hidden.includes(column.id) && (!sample || column.id in sample))
    .map((column) => ({ field: column.id, label: intl.formatMessage({ id: column.labelId }) }));
  const href = `${NEW_EXPORT}?${new URLSearchParams({ list: resource, filters: JSON.stringify(filters), columns: JSON.stringify(exported) })}`;
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href}>
        <FileDown aria-hidden size={16} />
        {intl.formatMessage({ id: 'list.export' })}
      </Link>
    </Button>
  );
}
