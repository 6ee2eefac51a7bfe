import { useId } from 'react';
import { useIntl } from 'react-intl';
import { fieldMessage, type FieldRule } from '../../i18n/form-messages.ts';

interface Props {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  defaultValue?: string;
  error?: FieldRule;
}

/** A required text field of the public forms, with its error in the user's language under it. */
export function AuthField({ name, label, type = 'text', autoComplete, autoFocus, defaultValue, error }: Props) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>
        <bdi>{label}</bdi>
        <span className="ui-required" aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        name={name}
        dir="auto"
        type={type}
        className="ui-input"
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        aria-required="true"
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="ui-field-error">
          <bdi>{fieldMessage(intl, label, error)}</bdi>
        </p>
      )}
    </div>
  );
}
