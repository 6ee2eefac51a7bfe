import type { DocumentType } from '../../api/resources/attachments.ts';

/**
 * The files chosen for upload, one row each (issue 28 item 13): waiting their turn, uploading (with the share
 * sent), processing (all sent, the server checking the file), done, or failed with the server's reason. Files go
 * one at a time, so a slow or refused one never hides the others' state, and a failed one is retried alone.
 */
export type UploadState = 'waiting' | 'uploading' | 'processing' | 'done' | 'failed';

export interface QueuedFile {
  id: number;
  file: File;
  /** The document type chosen when the file was added (changing the select afterwards does not move it). */
  documentType: DocumentType;
  state: UploadState;
  /** Share of the bytes sent, 0 to 1. */
  progress: number;
  /** Why a failed upload was refused: the problem's code, put in words in the reader's language when shown. */
  error: string | null;
}

export type QueueAction =
  | { type: 'ADD'; files: Pick<QueuedFile, 'id' | 'file' | 'documentType'>[] }
  | { type: 'START' | 'DONE' | 'RETRY' | 'DISMISS'; id: number }
  | { type: 'PROGRESS'; id: number; fraction: number }
  | { type: 'FAIL'; id: number; code: string };

const change = (queue: QueuedFile[], id: number, changes: Partial<QueuedFile>) => queue.map((f) => (f.id === id ? { ...f, ...changes } : f));

export function uploadQueue(queue: QueuedFile[], action: QueueAction): QueuedFile[] {
  switch (action.type) {
    case 'ADD':
      return [...queue, ...action.files.map((f): QueuedFile => ({ ...f, state: 'waiting', progress: 0, error: null }))];
    case 'START':
      return change(queue, action.id, { state: 'uploading', progress: 0, error: null });
    // Every byte sent: what is left is the server's check of the file (type, whether it opens).
    case 'PROGRESS':
      return change(queue, action.id, action.fraction >= 1 ? { state: 'processing', progress: 1 } : { progress: action.fraction });
    case 'DONE':
      return change(queue, action.id, { state: 'done', progress: 1 });
    case 'FAIL':
      return change(queue, action.id, { state: 'failed', error: action.code });
    case 'RETRY':
      return change(queue, action.id, { state: 'waiting', progress: 0, error: null });
    case 'DISMISS':
      return queue.filter((f) => f.id !== action.id);
  }
}

/** The file to send next: the first waiting one, once none is being sent or checked. */
export function nextToSend(queue: readonly QueuedFile[]): QueuedFile | undefined {
  if (queue.some((f) => f.state === 'uploading' || f.state === 'processing')) return undefined;
  return queue.find((f) => f.state === 'waiting');
}
