import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fieldMessage } from '../../i18n/form-messages.ts';
import { decodeRule } from './rule-codec.ts';

interface Props {
  label: string;
  error?: { type: string; message?: string };
  required?: boolean;
  helper?: ReactNode;
  /** The label's id, for a custom input that names itself with aria-labelledby (the rich-text region). */
  labelId?: string;
  /** A field one chooses in (a select, a picker): left empty, it asks to choose rather than to enter. */
  choice?: boolean;
  children: ReactNode;
}

/** A labelled field with its error, in the user's language, right under it; label, help and error keep their own direction. */
export function FormField({ label, error, required, helper, labelId, choice, children }: Props) {
  const intl = useIntl();
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label id={labelId}>
        <bdi>{label}</bdi>
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helper && !error && (
        <Field.HelperText>
          <bdi>{helper}</bdi>
        </Field.HelperText>
      )}
      {/* Chakra's fg.error (red.500) has a 3.8:1 contrast on white; red.700 meets WCAG AA's 4.5:1 for this small text. */}
      {error && (
        <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>
          <bdi>{fieldMessage(intl, label, decodeRule(error), { choice })}</bdi>
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
