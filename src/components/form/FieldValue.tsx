import { Badge } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { displayName } from './display-names.ts';
import { widgetOf, type FieldSpec, type Widget } from './field-spec.ts';

interface Props {
  resource: string;
  name: string;
  spec: FieldSpec;
  widget?: Widget;
  value: unknown;
}

/**
 * A field's value as text in the user's language, isolated (`<bdi>`) so that data keeps its own
 * direction inside a right-to-left page (a date stays "22 nov 2026", a name keeps its final period).
 */
export function FieldValue({ resource, name, spec, widget, value }: Props) {
  const intl = useIntl();
  if (value == null || value === '') return null;
  const kind = widgetOf(spec, widget);
  if (kind === 'checkbox') {
    const id = `${resource}.${name}.${String(Boolean(value))}`;
    return <Badge colorPalette={value ? 'green' : 'gray'}>{intl.messages[id] ? intl.formatMessage({ id }) : intl.formatMessage({ id: value ? 'common.yes' : 'common.no' })}</Badge>;
  }
  let text = String(value);
  if (kind === 'datetime') text = intl.formatDate(String(value), { dateStyle: 'medium' });
  else if (kind === 'date') text = intl.formatDate(`${String(value)}T00:00:00`, { dateStyle: 'medium' });
  else if (kind === 'integer') text = intl.formatNumber(Number(value));
  else if (kind === 'select' && intl.messages[`${resource}.${name}.${text}`]) text = intl.formatMessage({ id: `${resource}.${name}.${text}` });
  else if (kind === 'country' || kind === 'currency') {
    const name = displayName(intl.locale, kind === 'country' ? 'region' : 'currency', String(value));
    text = name === value ? String(value) : `${name} (${String(value)})`;
  }
  return <bdi>{text}</bdi>;
}
