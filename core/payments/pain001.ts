import type { PayeeAccount } from './accounts.ts';
import { bankAmountText, DecimalSum, isoExponent } from './currency.ts';
import { currencyExponent } from '../benefits/currency.ts';
import { cut, escapeXml, messageText } from './text.ts';

/**
 * The pain.001 (Customer Credit Transfer Initiation) writer, versions 001.001.09 and 001.001.03.
 * It streams: the caller declares each payment group's count and sum up front (the group header
 * comes first in the file), the transactions arrive one at a time from any (async) iterable, and the
 * writer yields text chunks, so a run of 10,000 payments is never held in memory as a document.
 * A group whose transactions do not add up to what was declared stops the file with an error.
 */
export const PAIN001_VERSIONS = ['001.001.09', '001.001.03'] as const;
export type Pain001Version = (typeof PAIN001_VERSIONS)[number];

export interface Remittance {
  folio: string;
  patient: string;
  /** ISO dates of the first and last service. */
  serviceFrom: string;
  serviceTo: string;
}

export interface CreditTransfer {
  /** The claim's folio: the bank returns it in its status report. */
  endToEndId: string;
  /** In the currency's stored minor unit (core/benefits/currency.ts). */
  amountMinor: number;
  payeeName: string;
  /** Organisations (a clinic's NIT) and persons carry their tax id in different elements. */
  payeeIsOrganisation?: boolean;
  account: PayeeAccount;
  remittance: Remittance;
}

export interface DebtorAccountRef {
  name: string;
  account: PayeeAccount;
}

export interface PaymentGroup {
  /** PmtInfId: unique in the message (Max35Text). */
  paymentInformationId: string;
  debtor: DebtorAccountRef;
  currency: string;
  /** ISO date the bank should execute the transfers. */
  executionDate: string;
  count: number;
  sumMinor: number | bigint;
  transfers: Iterable<CreditTransfer> | AsyncIterable<CreditTransfer>;
}

export interface PaymentFile {
  version: Pain001Version;
  /** MsgId (Max35Text): the bank's status report names it. */
  messageId: string;
  /** ISO date-time the file was created. */
  createdAt: string;
  initiatingParty: string;
  groups: readonly PaymentGroup[];
}

export class PaymentFileError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentFileError';
  }
}

const MAX35 = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

