import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isKnownBankStatus } from '@core/payments/status.ts';

/**
 * A tolerant reader of the bank's Payment Status Report (pain.002, versions 001.001.10 and 001.001.03).
 * Banks' reports seldom validate against ISO's schema (extra elements, national variants, a namespace
 * written wrongly), so what the schema would refuse becomes a warning; only what the match needs
 * (the original message id, and per transaction its end-to-end id and a status) refuses the report.
 * Here, not in core/, because it parses XML with fast-xml-parser, which only the server bundles.
 */
export interface ReasonInfo {
  code: string | null;
  text: string | null;
}

export interface ReportedTransaction {
  /** The payment information the transaction was listed under, when it was. */
  paymentInformationId: string | null;
  endToEndId: string;
  status: string;
  reason: ReasonInfo;
}

export interface ReportedPaymentInformation {
  paymentInformationId: string;
  status: string | null;
  reason: ReasonInfo;
}

export interface StatusReport {
  version: '001.001.10' | '001.001.03' | null;
  messageId: string | null;
  originalMessageId: string;
  groupStatus: string | null;
  groupReason: ReasonInfo;
  paymentInformation: ReportedPaymentInformation[];
  transactions: ReportedTransaction[];
  warnings: string[];
}

export class StatusReportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StatusReportError';
  }
}

const NAMESPACES: Record<string, StatusReport['version']> = {
  'urn:iso:std:iso:20022:tech:xsd:pain.002.001.10': '001.001.10',
  'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03': '001.001.03',
};

/** Children the schema allows, in either version; anything else is a warning. */
const KNOWN_CHILDREN: Record<string, readonly string[]> = {
  CstmrPmtStsRpt: ['GrpHdr', 'OrgnlGrpInfAndSts', 'OrgnlPmtInfAndSts', 'SplmtryData'],
  GrpHdr: ['MsgId', 'CreDtTm', 'InitgPty', 'FwdgAgt', 'DbtrAgt', 'CdtrAgt'],
  OrgnlGrpInfAndSts: ['OrgnlMsgId', 'OrgnlMsgNmId', 'OrgnlCreDtTm', 'OrgnlNbOfTxs', 'OrgnlCtrlSum', 'GrpSts', 'StsRsnInf', 'NbOfTxsPerSts'],
  OrgnlPmtInfAndSts: ['OrgnlPmtInfId', 'OrgnlNbOfTxs', 'OrgnlCtrlSum', 'PmtInfSts', 'StsRsnInf', 'NbOfTxsPerSts', 'TxInfAndSts'],
  TxInfAndSts: ['StsId', 'OrgnlInstrId', 'OrgnlEndToEndId', 'OrgnlUETR', 'TxSts', 'StsRsnInf', 'ChrgsInf', 'AccptncDtTm', 'AcctSvcrRef', 'ClrSysRef', 'OrgnlTxRef', 'SplmtryData'],
};

const ARRAYS = new Set(['OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf', 'AddtlInf']);

type Node = Record<string, unknown>;

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (value && typeof value === 'object' && '#text' in value) return text((value as Node)['#text']);
  return null;
}

function node(value: unknown): Node | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;
}

function list(value: unknown): Node[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(node).filter((n): n is Node => n !== null);
}

function unknownChildren(n: Node, name: string, path: string, warnings: string[]): void {
  const known = KNOWN_CHILDREN[name] ?? [];
  for (const key of Object.keys(n)) {
    if (!key.startsWith('@_') && key !== '#text' && !known.includes(key)) warnings.push(`unknownElement: ${path}/${key}`);
  }
}

function reason(n: Node, path: string, warnings: string[]): ReasonInfo {
  const first = list(n.StsRsnInf)[0];
  if (!first) return { code: null, text: null };
  const rsn = node(first.Rsn);
  const code = text(rsn?.Cd) ?? text(rsn?.Prtry);
  if (code && text(rsn?.Cd) && !/^[A-Za-z0-9]{1,4}$/.test(code)) warnings.push(`reasonCode: ${path} "${code}" is not a 1–4 character code`);
  const lines = (Array.isArray(first.AddtlInf) ? first.AddtlInf : []).map(text).filter((t): t is string => t !== null);
  for (const line of lines) if (line.length > 105) warnings.push(`reasonText: ${path} longer than 105 characters`);
  return { code, text: lines.length ? lines.join(' ') : null };
}

function status(value: unknown, path: string, warnings: string[]): string | null {
  const code = text(value);
  if (code && !isKnownBankStatus(code)) warnings.push(`status: ${path} "${code}" is not a known status code`);
  return code;
}

