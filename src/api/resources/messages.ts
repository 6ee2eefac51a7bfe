import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import { saveBlob } from '../save-blob.ts';
import { queryKeys } from './keys.ts';

export type ConversationSummary = Schemas['ConversationSummary'];
export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];
export type MessageAttachment = Schemas['MessageAttachment'];

/** Every messages query starts with 'conversations' (recipients too): a live event refreshes them all at once. */
export const conversationKeys = queryKeys('conversations');

export const conversationsQuery = (query: { q?: string; unread?: boolean; sort?: string; page?: number; pageSize?: number }) =>
  queryOptions({
    queryKey: conversationKeys.list(query),
    queryFn: () => call(api.GET('/api/conversations', { params: { query } })),
    placeholderData: keepPreviousData,
  });

export const conversationQuery = (id: number) =>
  queryOptions({ queryKey: conversationKeys.detail(id), queryFn: () => call(api.GET('/api/conversations/{id}', { params: { path: { id } } })) });

export const unreadQuery = () => queryOptions({ queryKey: [...conversationKeys.all, 'unread'], queryFn: () => call(api.GET('/api/conversations/unread')) });

export const useRecipients = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: [...conversationKeys.all, 'recipients', q],
    queryFn: () => call(api.GET('/api/conversations/recipients', { params: { query: q ? { q } : {} } })),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ConversationInput']) => call(api.POST('/api/conversations', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/** A reply: text, or files with optional text (sent as a form, the `file` field once per file). */
function send(conversationId: number, { body, files }: { body: string; files: File[] }) {
  const path = { id: conversationId };
  if (!files.length) return call(api.POST('/api/conversations/{id}/messages', { params: { path }, body: { body } }));
  const form = new FormData();
  form.set('body', body);
  for (const file of files) form.append('file', file);
  return call(api.POST('/api/conversations/{id}/attachments', { params: { path }, body: form as never }));
}

export function useSendMessage(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reply: { body: string; files: File[] }) => send(conversationId, reply),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/** Fetches a message's file with the session's token and hands it to the browser as a download. */
export async function saveMessageAttachment(file: MessageAttachment) {
  const blob = await call(api.GET('/api/message-attachments/{id}/content', { params: { path: { id: file.id } }, parseAs: 'blob' }));
  saveBlob(blob as Blob, file.fileName);
}

export function useCloseConversation(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.POST('/api/conversations/{id}/close', { params: { path: { id: conversationId } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export function useMarkRead(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upToMessageId: number) => call(api.POST('/api/conversations/{id}/read', { params: { path: { id: conversationId } }, body: { upToMessageId } })),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