function el(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

function identifier(kind: string, value: string): string {
  // Identifiers travel in SEPA Latin whatever the currency: the bank echoes them back and matching must be exact.
  if (!MAX35.test(value) || value.startsWith('/') || value.includes('//')) {
    throw new PaymentFileError('payment.identifierInvalid', `${kind} is not a valid identifier: ${JSON.stringify(value)}`);
  }
  return value;
}

/** Agent (bank) of an account: its BIC, else its national bank code, else "NOTPROVIDED" as the schema allows. */
function agent(account: PayeeAccount, version: Pain001Version): string {
  const bicTag = version === '001.001.09' ? 'BICFI' : 'BIC';
  if (account.bic) return `<FinInstnId>${el(bicTag, account.bic)}</FinInstnId>`;
  if (account.bankCode) return `<FinInstnId><ClrSysMmbId>${el('MmbId', account.bankCode)}</ClrSysMmbId></FinInstnId>`;
  return '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
}

/** CLABE, CBU and CCI are proprietary schemes; Chile's and Colombia's account numbers are plain BBANs. */
function accountId(account: PayeeAccount): string {
  if (account.scheme === 'IBAN') return `<Id>${el('IBAN', account.number)}</Id>`;
  const scheme = account.scheme === 'CL' || account.scheme === 'CO' ? '<Cd>BBAN</Cd>' : el('Prtry', account.scheme);
  return `<Id><Othr>${el('Id', account.number)}<SchmeNm>${scheme}</SchmeNm></Othr></Id>`;
}

function party(name: string, currency: string, taxId: string | null, organisation: boolean): string {
  // EPC limits names to 70 characters; the schema allows 140.
  const nm = el('Nm', cut(messageText(name, currency), currency === 'EUR' ? 70 : 140) || '-');
  if (!taxId) return nm;
  const othr = `<Othr>${el('Id', taxId)}<SchmeNm><Cd>TXID</Cd></SchmeNm></Othr>`;
  return `${nm}<Id>${organisation ? `<OrgId>${othr}</OrgId>` : `<PrvtId>${othr}</PrvtId>`}</Id>`;
}

/** "REE-2026-000123 / Juan Munoz / 2026-10-01..2026-10-15", within 140 characters (the patient's name is cut first). */
export function remittanceText(r: Remittance, currency: string): string {
  const period = r.serviceFrom === r.serviceTo ? r.serviceFrom : `${r.serviceFrom}..${r.serviceTo}`;
  const fixed = `${r.folio} /  / ${period}`;
  const patient = cut(messageText(r.patient, currency), Math.max(0, 140 - Array.from(fixed).length));
  return cut(`${r.folio} / ${patient} / ${period}`, 140);
}

function transfer(t: CreditTransfer, currency: string, version: Pain001Version): string {
  if (!Number.isSafeInteger(t.amountMinor) || t.amountMinor <= 0) {
    throw new PaymentFileError('payment.amountInvalid', `${t.endToEndId}: amount must be a positive integer of minor units`);
  }
  return (
    '<CdtTrfTxInf>' +
    `<PmtId>${el('InstrId', identifier('InstrId', t.endToEndId))}${el('EndToEndId', t.endToEndId)}</PmtId>` +
    `<Amt><InstdAmt Ccy="${currency}">${bankAmountText(t.amountMinor, currency)}</InstdAmt></Amt>` +
    `<CdtrAgt>${agent(t.account, version)}</CdtrAgt>` +
    `<Cdtr>${party(t.payeeName, currency, t.account.holderTaxId, t.payeeIsOrganisation ?? false)}</Cdtr>` +
    `<CdtrAcct>${accountId(t.account)}</CdtrAcct>` +
    `<RmtInf>${el('Ustrd', remittanceText(t.remittance, currency))}</RmtInf>` +
    '</CdtTrfTxInf>\n'
  );
}

function groupHeader(g: PaymentGroup, version: Pain001Version): string {
  const sepa = g.currency === 'EUR';
  const date = version === '001.001.09' ? `<ReqdExctnDt>${el('Dt', g.executionDate)}</ReqdExctnDt>` : el('ReqdExctnDt', g.executionDate);
  const sum = new DecimalSum();
  sum.add(g.sumMinor, currencyExponent(g.currency));
  return (
    '<PmtInf>' +
    el('PmtInfId', identifier('PmtInfId', g.paymentInformationId)) +
    '<PmtMtd>TRF</PmtMtd>' +
    el('NbOfTxs', String(g.count)) +
    el('CtrlSum', sum.text(isoExponent(g.currency) ?? 0)) +
    (sepa ? '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' : '') +
    date +
    `<Dbtr>${party(g.debtor.name, g.currency, g.debtor.account.holderTaxId, true)}</Dbtr>` +
    `<DbtrAcct>${accountId(g.debtor.account)}${el('Ccy', g.currency)}</DbtrAcct>` +
    `<DbtrAgt>${agent(g.debtor.account, version)}</DbtrAgt>` +
    (sepa ? '<ChrgBr>SLEV</ChrgBr>' : '') +
    '\n'
  );
}

function checkGroup(g: PaymentGroup, ids: Set<string>): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(g.executionDate)) throw new PaymentFileError('payment.dateInvalid', `execution date ${g.executionDate}`);
  if (!/^[A-Z]{3}$/.test(g.currency)) throw new PaymentFileError('payment.currencyInvalid', `currency ${g.currency}`);
  bankAmountText(0, g.currency); // refuses a currency outside the ISO table before anything is written
  if (!Number.isSafeInteger(g.count) || g.count < 1) throw new PaymentFileError('payment.emptyGroup', `${g.paymentInformationId}: no transactions`);
  if (ids.has(g.paymentInformationId)) throw new PaymentFileError('payment.duplicateGroup', `${g.paymentInformationId} twice`);
  ids.add(g.paymentInformationId);
}

