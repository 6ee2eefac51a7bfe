import type { QueryClient } from '@tanstack/react-query';

/** A workflow record's endpoint as its resource module gives it: post one event, and refresh what shows it. */
export type WorkflowEndpoint<R extends { id: number; version: number }, B extends { type: string }> = {
  send: (id: number, body: B & { version: number }) => Promise<R>;
  /** Puts the fresh record on screen (or reads it again) and refreshes its history, lists and counts. */
  refresh: (client: QueryClient, id: number, fresh?: R) => Promise<unknown>;
};
