import { useRef, useState } from 'react';
import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import type { ReimbursementEventBody } from '../../../api/resources/reimbursements.ts';

interface Props {
  /** The reviewers the API offers, the current assignee left out. */
  choices: { id: number; name: string }[];
  busy: boolean;
  error: string | null;
  onSend: (body: Omit<ReimbursementEventBody, 'version'>) => void;
  onClose: () => void;
}

/** A supervisor hands the reimbursement to another reviewer (ASSIGN), chosen among those who may decide on it. */
export function AssignDialog({ choices, busy, error, onSend, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [assignee, setAssignee] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const [tried, setTried] = useState(false);
  const missing = tried && assignee === '';
  return (
    <FormDialog
      title={t('reimbursements.assign.title')}
      submitLabel={t('reimbursements.assign.submit')}
      busy={busy}
      error={error}
      testId="assign"
      initialFocusEl={() => select.current}
      onSubmit={() => {
        setTried(true);
        if (assignee) onSend({ type: 'ASSIGN', assigneeId: Number(assignee) });
      }}
      onClose={onClose}
    >
      <Text>
        <bdi>{t('reimbursements.assign.help')}</bdi>
      </Text>
      <Field.Root required invalid={missing}>
        <Field.Label>
          {t('reimbursements.assign.reviewer')}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field ref={select} value={assignee} onChange={(e) => setAssignee(e.currentTarget.value)}>
            <option value="">{t('reimbursements.assign.choose')}</option>
            {choices.map((user) => (
              <option key={user.id} value={String(user.id)}>
                {user.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText color={{ base: 'red.700', _dark: 'fg.error' }}>{t('reimbursements.assign.choose')}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
