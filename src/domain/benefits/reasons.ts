import type { LocalizedText } from './procedures.ts';

/**
 * Rejection reason codes (research 2.7, adapted from openIMIS + dental), each with a one-line
 * Spanish and English description. The engine produces 01, 03, 04, 05, 06, 07, 09, 16, 17, 30, 31,
 * 33, 35 and 37; 32, 34 and 36 are decided by people or workflows (documents, preauthorization,
 * provider) and are listed so every screen reads one catalog.
 */
export const REJECTION_REASONS = {
  '01': { es: 'Procedimiento no cubierto o inválido', en: 'Procedure not covered or invalid' },
  '03': { es: 'Sin plan o cobertura para el procedimiento', en: 'No plan or coverage for the procedure' },
  '04': { es: 'Limitación por edad o categoría', en: 'Age or category limitation' },
  '05': { es: 'Frecuencia excedida', en: 'Frequency limit exceeded' },
  '06': { es: 'Duplicado', en: 'Duplicate' },
  '07': { es: 'Paciente o póliza no vigente', en: 'Patient or policy not in force' },
  '09': { es: 'Fechas inválidas', en: 'Invalid dates' },
  '16': { es: 'La cantidad excede el límite del período', en: 'Quantity exceeds the limit for the period' },
  '17': { es: 'Período de carencia no cumplido', en: 'Waiting period not met' },
  '30': { es: 'Máximo anual agotado', en: 'Annual maximum exhausted' },
  '31': { es: 'Tope vitalicio de ortodoncia agotado', en: 'Orthodontic lifetime maximum exhausted' },
  '32': { es: 'Documentación incompleta (no subsanada)', en: 'Incomplete documentation (not cured)' },
  '33': { es: 'Presentado fuera de plazo', en: 'Filed after the deadline' },
  '34': { es: 'Requiere preautorización', en: 'Prior authorization required' },
  '35': { es: 'Exclusión de la póliza (estético, etc.)', en: 'Excluded by the policy (cosmetic, etc.)' },
  '36': { es: 'Prestador no habilitado', en: 'Provider not authorized' },
  '37': { es: 'Factura inválida', en: 'Invalid invoice' },
} as const satisfies Readonly<Record<string, LocalizedText>>;

export type RejectionCode = keyof typeof REJECTION_REASONS;

/** All codes in ascending order (object key order would put "16"… before "01"). */
export const REJECTION_CODES: readonly RejectionCode[] = (Object.keys(REJECTION_REASONS) as RejectionCode[]).sort();

export function isRejectionCode(value: unknown): value is RejectionCode {
  return typeof value === 'string' && Object.hasOwn(REJECTION_REASONS, value);
}