/** Writes the file as text chunks; the checks that need only the declarations run before the first chunk. */
export async function* writePain001(file: PaymentFile): AsyncGenerator<string, void, undefined> {
  const { version } = file;
  if (!(PAIN001_VERSIONS as readonly string[]).includes(version)) throw new PaymentFileError('payment.versionInvalid', `version ${version}`);
  if (file.groups.length === 0) throw new PaymentFileError('payment.emptyFile', 'a payment file needs at least one transaction');
  identifier('MsgId', file.messageId);
  const ids = new Set<string>();
  const total = new DecimalSum();
  let count = 0;
  for (const g of file.groups) {
    checkGroup(g, ids);
    count += g.count;
    total.add(g.sumMinor, currencyExponent(g.currency));
  }
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.${version}">\n<CstmrCdtTrfInitn>\n`;
  yield (
    '<GrpHdr>' +
    el('MsgId', file.messageId) +
    el('CreDtTm', file.createdAt) +
    el('NbOfTxs', String(count)) +
    el('CtrlSum', total.text()) +
    `<InitgPty>${el('Nm', cut(messageText(file.initiatingParty, 'EUR'), 70) || '-')}</InitgPty>` +
    '</GrpHdr>\n'
  );
  const endToEnd = new Set<string>();
  for (const g of file.groups) {
    yield groupHeader(g, version);
    let seen = 0;
    let sum = 0n;
    for await (const t of g.transfers) {
      if (endToEnd.has(t.endToEndId)) throw new PaymentFileError('payment.duplicateEndToEndId', `${t.endToEndId} twice`);
      endToEnd.add(t.endToEndId);
      seen += 1;
      sum += BigInt(t.amountMinor);
      yield transfer(t, g.currency, version);
    }
    if (seen !== g.count || sum !== BigInt(g.sumMinor)) {
      throw new PaymentFileError('payment.groupMismatch', `${g.paymentInformationId}: declared ${g.count} for ${g.sumMinor}, streamed ${seen} for ${sum}`);
    }
    yield '</PmtInf>\n';
  }
  yield '</CstmrCdtTrfInitn>\n</Document>\n';
}

/** One transfer before grouping: which debtor account pays it, in what currency, on which date. */
export interface PlannedTransfer extends CreditTransfer {
  debtorKey: string;
  currency: string;
  executionDate: string;
}

/**
 * Groups transfers held in memory into one PmtInf per debtor account, currency and execution date
 * (in that order), ids `<messageId>-<n>`. The server's large runs declare groups from SQL instead.
 */
export function groupTransfers(
  messageId: string,
  transfers: readonly PlannedTransfer[],
  debtors: ReadonlyMap<string, DebtorAccountRef>,
): PaymentGroup[] {
  const groups = new Map<string, { key: [string, string, string]; items: PlannedTransfer[] }>();
  for (const t of transfers) {
    if (!Number.isSafeInteger(t.amountMinor)) throw new PaymentFileError('payment.amountInvalid', `${t.endToEndId}: amount must be an integer of minor units`);
    const key = `${t.debtorKey}\u0000${t.currency}\u0000${t.executionDate}`;
    const group = groups.get(key) ?? { key: [t.debtorKey, t.currency, t.executionDate] as [string, string, string], items: [] };
    group.items.push(t);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.key.join('\u0000').localeCompare(b.key.join('\u0000')))
    .map(({ key: [debtorKey, currency, executionDate], items }, index) => {
      const debtor = debtors.get(debtorKey);
      if (!debtor) throw new PaymentFileError('payment.debtorUnknown', `no debtor account ${debtorKey}`);
      return {
        paymentInformationId: `${messageId}-${String(index + 1).padStart(3, '0')}`,
        debtor,
        currency,
        executionDate,
        count: items.length,
        sumMinor: items.reduce((sum, t) => sum + BigInt(t.amountMinor), 0n),
        transfers: items,
      };
    });
}
