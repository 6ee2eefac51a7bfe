import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';
import { paymentRunKeys } from './payment-runs.ts';

export type PayeeOwner = { ownerType: 'HOLDER' | 'DOCTOR'; ownerId: number };
export type PayeeAccount = Schemas['PayeeAccount'];
export type PayeeAccountInput = Schemas['PayeeAccountInput'];
export type DebtorAccount = Schemas['DebtorAccount'];
export type DebtorAccountInput = Schemas['DebtorAccountInput'];

/** Payee accounts by owner, and the debtor accounts of Configuraciones. */
export const payeeAccountKeys = queryKeys('payeeAccounts');
export const debtorAccountKeys = queryKeys('debtorAccounts');

const ownerPath = ({ ownerType, ownerId }: PayeeOwner) => ({ path: { ownerType, ownerId } });

/** The payee's account masked (null when none is on file), under the owner's key. */
export const payeeAccountQuery = (owner: PayeeOwner) =>
  queryOptions({
    queryKey: [...payeeAccountKeys.all, owner.ownerType, owner.ownerId],
    queryFn: () => call(api.GET('/api/payee-accounts/{ownerType}/{ownerId}', { params: ownerPath(owner) })).then((body) => body.account),
  });

/** The account in full; the server audits each reveal. */
export const revealPayeeAccount = (owner: PayeeOwner) => call(api.POST('/api/payee-accounts/{ownerType}/{ownerId}/reveal', { params: ownerPath(owner) }));

export function useSavePayeeAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayeeAccountInput) => call(api.PUT('/api/payee-accounts', { body })),
    // Runs show whether their payees can be paid: they are read again too.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: payeeAccountKeys.all }), client.invalidateQueries({ queryKey: paymentRunKeys.all })]),
  });
}

export const debtorAccountsQuery = () => queryOptions({ queryKey: debtorAccountKeys.lists, queryFn: () => call(api.GET('/api/settings/debtor-accounts')).then((body) => body.items) });

export function useSaveDebtorAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DebtorAccountInput) => call(api.PUT('/api/settings/debtor-accounts', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: debtorAccountKeys.all }),
  });
}
