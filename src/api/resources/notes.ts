import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../client.ts';
import { queryKeys } from './keys.ts';

export type Note = Schemas['Note'];
export type NoteEntityType = Schemas['NoteEntityType'];
export interface NotesQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  q?: string;
  entityType?: NoteEntityType;
  entityId?: number;
  scope?: 'mine' | 'related';
}

/** Every notes query starts with 'notes', so a write refreshes the panel of a record and /notas alike. */
const noteKeys = queryKeys('notes');

export const notesQuery = (query: NotesQuery) =>
  queryOptions({ queryKey: noteKeys.list(query), queryFn: () => call(api.GET('/api/notes', { params: { query } })) });

export const useNotes = (query: NotesQuery, enabled = true) => useQuery({ ...notesQuery(query), enabled });

export function useWriteNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['NoteInput']) => call(api.POST('/api/notes', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.all }),
  });
}

export function useChangeNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Schemas['NoteUpdate'] & { id: number }) => call(api.PUT('/api/notes/{id}', { params: { path: { id } }, body })),
    onSettled: () => client.invalidateQueries({ queryKey: noteKeys.all }),
  });
}
