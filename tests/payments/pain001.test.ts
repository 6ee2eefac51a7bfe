import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { checkPayeeAccount, type PayeeAccount, type PayeeAccountInput } from '@core/payments/accounts.ts';
import {
  groupTransfers,
  PaymentFileError,
  writePain001,
  type DebtorAccountRef,
  type Pain001Version,
  type PaymentFile,
  type PlannedTransfer,
} from '@core/payments/pain001.ts';
import { collect, interopMissing, sample, schemaErrors } from './iso20022.ts';

function account(input: PayeeAccountInput): PayeeAccount {
  const result = checkPayeeAccount(input);
  if (!result.valid) throw new Error(`test account invalid: ${result.reason}`);
  return result.account;
}

const debtors = new Map<string, DebtorAccountRef>([
  ['eur', { name: 'Aseguradora Dental Ibérica S.A.', account: account({ scheme: 'IBAN', number: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' }) }],
  ['clp', { name: 'Seguros Dentales Chile SpA', account: account({ scheme: 'CL', number: '000123456789', bankCode: '012', holderTaxId: '76.086.428-5' }) }],
  ['mxn', { name: 'Dental Seguros México', account: account({ scheme: 'CLABE', number: '032180000118359719' }) }],
]);

function transfer(n: number, debtorKey: string, currency: string, amountMinor: number, acc: PayeeAccountInput, date = '2026-12-01'): PlannedTransfer {
  return {
    debtorKey,
    currency,
    executionDate: date,
    endToEndId: `REE-2026-${String(n).padStart(6, '0')}`,
    amountMinor,
    payeeName: n % 2 ? 'María José Muñoz Peña' : 'Clínica Dental "Sonrisa" & Asociados',
    account: account(acc),
    remittance: { folio: `REE-2026-${String(n).padStart(6, '0')}`, patient: 'Joaquín Ñúñez Íñiguez', serviceFrom: '2026-10-01', serviceTo: '2026-10-15' },
  };
}

const transfers: PlannedTransfer[] = [
  transfer(1, 'eur', 'EUR', 12345, { scheme: 'IBAN', number: 'DE89370400440532013000', bic: 'DEUTDEFF' }),
  transfer(2, 'eur', 'EUR', 10, { scheme: 'IBAN', number: 'FR1420041010050500013M02606' }),
  transfer(3, 'eur', 'EUR', 20, { scheme: 'IBAN', number: 'DE89370400440532013000' }, '2026-12-02'),
  transfer(4, 'clp', 'CLP', 150000, { scheme: 'CL', number: '1234567', bankCode: '001', holderTaxId: '12.345.678-5' }),
  transfer(5, 'clp', 'CLP', 1, { scheme: 'CL', number: '7654321', bankCode: '037', holderTaxId: '10.000.013-K' }),
  transfer(6, 'mxn', 'MXN', 100050, { scheme: 'CLABE', number: '032180000118359719' }),
  transfer(7, 'mxn', 'MXN', 5, { scheme: 'CLABE', number: '032180000118359719' }),
];

function file(version: Pain001Version, items = transfers): PaymentFile {
  return {
    version,
    messageId: 'PR-2026-000042',
    createdAt: '2026-11-29T10:15:00',
    initiatingParty: 'Aseguradora Dental Ibérica',
    groups: groupTransfers('PR-2026-000042', items, debtors),
  };
}

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, ignoreAttributes: false, isArray: (n) => ['PmtInf', 'CdtTrfTxInf'].includes(n) });
type Parsed = { Document: { CstmrCdtTrfInitn: { GrpHdr: Record<string, string>; PmtInf: Record<string, unknown>[] } } };

describe.each(['001.001.09', '001.001.03'] as const)('pain.%s', (version) => {
  it.skipIf(interopMissing)('a run in EUR, CLP and MXN is one schema-valid file', async () => {
    const { text } = await collect(writePain001(file(version)));
    expect(schemaErrors(text, `pain.${version}.xsd`)).toBeNull();
  });

  it('has one PmtInf per debtor account, currency and date, with exact counts and sums', async () => {
    const { text, count } = await collect(writePain001(file(version)));
    expect(count).toBeGreaterThan(transfers.length); // streamed: at least a chunk per transaction
    const doc = (parser.parse(text) as Parsed).Document.CstmrCdtTrfInitn;
    expect(doc.GrpHdr.NbOfTxs).toBe('7');
    // 123.45 + 0.10 + 0.20 + 150000 + 1 + 1000.50 + 0.05, irrespective of currency as ISO defines CtrlSum.
    expect(doc.GrpHdr.CtrlSum).toBe('151125.30');
    const groups = doc.PmtInf.map((p) => [p.PmtInfId, p.NbOfTxs, p.CtrlSum, (p.DbtrAcct as { Ccy: string }).Ccy]);
    expect(groups).toEqual([
      ['PR-2026-000042-001', '2', '150001', 'CLP'],
      ['PR-2026-000042-002', '2', '123.55', 'EUR'],
      ['PR-2026-000042-003', '1', '0.20', 'EUR'],
      ['PR-2026-000042-004', '2', '1000.55', 'MXN'],
    ]);
    const amounts = doc.PmtInf.flatMap((p) => (p.CdtTrfTxInf as { Amt: { InstdAmt: Record<string, string> }; PmtId: { EndToEndId: string } }[]).map((t) => `${t.PmtId.EndToEndId} ${t.Amt.InstdAmt['#text']} ${t.Amt.InstdAmt['@_Ccy']}`));
    expect(amounts).toEqual([
      'REE-2026-000004 150000 CLP',
      'REE-2026-000005 1 CLP',
      'REE-2026-000001 123.45 EUR',
      'REE-2026-000002 0.10 EUR',
      'REE-2026-000003 0.20 EUR',
      'REE-2026-000006 1000.50 MXN',
      'REE-2026-000007 0.05 MXN',
    ]);
  });

  it('writes EUR names in SEPA Latin and keeps Unicode for other currencies; remittance has folio, patient and period', async () => {
    const { text } = await collect(writePain001(file(version)));
    expect(text).toContain('<Nm>Maria Jose Munoz Pena</Nm>');
    expect(text).toContain("<Nm>Clinica Dental 'Sonrisa' + Asociados</Nm>");
    expect(text).toContain('<Ustrd>REE-2026-000001 / Joaquin Nunez Iniguez / 2026-10-01..2026-10-15</Ustrd>');
    expect(text).toContain('<Nm>María José Muñoz Peña</Nm>');
    expect(text).toContain('<Ustrd>REE-2026-000004 / Joaquín Ñúñez Íñiguez / 2026-10-01..2026-10-15</Ustrd>');
    expect(text).toContain('<Nm>Clínica Dental &quot;Sonrisa&quot; &amp; Asociados</Nm>');
  });
});

describe('the writer refuses what would make a wrong file', () => {
  it('stops when the streamed transactions do not add up to the declared group', async () => {
    const f = file('001.001.09');
    const groups = f.groups.map((g, i) => (i === 0 ? { ...g, sumMinor: BigInt(g.sumMinor) + 1n } : g));
    await expect(collect(writePain001({ ...f, groups }))).rejects.toMatchObject({ code: 'payment.groupMismatch' });
  });

  it('refuses a duplicated end-to-end id, a bad identifier, a non-integer amount and an unknown currency', async () => {
    const twice = [...transfers, { ...transfers[0]!, amountMinor: 1 }];
    await expect(collect(writePain001(file('001.001.09', twice)))).rejects.toMatchObject({ code: 'payment.duplicateEndToEndId' });
    await expect(collect(writePain001({ ...file('001.001.09'), messageId: 'x'.repeat(36) }))).rejects.toBeInstanceOf(PaymentFileError);
    const fraction = [{ ...transfers[0]!, amountMinor: 1.5 }];
    expect(() => file('001.001.09', fraction)).toThrow(/integer of minor units/);
    const xts = [{ ...transfers[0]!, currency: 'XTS' }];
    await expect(collect(writePain001(file('001.001.09', xts)))).rejects.toThrow(/ISO 4217/);
  });

  it('streams from an async source without holding the transfers', async () => {
    async function* source() {
      for (let i = 0; i < 1000; i++) yield { ...transfers[5]!, endToEndId: `REE-2026-${String(i).padStart(6, '0')}`, amountMinor: 1 };
    }
    const f: PaymentFile = {
      ...file('001.001.09'),
      groups: [{ paymentInformationId: 'PR-1-001', debtor: debtors.get('mxn')!, currency: 'MXN', executionDate: '2026-12-01', count: 1000, sumMinor: 1000, transfers: source() }],
    };
    const { text, count } = await collect(writePain001(f));
    expect(count).toBe(1005); // declaration, group header, PmtInf header, 1000 transfers, PmtInf end, document end
    expect(text).toContain('<CtrlSum>10.00</CtrlSum>');
    if (!interopMissing) expect(schemaErrors(text, 'pain.001.001.09.xsd')).toBeNull();
  });
});

describe.skipIf(interopMissing)('the schema check itself', () => {
  it('accepts the samples others wrote', () => {
    expect(schemaErrors(sample('php-sepa-xml_pain.001.001.09.xml'), 'pain.001.001.09.xsd')).toBeNull();
    expect(schemaErrors(sample('php-sepa-xml_pain.001.001.03.xml'), 'pain.001.001.03.xsd')).toBeNull();
    expect(schemaErrors(sample('iso20022js_sepa_pain_001_v3.xml'), 'pain.001.001.03.xsd')).toBeNull();
  });

  it('refuses a file of ours with one element out of order or a version mixed up', async () => {
    const { text } = await collect(writePain001(file('001.001.09')));
    expect(schemaErrors(text.replace('<PmtMtd>TRF</PmtMtd>', ''), 'pain.001.001.09.xsd')).toMatch(/PmtMtd|expected/);
    expect(schemaErrors(text, 'pain.001.001.03.xsd')).not.toBeNull();
  });
});
