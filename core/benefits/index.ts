/**
 * The benefit engine: pure functions shared by the server and the browser (no I/O, no Node APIs).
 * Money is integer cents, percentages integers 0–100, dates `YYYY-MM-DD` strings.
 */
export { BenefitInputError } from './errors.ts';
export { currencyExponent, isCurrencyCode, majorToMinor, minorPerMajor, minorToMajor } from './currency.ts';
export { MAX_CENTS, assertCents, assertPercent, isCents, isPercent, percentOf } from './money.ts';
export {
  addDays,
  addMonths,
  ageOn,
  benefitYearEnd,
  benefitYearStart,
  compareDates,
  daysBetween,
  daysInMonth,
  firstDayOfNextMonth,
  isIsoDate,
  isLeapYear,
  type BenefitYearKind,
  type IsoDate,
} from './dates.ts';
export {
  CATEGORIES,
  PERMANENT_MOLARS,
  PROCEDURE_CATALOG,
  catalogLookup,
  categoryOf,
  rangeLookup,
  isPermanentTooth,
  isPrimaryTooth,
  isValidProcedureCode,
  isValidTooth,
  normalizeTooth,
  procedureInfo,
  requiresTooth,
  type Category,
  type CatalogProcedure,
  type LocalizedText,
  type ProcedureClass,
  type ProcedureInfo,
  type ProcedureLookup,
} from './procedures.ts';
export { REJECTION_CODES, isRejectionCode, reasonTextId, type RejectionCode } from './reasons.ts';
export {
  DEFAULT_FREQUENCIES,
  DEFAULT_RULES,
  MONTHS_PER_PERIOD,
  resolveRules,
  validateRules,
  type BenefitRules,
  type BenefitRulesOverride,
  type DeductibleRules,
  type FrequencyPeriod,
  type FrequencyRule,
  type InstallmentFrequency,
  type OrthodonticRules,
  type WaitingPeriodRules,
} from './rules.ts';
export {
  EMPTY_YEAR_USAGE,
  NO_USAGE,
  liquidate,
  type BenefitUsage,
  type Claim,
  type ClaimFacts,
  type ClaimLine,
  type ClaimType,
  type CoveragePeriod,
  type HistoryLine,
  type LineLiquidation,
  type LineStatus,
  type Liquidation,
  type LiquidationTotals,
  type YearUsage,
} from './liquidate.ts';
export { runningWaitingPeriods, waitingPeriodEnd, type WaitingFacts } from './waiting-periods.ts';
export {
  orthodonticInstallmentDue,
  orthodonticSchedule,
  orthodonticScheduleInput,
  type InstallmentDueInput,
  type InstallmentDueOutcome,
  type InstallmentStatus,
  type OrthodonticInstallment,
  type OrthodonticSchedule,
  type OrthodonticScheduleInput,
} from './orthodontic.ts';
