import type { Context } from 'hono';
import { HttpProblem } from '../http/problem.ts';

/** An OAuth 2.0 error answer (RFC 6749 §5.2) of the token endpoint. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope' | 'slow_down',
    description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** A small URL-encoded form (the token request): its fields as strings; a repeated field is refused. */
export async function readForm(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new OAuthError(400, 'invalid_request', 'Send the token request as application/x-www-form-urlencoded.');
  if (Number(c.req.header('content-length') ?? 0) > 8192) throw new OAuthError(400, 'invalid_request', 'The token request is too large.');
  const text = await c.req.text();
  if (text.length > 8192) throw new OAuthError(400, 'invalid_request', 'The token request is too large.');
  const form = new URLSearchParams(text);
  const fields: Record<string, string> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    if (values.length > 1) throw new HttpProblem(400, 'request.invalid', `${name} is sent more than once.`, [{ path: `body/${name}`, keyword: 'repeated' }]);
    fields[name] = values[0]!;
  }
  return fields;
}

/** The client's credentials: HTTP Basic (client_secret_basic) or the form's fields (client_secret_post), not both. */
export function clientCredentials(authorization: string | undefined, form: { client_id?: string; client_secret?: string }): { clientId: string; secret: string } {
  const basic = authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (basic && (form.client_id || form.client_secret)) throw new OAuthError(400, 'invalid_request', 'Send the credentials one way: HTTP Basic or the form.');
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError(401, 'invalid_client', 'The Basic credentials are malformed.', { 'WWW-Authenticate': 'Basic realm="fhir"' });
    try {
      // RFC 6749 §2.3.1: both parts are form-encoded before they are joined.
      return { clientId: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
    } catch {
      throw new OAuthError(401, 'invalid_client', 'The Basic credentials are malformed.', { 'WWW-Authenticate': 'Basic realm="fhir"' });
    }
  }
  if (!form.client_id || !form.client_secret) throw new OAuthError(401, 'invalid_client', 'Send client_id and client_secret.', { 'WWW-Authenticate': 'Basic realm="fhir"' });
  return { clientId: form.client_id, secret: form.client_secret };
}
