import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { allRolesQuery } from '../../api/resources/roles.ts';
import { CheckboxGroupField } from '../../components/form/CheckboxGroupField.tsx';

interface Props {
  value: string[];
  onChange: (codes: string[]) => void;
  error?: { type: string; message?: string };
}

/** The roles a user holds, by their translated names. */
export function RolePicker(props: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const choices = useQuery({
    ...allRolesQuery(),
    select: (page) => page.items.map(({ code }) => ({ value: code, label: intl.formatMessage({ id: `role.${code}`, defaultMessage: code }) })),
  });
  return (
    <CheckboxGroupField
      {...props}
      name="roles"
      label={t('users.field.roles')}
      help={t('users.field.roles.help')}
      choices={choices}
      loadFailed={t('users.rolesLoadFailed')}
      testId="role-picker"
    />
  );
}
