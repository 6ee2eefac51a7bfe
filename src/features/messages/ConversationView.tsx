import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Card, Field, HStack, Heading, Link as ChakraLink, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CheckCheck, Lock, Send } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog.tsx';
import { Loading } from '../../components/feedback/Loading.tsx';
import { notifyError } from '../../components/feedback/notify-error.ts';
import { conversationQuery, useCloseConversation, useMarkRead, useSendMessage, type Conversation, type Message } from '../../api/resources/messages.ts';
import { AttachFile, filesProblem } from './AttachFile.tsx';
import { MessageFiles } from './MessageFiles.tsx';
import { BusyButton } from '../../components/form/BusyButton.tsx';

function Receipt({ message, conversation, myId }: { message: Message; conversation: Conversation; myId: number }) {
  const intl = useIntl();
  if (message.author.id !== myId) return null;
  const names = message.readBy.map((r) => conversation.participants.find((p) => p.id === r.userId)?.name).filter(Boolean) as string[];
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="receipt">
      {names.length ? (
        <>
          <CheckCheck aria-hidden size={12} style={{ display: 'inline', verticalAlign: 'middle' }} /> {intl.formatMessage({ id: 'messages.readBy' }, { names: intl.formatList(names) })}
        </>
      ) : (
        intl.formatMessage({ id: 'messages.notReadYet' })
      )}
    </Text>
  );
}

/** One conversation: its messages oldest first with read receipts, and a box to reply. Reading it marks it read. */
export function ConversationView({ id, myId }: { id: number; myId: number }) {
  const intl = useIntl();
  const conversation = useQuery(conversationQuery(id));
  const send = useSendMessage(id);
  const markRead = useMarkRead(id);
  const close = useCloseConversation(id);
  const [confirmClose, setConfirmClose] = useState(false);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const problem = filesProblem(files);
  const end = useRef<HTMLDivElement>(null);
  const data = conversation.data;
  const lastOthers = data?.messages.filter((m) => m.author.id !== myId).at(-1)?.id;
  const lastCount = data?.messages.length ?? 0;

  // What is on screen has been read: receipts go out as messages arrive (live events refresh the query).
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    if (data && data.unread > 0 && lastOthers) markReadUpTo(lastOthers);
  }, [data, lastOthers, markReadUpTo]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lastCount]);

  if (conversation.isPending) return <Loading />;
  if (conversation.isError || !data) return <Text color="fg.error">{intl.formatMessage({ id: 'messages.notFound' })}</Text>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || (!text.trim() && !files.length)) return;
    send.mutate(
      { body: text, files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
        },
        onError: (error) => notifyError(intl, error),
      },
    );
  };
  return (
    <Card.Root as="section" aria-labelledby="conversation-subject" flex="1" minW="0">
      <Card.Header gap="1">
        <Heading as="h2" size="md" id="conversation-subject">
          <bdi>{data.subject}</bdi>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {intl.formatMessage({ id: 'messages.participants' }, { names: intl.formatList(data.participants.map((p) => p.name)) })}
        </Text>
        {data.closedAt && data.closedBy ? (
          <HStack gap="1" fontSize="sm" color="fg.muted" data-testid="conversation-closed">
            <Lock aria-hidden size={14} />
            <Text>{intl.formatMessage({ id: 'messages.closedBy' }, { name: data.closedBy.name, date: intl.formatDate(data.closedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</Text>
          </HStack>
        ) : (
          <HStack>
            <Button size="xs" variant="outline" onClick={() => setConfirmClose(true)}>
              <Lock aria-hidden size={12} />
              {intl.formatMessage({ id: 'messages.close' })}
            </Button>
          </HStack>
        )}
        {data.link && (
          <Text fontSize="sm">
            <ChakraLink asChild colorPalette="blue" variant="underline">
              <Link href={data.link}>{intl.formatMessage({ id: 'messages.openRecord' }, { kind: intl.formatMessage({ id: `notes.entity.${data.entityType}` }) })}</Link>
            </ChakraLink>
          </Text>
        )}
      </Card.Header>
      <Card.Body gap="3">
        <Box maxH="60vh" overflowY="auto" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'messages.messages' })}>
          <Stack as="ol" gap="3" listStyleType="none" aria-live="polite">
            {data.messages.map((message) => {
              const mine = message.author.id === myId;
              return (
                <Box as="li" key={message.id} alignSelf={mine ? 'flex-end' : 'flex-start'} maxW="85%" data-testid="message">
                  <Box bg={mine ? 'blue.subtle' : 'bg.muted'} borderRadius="lg" px="3" py="2">
                    <HStack gap="2" fontSize="xs" color="fg.muted" justify="space-between">
                      <Text fontWeight="semibold" color="fg">
                        <bdi>{message.author.name}</bdi>
                      </Text>
                      {/* Isolated, so a right-to-left page keeps "28 nov 2026, 12:20" in its order. */}
                      <bdi>
                        <time dateTime={message.createdAt}>{intl.formatDate(message.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
                      </bdi>
                    </HStack>
                    {message.body && (
                      <Text whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto">
                        {message.body}
                      </Text>
                    )}
                    <MessageFiles files={message.attachments} />
                  </Box>
                  <Receipt message={message} conversation={data} myId={myId} />
                </Box>
              );
            })}
          </Stack>
            <div ref={end} />
        </Box>
        {!data.closedAt && <form onSubmit={submit}>
          <Stack gap="2">
            <Field.Root>
              <Field.Label>{intl.formatMessage({ id: 'messages.reply' })}</Field.Label>
              <Textarea
                value={text}
                maxLength={10000}
                autoresize
                onChange={(event) => setText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
                }}
              />
              <Field.HelperText>
                <bdi>{intl.formatMessage({ id: 'messages.sendHint' })}</bdi>
              </Field.HelperText>
            </Field.Root>
            <Field.Root invalid={Boolean(problem)}>
              <AttachFile files={files} onChange={setFiles} disabled={send.isPending} />
              {problem ? (
                <Field.ErrorText>
                  <bdi>{intl.formatMessage({ id: problem })}</bdi>
                </Field.ErrorText>
              ) : (
                <Field.HelperText>
                  <bdi>{intl.formatMessage({ id: 'messages.attachHint' })}</bdi>
                </Field.HelperText>
              )}
            </Field.Root>
            <HStack justify="flex-end">
              <BusyButton type="submit" colorPalette="blue" size="sm" loading={send.isPending} disabled={Boolean(problem) || (!text.trim() && !files.length)}>
                <Send aria-hidden size={14} className="flip-rtl" />
                {intl.formatMessage({ id: 'messages.send' })}
              </BusyButton>
            </HStack>
          </Stack>
        </form>}
      </Card.Body>
      <ConfirmDialog
        open={confirmClose}
        title={intl.formatMessage({ id: 'messages.closeTitle' })}
        body={intl.formatMessage({ id: 'messages.closeBody' })}
        confirmLabel={intl.formatMessage({ id: 'messages.close' })}
        busy={close.isPending}
        onClose={() => setConfirmClose(false)}
        onConfirm={() => close.mutate(undefined, { onSuccess: () => setConfirmClose(false), onError: (error) => notifyError(intl, error) })}
      />
    </Card.Root>
  );
}
