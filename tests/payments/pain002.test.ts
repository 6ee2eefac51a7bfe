import { describe, expect, it } from 'vitest';
import { readStatusReport, StatusReportError } from '../../server/workflow/payment-run/pain002.ts';
import { interopMissing, schemaErrors } from './iso20022.ts';

interface Tx {
  e2e: string;
  status?: string;
  reason?: string;
  text?: string;
}

/** A status report as a bank writes it; `extra` lets a test add what real banks add. */
function report(ns: string, opts: { pmtInfId?: string; pmtSts?: string; txs: Tx[]; dk?: boolean; extra?: string; nameId?: string | null }): string {
  const txs = opts.txs
    .map(
      (t) =>
        `<TxInfAndSts><OrgnlEndToEndId>${t.e2e}</OrgnlEndToEndId>${t.status ? `<TxSts>${t.status}</TxSts>` : ''}` +
        (t.reason ? `<StsRsnInf><Rsn><Cd>${t.reason}</Cd></Rsn>${t.text && !opts.dk ? `<AddtlInf>${t.text}</AddtlInf>` : ''}</StsRsnInf>` : '') +
        `${opts.dk ? '<OrgnlTxRef/>' : ''}</TxInfAndSts>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="${ns}"><CstmrPmtStsRpt>` +
    `<GrpHdr><MsgId>BANK-RPT-1</MsgId><CreDtTm>2026-12-02T08:00:00</CreDtTm></GrpHdr>` +
    `<OrgnlGrpInfAndSts><OrgnlMsgId>PR-2026-000042</OrgnlMsgId>${opts.nameId === null ? '' : `<OrgnlMsgNmId>${opts.nameId ?? 'pain.001.001.09'}</OrgnlMsgNmId>`}</OrgnlGrpInfAndSts>` +
    `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${opts.pmtInfId ?? 'PR-2026-000042-002'}</OrgnlPmtInfId>${opts.pmtSts ? `<PmtInfSts>${opts.pmtSts}</PmtInfSts>` : ''}${txs}</OrgnlPmtInfAndSts>` +
    `${opts.extra ?? ''}</CstmrPmtStsRpt></Document>`
  );
}

const V10 = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.10';
const V03 = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';

const mixed = report(V10, {
  txs: [
    { e2e: 'REE-2026-000001', status: 'ACSC' },
    { e2e: 'REE-2026-000002', status: 'RJCT', reason: 'AC04', text: 'Cuenta cerrada' },
    { e2e: 'REE-2026-000003', status: 'PDNG' },
  ],
});
const dkRejection = report(V03, { pmtSts: 'RJCT', dk: true, txs: [{ e2e: 'REE-2026-000002', status: 'RJCT', reason: 'AC04' }] });

describe.skipIf(interopMissing)('the reports the tests read are valid first', () => {
  it('v10 against pain.002.001.10, v03 against the German banks’ variant', () => {
    expect(schemaErrors(mixed, 'pain.002.001.10.xsd')).toBeNull();
    expect(schemaErrors(dkRejection, 'pain.002.001.03_DK-variant.xsd')).toBeNull();
  });
});

