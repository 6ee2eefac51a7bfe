import { useState, type FormEvent } from 'react';
import { Card, Checkbox, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useMe } from '../../session/useMe.ts';
import { useNotes, useWriteNote, type NoteEntityType } from '../../api/resources/notes.ts';
import { notifyError } from '../feedback/notify-error.ts';
import { NoteCard } from './NoteCard.tsx';
import { BusyButton } from '../form/BusyButton.tsx';

const MAX_LENGTH = 4000;

/**
 * The notes of one record (research 2.9), for any area's record screen: pinned first, then the newest;
 * a form to add one, internal or private, pinned or not. Shows only to users who may read notes.
 */
export function NotesPanel({ entityType, entityId }: { entityType: NoteEntityType; entityId: number }) {
  const intl = useIntl();
  const { can } = useMe();
  const notes = useNotes({ entityType, entityId, pageSize: 100, sort: '-pinned,-createdAt' }, can('notes:read'));
  const write = useWriteNote();
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [pinned, setPinned] = useState(false);
  if (!can('notes:read')) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    write.mutate(
      { entityType, entityId, text, visibility: isPrivate ? 'private' : 'internal', pinned },
      {
        onSuccess: () => {
          setText('');
          setPinned(false);
        },
        onError: (error) => notifyError(intl, error),
      },
    );
  };
  const title = intl.formatMessage({ id: 'notes.panelTitle' });
  return (
    <Card.Root as="section" aria-label={title} data-testid="notes-panel">
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body gap="4">
        {can('notes:create') && (
          <form onSubmit={submit}>
            <Stack gap="2">
              <Field.Root>
                <Field.Label>{intl.formatMessage({ id: 'notes.newLabel' })}</Field.Label>
                <Textarea value={text} maxLength={MAX_LENGTH} autoresize onChange={(event) => setText(event.target.value)} />
                <Field.HelperText>
                  <bdi>{intl.formatMessage({ id: 'notes.newHelp' }, { left: MAX_LENGTH - text.length })}</bdi>
                </Field.HelperText>
              </Field.Root>
              <HStack gap="4" wrap="wrap">
                <Checkbox.Root checked={isPrivate} onCheckedChange={(e) => setPrivate(e.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{intl.formatMessage({ id: 'notes.makePrivate' })}</Checkbox.Label>
                </Checkbox.Root>
                <Checkbox.Root checked={pinned} onCheckedChange={(e) => setPinned(e.checked === true)}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{intl.formatMessage({ id: 'notes.makePinned' })}</Checkbox.Label>
                </Checkbox.Root>
                <BusyButton type="submit" size="sm" colorPalette="blue" loading={write.isPending} disabled={!text.trim()}>
                  {intl.formatMessage({ id: 'notes.add' })}
                </BusyButton>
              </HStack>
            </Stack>
          </form>
        )}
        {notes.isError ? (
          <Text color="fg.error">
            <bdi>{intl.formatMessage({ id: 'notes.loadFailed' })}</bdi>
          </Text>
        ) : notes.data && notes.data.items.length === 0 ? (
          <Text color="fg.muted">
            <bdi>{intl.formatMessage({ id: 'notes.none' })}</bdi>
          </Text>
        ) : (
          <Stack gap="2" as="ul" listStyleType="none" aria-label={title}>
            {notes.data?.items.map((note) => (
              <li key={note.id}>
                <NoteCard note={note} canUpdate={can('notes:update')} />
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
