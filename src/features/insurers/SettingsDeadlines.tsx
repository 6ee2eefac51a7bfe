import { useEffect } from 'react';
import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { defaultValue, settingDefaultsQuery } from '../../api/resources/settings.ts';
import type { EditController } from '../../components/edit/useEditController.ts';

/** The deadlines a new insurer starts from: the ones Configuraciones holds (the server uses them too when left blank). */
const DEADLINES = {
  claimDeadlineDays: 'insurer.claimDeadlineDays',
  cureDays: 'insurer.cureDays',
  slaBusinessDays: 'insurer.slaBusinessDays',
  verificationValidityDays: 'insurer.verificationValidityDays',
} as const;

/** On a new insurer, fills the deadlines from Configuraciones once they arrive (untouched fields only) and says where they come from. */
export function SettingsDeadlines({ edit }: { edit: EditController }) {
  const intl = useIntl();
  const { data: defaults } = useQuery(settingDefaultsQuery());
  const { form } = edit;
  useEffect(() => {
    if (!defaults) return;
    for (const [field, key] of Object.entries(DEADLINES)) {
      const value = defaultValue(defaults, key);
      if (value !== undefined && !form.getFieldState(field).isDirty) form.resetField(field, { defaultValue: String(value) });
    }
  }, [defaults, form]);
  return (
    <Text fontSize="sm" color="fg.muted">
      {intl.formatMessage({ id: 'insurers.defaultsFromSettings' })}
    </Text>
  );
}
