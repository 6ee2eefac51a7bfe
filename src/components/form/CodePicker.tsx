import { forwardRef, useMemo, type SelectHTMLAttributes } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { displayName, pickerCodes } from './display-names.ts';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { kind: 'region' | 'currency'; value?: string };

/**
 * A country or currency by its name in the user's language, sorted by that name; the data keeps the
 * ISO code. A code the list does not know (old data) is still offered, so nothing is lost on save.
 */
const CodePicker = forwardRef<HTMLSelectElement, Props>(function CodePicker({ kind, value, ...props }, ref) {
  const intl = useIntl();
  const options = useMemo(() => {
    const codes = pickerCodes(kind);
    const all = value && !codes.includes(value) ? [...codes, value] : codes;
    const collator = new Intl.Collator(intl.locale);
    return all.map((code) => ({ code, name: displayName(intl.locale, kind, code) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [kind, value, intl.locale]);
  return (
    <NativeSelect.Root>
      <NativeSelect.Field ref={ref} value={value} {...props}>
        <option value="">{intl.formatMessage({ id: 'form.choose' })}</option>
        {options.map(({ code, name }) => (
          <option key={code} value={code}>
            {name === code ? code : `${name} (${code})`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});

export const CountryPicker = forwardRef<HTMLSelectElement, Omit<Props, 'kind'>>((props, ref) => <CodePicker ref={ref} kind="region" {...props} />);
export const CurrencyPicker = forwardRef<HTMLSelectElement, Omit<Props, 'kind'>>((props, ref) => <CodePicker ref={ref} kind="currency" {...props} />);
