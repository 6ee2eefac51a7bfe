import type { IntlShape } from 'react-intl';

/**
 * How the export form names a list's filters and their values, as the list's own screen does ("Orden: Nombre",
 * not "sort: name"): the filter by its label, a choice by its label, a sort by its columns' headings, a day in the
 * medium date style, yes/no for a flag. `own` is the catalog prefix of the list (its resource).
 */
export function filterLabels(intl: IntlShape, own: string) {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const named = (...ids: string[]) => ids.map((id) => (intl.messages[id] ? t(id) : null)).find(Boolean);
  const fieldName = (field: string) => named(`${own}.field.${field}`, `downloads.columnLabel.${field}`, `downloads.sortField.${field}`) ?? field;
  // "Nombre (descendente) y Código", "名前（降順）、コード": the language's own list.
  const sortLabel = (sort: string) =>
    intl.formatList(
      sort
        .split(',')
        .filter(Boolean)
        .map((key) => (key.startsWith('-') ? t('downloads.filters.descending', { field: fieldName(key.slice(1)) }) : fieldName(key))),
      { type: 'conjunction' },
    );
  return {
    name: (name: string) => named(`${own}.filter.${name}`, `downloads.filters.${name}`) ?? name,
    value(name: string, value: string) {
      if (name === 'sort') return sortLabel(value);
      // As the list's filter shows its choice (FilterSelect's `<resource>.<name>.<value>`).
      const choice = named(`${own}.${name}.${value}`);
      if (choice) return choice;
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return intl.formatDate(`${value}T00:00:00`, { dateStyle: 'medium' });
      if (value === 'true' || value === 'false') return t(value === 'true' ? 'common.yes' : 'common.no');
      return value;
    },
  };
}
