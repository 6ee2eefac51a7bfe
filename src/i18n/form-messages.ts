import type { IntlShape } from 'react-intl';

/** A rule a field broke, as the contract's validators (browser Ajv or the server's 400) name it. */
export interface FieldRule {
  keyword: string;
  params?: Record<string, unknown>;
}

const FORMAT_TYPES: Record<string, string> = { email: 'form.types.email', uri: 'form.types.url' };

/**
 * The form message pack: the specification's Spanish defaults, translated in every catalog. A `choice` (a select, a
 * picker) left empty asks to choose ("Seleccione {label}"), a text field to enter ("Por favor ingresar {label}").
 */
export function fieldMessage(intl: IntlShape, label: string, rule: FieldRule, { choice = false } = {}): string {
  const p = rule.params ?? {};
  const t = (id: string, values: Record<string, unknown> = {}) => intl.formatMessage({ id }, { label, ...values } as Record<string, string>);
  const required = choice ? 'form.requiredChoice' : 'form.required';
  switch (rule.keyword) {
    case 'required':
      return t(required);
    case 'minLength':
      return Number(p.limit) === 1 ? t(required) : t('form.string.min', { min: p.limit });
    case 'maxLength':
      return t('form.string.max', { max: p.limit });
    case 'minimum':
      return t('form.number.min', { min: p.limit });
    case 'maximum':
      return t('form.number.max', { max: p.limit });
    case 'minItems':
      return t('form.array.min', { min: p.limit });
    case 'maxItems':
      return t('form.array.max', { max: p.limit });
    case 'pattern':
      return p.pattern === '\\S' ? t('form.whitespace') : t('form.pattern');
    case 'enum':
      return t('form.enum', { enum: (p.allowedValues as unknown[] | undefined)?.join(', ') ?? '' });
    case 'format':
      return t('form.type', { type: intl.formatMessage({ id: FORMAT_TYPES[String(p.format)] ?? 'form.types.string' }) });
    case 'type':
      return t('form.type', { type: intl.formatMessage({ id: `form.types.${String(p.type).split(',')[0]}`, defaultMessage: String(p.type) }) });
    case 'unique':
      return t('form.unique');
    case 'workflow': {
      // A statechart's rule about this field: its guard's catalog text (machine.<machine id>.guard.<guard>) says it.
      const id = `machine.${String(p.rule ?? '').split('.')[0]}.guard.${String(p.guard ?? '')}`;
      return intl.messages[id] ? intl.formatMessage({ id }) : intl.formatMessage({ id: 'form.default' });
    }
    default:
      // A rule of the server's own (`unknownRole`, `wrongPassword`…) has its sentence under `form.rule.<keyword>`.
      return intl.messages[`form.rule.${rule.keyword}`] ? t(`form.rule.${rule.keyword}`) : intl.formatMessage({ id: 'form.default' });
  }
}

/** Text for an error code from the server or the session machine, falling back to the raw text. */
export function codeMessage(intl: IntlShape, code: string | null | undefined): string {
  if (!code) return intl.formatMessage({ id: 'error.generic' });
  const id = `code.${code}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : code;
}
