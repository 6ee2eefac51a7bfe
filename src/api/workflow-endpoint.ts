import type { QueryClient } from '@tanstack/react-query';

/** A workflow record's endpoint as its resource module gives it: post one event, and refresh what shows it. */
export type WorkflowEndpoint<R extends { id: number; version: number }, B extends { type: string }> = {
  send: (id: number, body: B & { version: number }) => Promise<R>;
  /** Puts the fresh record on screen (or reads it again) and refreshes its history, lists and counts. */
  refresh: (client: QueryClient, id: number, fresh?: R) => Promise<unknown>;
  /**
   * Whether `refresh` cannot put the event's answer on screen by itself (the record shows only in lists read again):
   * the screen then stays busy until they are read. Otherwise it is free at once, with the new record shown.
   */
  waitsForReread?: true;
};