/** The root element's namespace, read from the text: the parser drops prefixes and xmlns attributes. */
function rootNamespace(xml: string): string | null {
  const root = /<([A-Za-z_][\w.-]*:)?Document\b([^>]*)>/.exec(xml);
  if (!root) return null;
  const prefix = root[1] ? root[1].slice(0, -1) : null;
  const attr = new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(root[2] ?? '');
  return attr ? attr[1]!.trim() : null;
}

export function readStatusReport(xml: string): StatusReport {
  if (/<!DOCTYPE/i.test(xml)) throw new StatusReportError('statusReport.doctype', 'a status report may not declare a DOCTYPE');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new StatusReportError('statusReport.notXml', `not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const warnings: string[] = [];
  const namespace = rootNamespace(xml);
  let version = namespace ? (NAMESPACES[namespace] ?? null) : null;
  if (!version) warnings.push(`namespace: ${namespace ? `"${namespace}"` : 'none'} is not pain.002.001.10 or pain.002.001.03`);
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    parseTagValue: false,
    processEntities: false,
    isArray: (name) => ARRAYS.has(name),
  });
  const doc = node(node(parser.parse(xml))?.Document);
  const report = node(doc?.CstmrPmtStsRpt);
  if (!report) throw new StatusReportError('statusReport.notPain002', 'no Document/CstmrPmtStsRpt: not a payment status report');
  unknownChildren(report, 'CstmrPmtStsRpt', 'CstmrPmtStsRpt', warnings);
  const header = node(report.GrpHdr);
  if (header) unknownChildren(header, 'GrpHdr', 'GrpHdr', warnings);
  const messageId = text(header?.MsgId);
  if (!messageId) warnings.push('missing: GrpHdr/MsgId');
  if (!text(header?.CreDtTm)) warnings.push('missing: GrpHdr/CreDtTm');
  const group = node(report.OrgnlGrpInfAndSts);
  const originalMessageId = text(group?.OrgnlMsgId);
  if (!group || !originalMessageId) throw new StatusReportError('statusReport.noOriginalMessageId', 'OrgnlGrpInfAndSts/OrgnlMsgId is missing: the report names no payment file');
  unknownChildren(group, 'OrgnlGrpInfAndSts', 'OrgnlGrpInfAndSts', warnings);
  const nameId = text(group.OrgnlMsgNmId);
  if (!nameId) warnings.push('missing: OrgnlGrpInfAndSts/OrgnlMsgNmId');
  else if (!/^pain\.001\.001\.\d\d$/.test(nameId)) warnings.push(`originalMessageName: "${nameId}" is not a pain.001 message`);
  if (!version && xml.includes('OrgnlUETR')) version = '001.001.10';

  const paymentInformation: ReportedPaymentInformation[] = [];
  const transactions: ReportedTransaction[] = [];
  list(report.OrgnlPmtInfAndSts).forEach((pmt, p) => {
    const path = `OrgnlPmtInfAndSts[${p + 1}]`;
    unknownChildren(pmt, 'OrgnlPmtInfAndSts', path, warnings);
    const paymentInformationId = text(pmt.OrgnlPmtInfId);
    if (!paymentInformationId) throw new StatusReportError('statusReport.noPaymentInformationId', `${path}/OrgnlPmtInfId is missing`);
    paymentInformation.push({ paymentInformationId, status: status(pmt.PmtInfSts, `${path}/PmtInfSts`, warnings), reason: reason(pmt, path, warnings) });
    list(pmt.TxInfAndSts).forEach((tx, t) => {
      const txPath = `${path}/TxInfAndSts[${t + 1}]`;
      unknownChildren(tx, 'TxInfAndSts', txPath, warnings);
      const endToEndId = text(tx.OrgnlEndToEndId);
      if (!endToEndId) throw new StatusReportError('statusReport.noEndToEndId', `${txPath}/OrgnlEndToEndId is missing`);
      // A transaction without its own status takes its payment information's (banks leave it out when they are equal).
      const txStatus = status(tx.TxSts, `${txPath}/TxSts`, warnings) ?? paymentInformation.at(-1)!.status;
      if (!txStatus) throw new StatusReportError('statusReport.noStatus', `${txPath} has no status`);
      transactions.push({ paymentInformationId, endToEndId, status: txStatus, reason: reason(tx, txPath, warnings) });
    });
  });
  return {
    version,
    messageId,
    originalMessageId,
    groupStatus: status(group.GrpSts, 'OrgnlGrpInfAndSts/GrpSts', warnings),
    groupReason: reason(group, 'OrgnlGrpInfAndSts', warnings),
    paymentInformation,
    transactions,
    warnings,
  };
}
