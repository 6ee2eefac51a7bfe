import fs from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../../src/i18n/form-messages.ts';

const catalog = (locale: string) => JSON.parse(fs.readFileSync(`src/i18n/messages/${locale}.json`, 'utf8')) as Record<string, string>;

// Issue 28, item 17: an empty select asks to choose ("Seleccione Prioridad"), not to enter ("Por favor ingresar …").
describe('the required message of a field', () => {
  it.each(['es', 'en', 'fr', 'zh', 'ja'])('%s: asks to choose in a select and to enter in a text field', (locale) => {
    const intl = createIntl({ locale, messages: catalog(locale) });
    const label = locale === 'es' ? 'Prioridad' : 'X';
    for (const rule of [{ keyword: 'required' }, { keyword: 'minLength', params: { limit: 1 } }]) {
      expect(fieldMessage(intl, label, rule, { choice: true })).toBe(intl.formatMessage({ id: 'form.requiredChoice' }, { label }));
      expect(fieldMessage(intl, label, rule)).toBe(intl.formatMessage({ id: 'form.required' }, { label }));
    }
    expect(intl.formatMessage({ id: 'form.requiredChoice' }, { label })).not.toBe(intl.formatMessage({ id: 'form.required' }, { label }));
  });

  it('says it in the Spanish the issue asks for', () => {
    const intl = createIntl({ locale: 'es', messages: catalog('es') });
    expect(fieldMessage(intl, 'Prioridad', { keyword: 'required' }, { choice: true })).toBe('Seleccione Prioridad');
  });
});
