import { useEffect, useState } from 'react';
import { Badge, Box, Button, Card, HStack, Link as ChakraLink, Stack, Text, Textarea } from '@chakra-ui/react';
import { Lock, Pin, PinOff } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useChangeNote, type Note } from '../../api/resources/notes.ts';
import { notifyError } from '../feedback/notify-error.ts';
import { BusyButton } from '../form/BusyButton.tsx';

/** True while the edit window is open; turns false by itself when it closes. */
function useStillEditable(until: string | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until]);
  return until !== null && Date.parse(until) > now;
}

/**
 * One note: author, time, visibility and pin; its author may change the text while the 15-minute
 * window is open (the server judges it by its own clock), and anyone who sees it may pin it.
 */
export function NoteCard({ note, showRecord = false, canUpdate }: { note: Note; showRecord?: boolean; canUpdate: boolean }) {
  const intl = useIntl();
  const change = useChangeNote();
  const editable = useStillEditable(note.editableUntil) && canUpdate;
  const [draft, setDraft] = useState<string | null>(null);
  const save = () =>
    change.mutate({ id: note.id, text: draft!, version: note.version }, { onSuccess: () => setDraft(null), onError: (error) => notifyError(intl, error) });
  const when = intl.formatDate(note.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card.Root size="sm" variant={note.pinned ? 'subtle' : 'outline'} data-testid="note" data-note-id={note.id}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="semibold" fontSize="sm">
              <bdi>{note.author.name}</bdi>
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {/* Isolated: on a right-to-left page the day would otherwise jump to the end of the date. */}
              <bdi>
                <time dateTime={note.createdAt}>{when}</time>
              </bdi>
              {note.updatedAt !== note.createdAt && ` · ${intl.formatMessage({ id: 'notes.edited' })}`}
            </Text>
          </Stack>
          <HStack gap="1">
            {note.visibility === 'private' && (
              <Badge colorPalette="purple" variant="subtle">
                <Lock aria-hidden size={12} />
                {intl.formatMessage({ id: 'notes.private' })}
              </Badge>
            )}
            {note.pinned && (
              <Badge colorPalette="orange" variant="subtle">
                <Pin aria-hidden size={12} />
                {intl.formatMessage({ id: 'notes.pinned' })}
              </Badge>
            )}
          </HStack>
        </HStack>
        {showRecord && (
          <Text fontSize="sm">
            {intl.formatMessage({ id: `notes.entity.${note.entityType}` })}{' '}
            <ChakraLink asChild colorPalette="blue" variant="underline">
              <Link href={note.link}>
                <bdi>{note.entityLabel}</bdi>
              </Link>
            </ChakraLink>
          </Text>
        )}
        {draft === null ? (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto">
            {note.text}
          </Text>
        ) : (
          <Textarea
            aria-label={intl.formatMessage({ id: 'notes.editLabel' })}
            value={draft}
            maxLength={4000}
            autoresize
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
        {canUpdate && (
          <HStack gap="2" wrap="wrap">
            {draft === null ? (
              <>
                {editable && (
                  <Button size="xs" variant="outline" onClick={() => setDraft(note.text)}>
                    {intl.formatMessage({ id: 'notes.edit' })}
                  </Button>
                )}
                <BusyButton
                  size="xs"
                  variant="ghost"
                  loading={change.isPending}
                  onClick={() => change.mutate({ id: note.id, pinned: !note.pinned, version: note.version }, { onError: (error) => notifyError(intl, error) })}
                >
                  {note.pinned ? <PinOff aria-hidden size={14} /> : <Pin aria-hidden size={14} />}
                  {intl.formatMessage({ id: note.pinned ? 'notes.unpin' : 'notes.pin' })}
                </BusyButton>
              </>
            ) : (
              <>
                <BusyButton size="xs" colorPalette="blue" loading={change.isPending} disabled={!draft.trim()} onClick={save}>
                  {intl.formatMessage({ id: 'common.save' })}
                </BusyButton>
                <Button size="xs" variant="ghost" onClick={() => setDraft(null)}>
                  {intl.formatMessage({ id: 'common.cancel' })}
                </Button>
              </>
            )}
            {editable && draft === null && (
              <Box as="span" fontSize="xs" color="fg.muted">
                {intl.formatMessage({ id: 'notes.editableUntil' }, { time: intl.formatTime(note.editableUntil!, { timeStyle: 'short' }) })}
              </Box>
            )}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
