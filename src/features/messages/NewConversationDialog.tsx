import { useState, type FormEvent } from 'react';
import { Button, Checkbox, CloseButton, Dialog, Field, Fieldset, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { useRecipients, useStartConversation, type Conversation } from '../../api/resources/messages.ts';
import { BusyButton } from '../../components/form/BusyButton.tsx';

/** The record a conversation is about, when started from that record's screen. */
export interface ConversationAbout {
  entityType: NonNullable<Conversation['entityType']>;
  entityId: number;
  subject: string;
}

/** Starts a conversation: subject, the people in it (found by name) and the first message; linked to `about`'s record. */
export function NewConversationDialog({ open, about, onClose, onStarted }: { open: boolean; about?: ConversationAbout; onClose: () => void; onStarted: (conversation: Conversation) => void }) {
  const intl = useIntl();
  const [subject, setSubject] = useState(about?.subject ?? '');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [body, setBody] = useState('');
  const [tried, setTried] = useState(false);
  const recipients = useRecipients(search.trim(), open);
  const start = useStartConversation();

  const reset = () => {
    setSubject('');
    setSearch('');
    setChosen(new Map());
    setBody('');
    setTried(false);
  };
  const toggle = (id: number, name: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous);
      if (on) next.set(id, name);
      else next.delete(id);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!subject.trim() || !body.trim() || chosen.size === 0) return;
    start.mutate(
      { subject, participantIds: [...chosen.keys()], body, ...(about ? { entityType: about.entityType, entityId: about.entityId } : {}) },
      {
        onSuccess: (conversation) => {
          reset();
          onStarted(conversation);
        },
        onError: (error) => notifyError(intl, error),
      },
    );
  };
  const required = intl.formatMessage({ id: 'messages.required' });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) {
          reset();
          onClose();
        }
      }}
      size={{ base: 'full', md: 'lg' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{intl.formatMessage({ id: 'messages.new' })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {about && (
                    <Text fontSize="sm" color="fg.muted" data-testid="conversation-about">
                      {intl.formatMessage({ id: 'messages.aboutLinked' }, { kind: intl.formatMessage({ id: `notes.entity.${about.entityType}` }) })}
                    </Text>
                  )}
                  <Field.Root required invalid={tried && !subject.trim()}>
                    <Field.Label>
                      {intl.formatMessage({ id: 'messages.subject' })}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input value={subject} maxLength={200} onChange={(event) => setSubject(event.target.value)} />
                    <Field.ErrorText>{required}</Field.ErrorText>
                  </Field.Root>
                  <Fieldset.Root invalid={tried && chosen.size === 0}>
                    <Fieldset.Legend>{intl.formatMessage({ id: 'messages.to' })}</Fieldset.Legend>
                    {chosen.size > 0 && <Text fontSize="sm">{intl.formatList([...chosen.values()])}</Text>}
                    <Field.Root>
                      <Field.Label>{intl.formatMessage({ id: 'messages.findPeople' })}</Field.Label>
                      <Input type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
                    </Field.Root>
                    <Stack gap="1" maxH="40" overflowY="auto" data-testid="recipients">
                      {recipients.data?.items.map((user) => (
                        <Checkbox.Root key={user.id} checked={chosen.has(user.id)} onCheckedChange={(e) => toggle(user.id, user.name, e.checked === true)}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>
                            <bdi>{user.name}</bdi>
                          </Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                    <Fieldset.ErrorText>{intl.formatMessage({ id: 'messages.pickSomeone' })}</Fieldset.ErrorText>
                  </Fieldset.Root>
                  <Field.Root required invalid={tried && !body.trim()}>
                    <Field.Label>
                      {intl.formatMessage({ id: 'messages.firstMessage' })}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea value={body} maxLength={10000} autoresize onChange={(event) => setBody(event.target.value)} />
                    <Field.ErrorText>{required}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{intl.formatMessage({ id: 'common.cancel' })}</Button>
                </Dialog.ActionTrigger>
                <BusyButton type="submit" colorPalette="blue" loading={start.isPending}>
                  {intl.formatMessage({ id: 'messages.start' })}
                </BusyButton>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'common.close' })} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
