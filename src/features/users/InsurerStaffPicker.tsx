import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { CheckboxGroupField } from '../../components/form/CheckboxGroupField.tsx';
import { insurerChoicesQuery } from '../../api/resources/insurers.ts';

interface Props {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: { type: string; message?: string };
}

/** The insurers whose staff the user belongs to (an announcement for "an insurer's staff" reaches them), by name. */
export function InsurerStaffPicker(props: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const choices = useQuery({ ...insurerChoicesQuery(), select: (page) => page.items.map(({ id, name }) => ({ value: id, label: name })) });
  return (
    <CheckboxGroupField
      {...props}
      name="insurerIds"
      label={t('users.field.insurerIds')}
      help={t('users.field.insurerIds.help')}
      choices={choices}
      loadFailed={t('users.insurersLoadFailed')}
      testId="insurer-staff-picker"
    />
  );
}
