import { useIntl } from 'react-intl';

/** The primary button of a public form; while busy it stays in place, disabled, with a spinner. */
export function SubmitButton({ labelId, busy, disabled }: { labelId: string; busy?: boolean; disabled?: boolean }) {
  const intl = useIntl();
  return (
    <button type="submit" className="ui-button" data-variant="primary" data-block="" disabled={busy || disabled} aria-busy={busy}>
      {busy && <span className="ui-spinner" data-size="sm" aria-hidden="true" />}
      {intl.formatMessage({ id: labelId })}
    </button>
  );
}
