import type { Database } from '../db/database.ts';
import type { Config } from '../config.ts';
import type { SessionStore, SessionUser } from '../auth/sessions.ts';
import type { FileStore } from '../files.ts';

export interface Deps {
  db: Database;
  config: Config;
  sessions: SessionStore;
  /** Today's date (YYYY-MM-DD) for business rules; tests move it. */
  today: () => string;
  files: FileStore;
}

/** What an operation handler gets: validated input and, for protected operations, the signed-in user. */
export interface OperationRequest {
  params: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  query: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  user: SessionUser | null;
  token: string | null;
  ip: string;
  userAgent: string;
  header(name: string): string | undefined;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: OperationRequest) => Promise<Reply>;
export type Handlers = Record<string, Handler>;

/** The signed-in user of a protected operation (the router has already checked there is one). */
export const actor = (request: OperationRequest) => request.user as SessionUser;
