import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { Reimbursement, ReimbursementEventBody } from '../../../api/resources/reimbursements.ts';
import { LineChoiceList, useLineChoices } from './LineChoices.tsx';
import { useMedicalChanges } from './medical-review-text.ts';

interface Props {
  record: Reimbursement;
  busy: boolean;
  error: string | null;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

/**
 * The analyst's approval, line by line: each line pays what the engine covers unless it is reduced (to less than
 * it pays before the maximum, with a reason if wanted) or rejected (with a catalog reason). Lines the automatic
 * check rejected stay so, except those the maximum alone cut; lines the medical review changed keep its change.
 * Any reduction or rejection makes the approval partial.
 */
export function ApprovalDialog({ record, busy, error, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const fixed = useMedicalChanges(record);
  const choices = useLineChoices(record, { reasonForEveryChange: false, fixed });
  const [tried, setTried] = useState(false);

  const submit = () => {
    setTried(true);
    if (choices.invalid()) return;
    const lines = choices.decisions();
    onSend(lines.length ? { type: 'APPROVE', lines } : { type: 'APPROVE' });
  };

  return (
    <FormDialog
      title={t('reimbursements.event.APPROVE')}
      submitLabel={t('reimbursements.event.APPROVE')}
      busy={busy}
      error={error}
      size="lg"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      testId="approval"
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>{t('reimbursements.eventHelp.APPROVE')}</Text>
      <LineChoiceList record={record} choices={choices} tried={tried} keepLabel={t('reimbursements.approval.decision.APPROVE')} />
    </FormDialog>
  );
}
