/**
 * The CDT-style procedure catalog: codes are `D` + 4 digits, the benefit category follows from the
 * code range (research 1.3), and R19 says which codes need a tooth (FDI notation).
 */

export const CATEGORIES = ['DIAGNOSTIC', 'PREVENTIVE', 'BASIC', 'MAJOR', 'ORTHODONTIC'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LocalizedText {
  readonly es: string;
  readonly en: string;
}

export interface ProcedureInfo {
  readonly code: string;
  readonly category: Category;
  readonly requiresTooth: boolean;
  /** Present for the named common codes of `PROCEDURE_CATALOG`. */
  readonly description?: LocalizedText;
}

const CODE = /^D\d{4}$/;

/**
 * Category of a code by range, or null when the code is malformed or outside every CDT range
 * (D0000–D0099 is unassigned). D0 diagnostic, D1 preventive, D2 restorative BASIC except crowns
 * D27xx MAJOR, D3 endodontics BASIC, D4 periodontics BASIC, D5 removable prosthodontics MAJOR,
 * D6 implants / fixed prosthodontics MAJOR, D7 oral surgery BASIC, D8 ORTHODONTIC, D9 adjunctive BASIC.
 */
export function categoryOf(code: string): Category | null {
  if (typeof code !== 'string' || !CODE.test(code)) return null;
  const n = Number(code.slice(1));
  if (n < 100) return null;
  switch (code[1]) {
    case '0':
      return 'DIAGNOSTIC';
    case '1':
      return 'PREVENTIVE';
    case '2':
      return code[2] === '7' ? 'MAJOR' : 'BASIC';
    case '5':
    case '6':
      return 'MAJOR';
    case '8':
      return 'ORTHODONTIC';
    default: // D3, D4, D7, D9
      return 'BASIC';
  }
}

/** True for a well-formed code (`D` + 4 digits) inside a known CDT range. */
export function isValidProcedureCode(code: string): boolean {
  return categoryOf(code) !== null;
}

/**
 * R19: restorative (D2xxx, crowns D27xx included), endodontics (D3xxx), extractions (D71xx, D72xx)
 * and implants (D60xx) need a tooth. False for malformed codes.
 */
export function requiresTooth(code: string): boolean {
  if (!isValidProcedureCode(code)) return false;
  return code[1] === '2' || code[1] === '3' || code.startsWith('D71') || code.startsWith('D72') || code.startsWith('D60');
}

/** What the engine needs to know of a code: its benefit category and whether a line names a tooth (R19). */
export interface ProcedureClass {
  readonly category: Category;
  readonly requiresTooth: boolean;
}

/** How the engine classifies a code; null refuses it (reason 01). */
export type ProcedureLookup = (code: string) => ProcedureClass | null;

/** The CDT ranges alone: the category by range, R19 by range. */
export const rangeLookup: ProcedureLookup = (code) => {
  const category = categoryOf(code);
  return category === null ? null : { category, requiresTooth: requiresTooth(code) };
};

/** One code of the editable procedure catalog (Configuraciones). */
export interface CatalogProcedure extends ProcedureClass {
  readonly code: string;
  readonly active: boolean;
}

/**
 * A code the catalog lists is classified as the catalog says (refused while inactive); any other
 * well-formed code keeps its CDT range, so a catalog of common codes never narrows what is accepted.
 */
export function catalogLookup(entries: readonly CatalogProcedure[]): ProcedureLookup {
  const byCode = new Map(entries.map((entry) => [entry.code, entry]));
  return (code) => {
    const entry = byCode.get(code);
    if (!entry) return rangeLookup(code);
    return entry.active && isValidProcedureCode(code) ? { category: entry.category, requiresTooth: entry.requiresTooth } : null;
  };
}

/** FDI permanent teeth 11–18, 21–28, 31–38, 41–48. */
export function isPermanentTooth(tooth: number): boolean {
  const quadrant = Math.floor(tooth / 10);
  const position = tooth % 10;
  return Number.isInteger(tooth) && quadrant >= 1 && quadrant <= 4 && position >= 1 && position <= 8;
}

/** FDI primary teeth 51–55, 61–65, 71–75, 81–85. */
export function isPrimaryTooth(tooth: number): boolean {
  const quadrant = Math.floor(tooth / 10);
  const position = tooth % 10;
  return Number.isInteger(tooth) && quadrant >= 5 && quadrant <= 8 && position >= 1 && position <= 5;
}

/**
 * The FDI number of a tooth given as a number (`16`) or a two-digit string (`'16'`), or null when
 * it is not a valid permanent or primary tooth.
 */
export function normalizeTooth(tooth: number | string | null | undefined): number | null {
  let n: number;
  if (typeof tooth === 'number') n = tooth;
  else if (typeof tooth === 'string' && /^\d{2}$/.test(tooth)) n = Number(tooth);
  else return null;
  return isPermanentTooth(n) || isPrimaryTooth(n) ? n : null;
}

/** True for an FDI tooth number, permanent (11–48) or primary (51–85), as a number or a 2-digit string. */
export function isValidTooth(tooth: number | string | null | undefined): boolean {
  return normalizeTooth(tooth) !== null;
}

/** The twelve permanent molars (FDI), the teeth sealants are covered on by default (R6). */
export const PERMANENT_MOLARS: readonly number[] = [16, 17, 18, 26, 27, 28, 36, 37, 38, 46, 47, 48];

const NAMED: ReadonlyArray<readonly [code: string, es: string, en: string]> = [
  ['D0120', 'Evaluación oral periódica', 'Periodic oral evaluation'],
  ['D0150', 'Evaluación oral completa', 'Comprehensive oral evaluation'],
  ['D0210', 'Serie radiográfica completa', 'Full-mouth series of radiographs'],
  ['D0274', 'Aletas de mordida, cuatro placas', 'Bitewings, four radiographic images'],
  ['D0330', 'Radiografía panorámica', 'Panoramic radiographic image'],
  ['D1110', 'Profilaxis, adulto', 'Prophylaxis, adult'],
  ['D1120', 'Profilaxis, niño', 'Prophylaxis, child'],
  ['D1206', 'Barniz de flúor', 'Topical fluoride varnish'],
  ['D1208', 'Aplicación tópica de flúor', 'Topical application of fluoride'],
  ['D1351', 'Sellante, por pieza', 'Sealant, per tooth'],
  ['D2140', 'Amalgama, una superficie', 'Amalgam, one surface'],
  ['D2330', 'Resina, una superficie, anterior', 'Resin-based composite, one surface, anterior'],
  ['D2391', 'Resina, una superficie, posterior', 'Resin-based composite, one surface, posterior'],
  ['D2740', 'Corona de porcelana/cerámica', 'Crown, porcelain/ceramic'],
  ['D3310', 'Endodoncia, pieza anterior', 'Endodontic therapy, anterior tooth'],
  ['D3330', 'Endodoncia, molar', 'Endodontic therapy, molar'],
  ['D4341', 'Raspado y alisado radicular, 4 o más piezas por cuadrante', 'Periodontal scaling and root planing, four or more teeth per quadrant'],
  ['D5110', 'Prótesis completa superior', 'Complete denture, maxillary'],
  ['D6010', 'Implante endóseo, colocación quirúrgica', 'Surgical placement of implant body, endosteal'],
  ['D7140', 'Extracción de pieza erupcionada o raíz expuesta', 'Extraction, erupted tooth or exposed root'],
  ['D8070', 'Ortodoncia integral, dentición de transición', 'Comprehensive orthodontic treatment, transitional dentition'],
  ['D8080', 'Ortodoncia integral, dentición adolescente', 'Comprehensive orthodontic treatment, adolescent dentition'],
  ['D8090', 'Ortodoncia integral, dentición adulta', 'Comprehensive orthodontic treatment, adult dentition'],
];

/** The common codes the panel offers by name, with their category, tooth requirement and es/en names. */
export const PROCEDURE_CATALOG: readonly ProcedureInfo[] = NAMED.map(([code, es, en]) => ({
  code,
  category: categoryOf(code) as Category,
  requiresTooth: requiresTooth(code),
  description: { es, en },
}));

const BY_CODE: ReadonlyMap<string, ProcedureInfo> = new Map(PROCEDURE_CATALOG.map((p) => [p.code, p]));

/** Category, tooth requirement and (for named codes) description of any valid code; null if invalid. */
export function procedureInfo(code: string): ProcedureInfo | null {
  const named = BY_CODE.get(code);
  if (named) return named;
  const category = categoryOf(code);
  return category === null ? null : { code, category, requiresTooth: requiresTooth(code) };
}
