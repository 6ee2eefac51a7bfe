import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../openapi/schema';

export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];

/** A failed call: the HTTP status and the server's problem+json (or a stand-in for network failures). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title);
  }
  get code() {
    return this.problem.code;
  }
}

/** How the client reaches the session without importing the app: set once by the app at start. */
export const sessionBridge = {
  getToken: (): string | null => null,
  onUnauthorized: () => {},
};

const auth: Middleware = {
  onRequest({ request }) {
    const token = sessionBridge.getToken();
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    // A 401 on a call made with a token means the session ended; a failed log-in is not that.
    if (response.status === 401 && request.headers.has('Authorization')) sessionBridge.onUnauthorized();
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: '' });
api.use(auth);

/** Unwraps an openapi-fetch result, turning every failure into an ApiError. */
export async function call<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result;
  try {
    result = await pending;
  } catch {
    throw new ApiError(0, { type: 'urn:problem:network', title: 'Network error', status: 0, code: 'network.unreachable' });
  }
  if (result.response.ok) return result.data as T;
  const problem = result.error as Problem | undefined;
  throw new ApiError(
    result.response.status,
    problem && typeof problem === 'object' && 'code' in problem
      ? problem
      : { type: 'about:blank', title: result.response.statusText, status: result.response.status, code: `http.${result.response.status}` },
  );
}

/** What kind of failure an error is: the four kinds of 409 by their problem type, else where it came from. */
export type ProblemKind = 'stale-version' | 'rule-refused' | 'duplicate-value' | 'state-conflict' | 'network' | 'other';
const CONFLICT_KINDS = new Set<ProblemKind>(['stale-version', 'rule-refused', 'duplicate-value', 'state-conflict']);

/** The one classifier every screen uses to decide how to tell the user about a failed call. */
export function problemKind(error: unknown): ProblemKind {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 0) return 'network';
  const kind = error.problem.type.replace(/^urn:problem:/, '') as ProblemKind;
  return error.status === 409 && CONFLICT_KINDS.has(kind) ? kind : 'other';
}
