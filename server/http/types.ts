import type { operations } from '../../openapi/schema';
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

export type OperationId = keyof operations;

type Parameters<K extends OperationId> = operations[K]['parameters'];
/** The contract gives these defaults, so after validation they are always there. */
type Defaulted = 'page' | 'pageSize' | 'sort';
type WithDefaults<Q> = Q & Required<Pick<Q, Extract<keyof Q, Defaulted>>>;
/** An operation without parameters of a kind gets an empty record, not `never`. */
type Present<P> = [NonNullable<P>] extends [never] ? Record<string, never> : NonNullable<P>;
type Query<K extends OperationId> = WithDefaults<Present<Parameters<K>['query']>>;
type Path<K extends OperationId> = Present<Parameters<K>['path']>;
type Body<K extends OperationId> = operations[K] extends { requestBody?: { content: infer C } }
  ? C extends { 'application/json': infer B }
    ? B
    : C extends { 'multipart/form-data': infer B }
      ? B
      : undefined
  : undefined;

export interface RequestContext {
  user: SessionUser | null;
  token: string | null;
  ip: string;
  userAgent: string;
  header(name: string): string | undefined;
}

/** What an operation handler gets: input validated against the contract and, for protected operations, the signed-in user. */
export interface TypedRequest<K extends OperationId> extends RequestContext {
  params: Path<K>;
  query: Query<K>;
  body: Body<K>;
}

/** The router's view, before a handler narrows it to its operation. */
export interface UntypedRequest extends RequestContext {
  params: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  query: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** `OperationRequest<'getInsurer'>` is typed from the contract; bare `OperationRequest` is the router's untyped view. */
export type OperationRequest<K extends OperationId | null = null> = K extends OperationId ? TypedRequest<K> : UntypedRequest;

type Responses<K extends OperationId> = operations[K]['responses'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: infer C } ? C[keyof C] : undefined;

/** One of the operation's answers that the contract lists, with its body's type. */
export type OperationReply<K extends OperationId> = {
  [S in keyof Responses<K> & number]: { status: S; body?: JsonOf<Responses<K>[S]> | ReadableStream | Uint8Array; headers?: Record<string, string> };
}[keyof Responses<K> & number];

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type TypedHandler<K extends OperationId> = (request: TypedRequest<K>) => Promise<OperationReply<K>>;
/** Handlers of some operations, each typed from the contract: a module returns `HandlersOf<'listX' | 'getX'>`. */
export type HandlersOf<K extends OperationId> = { [P in K]: TypedHandler<P> };

// The router holds every operation's handler; each is typed where it is written.
export type Handler = (request: UntypedRequest) => Promise<Reply>;
export type Handlers = Record<string, Handler>;

/** The signed-in user of a protected operation (the router has already checked there is one). */
export const actor = (request: { user: SessionUser | null }) => request.user as SessionUser;
