import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Ban, CircleCheck, CirclePause } from 'lucide-react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { messenger } from '../../components/feedback/toaster.tsx';
import { doctors, useDoctorState, type Doctor, type DoctorState } from '../../api/resources/doctors.ts';
import { doctorName, StateBadge } from './DoctorCells.tsx';
import { SuspendDialog } from './SuspendDialog.tsx';

/**
 * The doctor's state and its changes: suspend (with a reason), deactivate, reactivate, each confirmed.
 * Shows the doctor as the server last answered, and hands the new version to the form.
 */
export function DoctorStatePanel({ record, onChanged }: { record: Doctor; onChanged: (doctor: Doctor) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { data: doctor = record } = useQuery(doctors.oneQuery(record.id));
  const change = useDoctorState();
  const [asking, setAsking] = useState<DoctorState | null>(null);
  const name = doctorName(doctor);

  const run = (state: DoctorState, reason?: string) =>
    change.mutate(
      { id: doctor.id, body: { state, version: doctor.version, ...(reason ? { reason } : {}) } },
      {
        onSuccess: (changed) => {
          setAsking(null);
          messenger.create({ type: 'success', title: t(`doctors.done.${state}`) });
          onChanged(changed);
        },
        onError: (error) => {
          setAsking(null);
          notifyError(intl, error);
        },
      },
    );

  const note =
    doctor.state === 'SUSPENDED'
      ? t('doctors.stateNote.SUSPENDED', { date: doctor.suspendedOn ? intl.formatDate(`${doctor.suspendedOn}T00:00:00`, { dateStyle: 'medium' }) : '', reason: doctor.suspensionReason ?? '' })
      : t(`doctors.stateNote.${doctor.state}`);
  const confirmKey = asking === 'ACTIVE' ? 'reactivate' : 'deactivate';

  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap" align="baseline">
        <StateBadge state={doctor.state} />
        <Text fontSize="sm" aria-live="polite" data-testid="doctor-state-note">
          <bdi>{note}</bdi>
        </Text>
      </HStack>
      <HStack gap="3" wrap="wrap">
        {doctor.state === 'ACTIVE' && (
          <Button type="button" variant="outline" colorPalette="red" onClick={() => setAsking('SUSPENDED')}>
            <Ban aria-hidden size={16} />
            {t('doctors.action.suspend')}
          </Button>
        )}
        {doctor.state !== 'ACTIVE' && (
          <Button type="button" variant="outline" onClick={() => setAsking('ACTIVE')}>
            <CircleCheck aria-hidden size={16} />
            {t('doctors.action.reactivate')}
          </Button>
        )}
        {doctor.state !== 'INACTIVE' && (
          <Button type="button" variant="outline" onClick={() => setAsking('INACTIVE')}>
            <CirclePause aria-hidden size={16} />
            {t('doctors.action.deactivate')}
          </Button>
        )}
      </HStack>
      <SuspendDialog open={asking === 'SUSPENDED'} name={name} version={doctor.version} busy={change.isPending} onConfirm={(reason) => run('SUSPENDED', reason)} onClose={() => setAsking(null)} />
      <ConfirmDialog
        open={asking === 'ACTIVE' || asking === 'INACTIVE'}
        title={t(`doctors.${confirmKey}.title`, { name })}
        body={t(`doctors.${confirmKey}.body`)}
        confirmLabel={t(`doctors.action.${confirmKey}`)}
        busy={change.isPending}
        onConfirm={() => asking && run(asking)}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
