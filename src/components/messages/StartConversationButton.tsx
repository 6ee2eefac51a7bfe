import { Button } from '@chakra-ui/react';
import { MessageSquarePlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useScreen } from '../layout/screen-context.ts';

/** The records a conversation may be about (the contract's NoteEntityType). */
export type ConversationRecordKind = 'policyholder' | 'patient' | 'policy' | 'verification' | 'reimbursement' | 'orthodonticPlan' | 'doctor' | 'insurer';

// The spec's route of Mensajes (inside /app); the record screens name no area, only this address.
const MESSAGES = '/mensajes';

/**
 * "Start a conversation about this record": any record screen places it; it opens Mensajes with a new
 * conversation linked to the record and its subject filled in. Offered to whoever may write messages.
 */
export function StartConversationButton({ entityType, entityId, subject }: { entityType: ConversationRecordKind; entityId: number; subject: string }) {
  const intl = useIntl();
  const { can } = useScreen();
  if (!can('messages:create')) return null;
  const href = `${MESSAGES}?${new URLSearchParams({ sobre: `${entityType}:${entityId}`, asunto: subject })}`;
  return (
    <Button asChild variant="outline" size="sm">
      <Link href={href} data-testid="start-conversation">
        <MessageSquarePlus aria-hidden size={16} />
        {intl.formatMessage({ id: 'messages.aboutRecord' })}
      </Link>
    </Button>
  );
}
