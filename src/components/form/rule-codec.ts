import type { FieldRule } from '../../i18n/form-messages.ts';

/** A field error as react-hook-form keeps it; the rule is translated when shown, so it follows the language. */
export const encodeRule = (rule: FieldRule) => ({ type: rule.keyword, message: JSON.stringify(rule.params ?? {}) });
export const decodeRule = (error: { type: string; message?: string }): FieldRule => ({ keyword: error.type, params: JSON.parse(error.message || '{}') });
