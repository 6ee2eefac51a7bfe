import { useSearchParams } from 'wouter';
import { useDateRange } from '../../components/list/DateRange.tsx';
import type { PayableFilter } from '../../api/resources/payment-runs.ts';

/** The new run's page size: a page of claims to tick, the totals cover the whole selection anyway. */
const PAGE_SIZE = 50;

const PAYEES = ['HOLDER', 'PROVIDER'] as const;

/**
 * The new run's filters, kept in the URL (`?insurerId=3&currency=EUR&payee=HOLDER&from=…&to=…&page=2`) so a
 * selection can be shared and survives a reload; a value the server would refuse is read as no filter.
 */
export function usePayableFilter() {
  const [search, setSearch] = useSearchParams();
  const range = useDateRange();
  const insurerId = Number(search.get('insurerId'));
  const currency = search.get('currency') ?? '';
  const payee = search.get('payee') ?? '';
  const page = Number(search.get('page'));
  const filter: PayableFilter & { page: number; pageSize: number } = {
    pageSize: PAGE_SIZE,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    ...(Number.isInteger(insurerId) && insurerId > 0 ? { insurerId } : {}),
    ...(/^[A-Z]{3}$/.test(currency) ? { currency } : {}),
    ...((PAYEES as readonly string[]).includes(payee) ? { payee: payee as PayableFilter['payee'] } : {}),
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
  };
  /** Sets one filter (empty: none); any change but the page's goes back to the first page. */
  const set = (name: 'insurerId' | 'currency' | 'payee' | 'page', value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filter, range, set };
}