describe('reading a status report', () => {
  it('reads ids, statuses, reasons (v10)', () => {
    const r = readStatusReport(mixed);
    expect(r).toMatchObject({ version: '001.001.10', messageId: 'BANK-RPT-1', originalMessageId: 'PR-2026-000042', warnings: [] });
    expect(r.paymentInformation).toEqual([{ paymentInformationId: 'PR-2026-000042-002', status: null, reason: { code: null, text: null } }]);
    expect(r.transactions).toEqual([
      { paymentInformationId: 'PR-2026-000042-002', endToEndId: 'REE-2026-000001', status: 'ACSC', reason: { code: null, text: null } },
      { paymentInformationId: 'PR-2026-000042-002', endToEndId: 'REE-2026-000002', status: 'RJCT', reason: { code: 'AC04', text: 'Cuenta cerrada' } },
      { paymentInformationId: 'PR-2026-000042-002', endToEndId: 'REE-2026-000003', status: 'PDNG', reason: { code: null, text: null } },
    ]);
  });

  it('reads v03 (the German variant) and a transaction without its own status takes its group’s', () => {
    const r = readStatusReport(dkRejection);
    expect(r.version).toBe('001.001.03');
    expect(r.transactions).toMatchObject([{ endToEndId: 'REE-2026-000002', status: 'RJCT', reason: { code: 'AC04' } }]);
    const inherited = readStatusReport(report(V03, { pmtSts: 'RJCT', txs: [{ e2e: 'REE-2026-000009' }] }));
    expect(inherited.transactions[0]!.status).toBe('RJCT');
  });

  it('warns, without refusing, about what the schema would refuse', () => {
    const sloppy = report('urn:iso:std:iso:20022:tech:xsd:pain.002.001.3', {
      nameId: null,
      txs: [{ e2e: 'REE-2026-000001', status: 'ACSC', reason: 'NARRATIVE', text: 'x'.repeat(106) }, { e2e: 'REE-2026-000002', status: 'OKAY' }],
      extra: '<BankSpecific><Branch>12</Branch></BankSpecific>',
    });
    if (!interopMissing) expect(schemaErrors(sloppy, 'pain.002.001.10.xsd')).not.toBeNull();
    const r = readStatusReport(sloppy);
    expect(r.transactions.map((t) => t.status)).toEqual(['ACSC', 'OKAY']);
    expect(r.warnings).toEqual([
      'namespace: "urn:iso:std:iso:20022:tech:xsd:pain.002.001.3" is not pain.002.001.10 or pain.002.001.03',
      'unknownElement: CstmrPmtStsRpt/BankSpecific',
      'missing: OrgnlGrpInfAndSts/OrgnlMsgNmId',
      'reasonCode: OrgnlPmtInfAndSts[1]/TxInfAndSts[1] "NARRATIVE" is not a 1–4 character code',
      'reasonText: OrgnlPmtInfAndSts[1]/TxInfAndSts[1] longer than 105 characters',
      'status: OrgnlPmtInfAndSts[1]/TxInfAndSts[2]/TxSts "OKAY" is not a known status code',
    ]);
  });

  it('reads a report written with a namespace prefix', () => {
    const prefixed = mixed.replace(`<Document xmlns="${V10}">`, `<p:Document xmlns:p="${V10}">`).replace(/<(\/?)(?!\?)(?!p:Document)([A-Za-z])/g, '<$1p:$2').replace('</p:Document>', '</p:Document>');
    const r = readStatusReport(prefixed);
    expect(r.version).toBe('001.001.10');
    expect(r.transactions).toHaveLength(3);
  });

  it.each([
    ['not XML', '<Document><CstmrPmtStsRpt>', 'statusReport.notXml'],
    ['another message', '<Document xmlns="urn:x"><CstmrCdtTrfInitn/></Document>', 'statusReport.notPain002'],
    ['no original message id', mixed.replace(/<OrgnlMsgId>[^<]*<\/OrgnlMsgId>/, ''), 'statusReport.noOriginalMessageId'],
    ['a transaction without end-to-end id', mixed.replace('<OrgnlEndToEndId>REE-2026-000003</OrgnlEndToEndId>', ''), 'statusReport.noEndToEndId'],
    ['a transaction without any status', report(V10, { txs: [{ e2e: 'REE-1' }] }), 'statusReport.noStatus'],
    ['a DOCTYPE (entity expansion)', `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]>${mixed.slice(38)}`, 'statusReport.doctype'],
  ])('refuses %s', (_name, xml, code) => {
    expect(() => readStatusReport(xml)).toThrow(StatusReportError);
    try {
      readStatusReport(xml);
    } catch (error) {
      expect((error as StatusReportError).code).toBe(code);
    }
  });
});
