// docs/fhir.md's connection example, run as written: the token request's form and the eligibility request's JSON are
// read from the doc's own code blocks and sent to the in-process server on the demo data, and the answer the doc
// shows (abridged) must be one the server gives: the doc cannot rot unnoticed.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, useServer } from './helpers.ts';
import { basic, expectValidResource, makeClient, type MadeClient } from './fhir-support.ts';

const doc = fs.readFileSync(new URL('../../docs/fhir.md', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```(sh|json)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1]!, text: m[2]! }));
const tokenCurl = blocks.find((b) => b.lang === 'sh' && b.text.includes('/auth/token'))!.text;
const eligibilityCurl = blocks.find((b) => b.lang === 'sh' && b.text.includes('/fhir/R4/CoverageEligibilityRequest '))!.text;
const shownAnswer = JSON.parse(blocks.find((b) => b.lang === 'json' && b.text.includes('CoverageEligibilityResponse'))!.text);

/** The doc's `-d '…'` arguments (the request's JSON). */
const dataOf = (curl: string) => [...curl.matchAll(/-d '([\s\S]*?)'/g)].map((m) => m[1]!);

/** Whether `actual` has every member `shown` has (arrays: each shown element matched by one actual element); values are not compared. */
function hasShape(shown: unknown, actual: unknown, at = '$'): string[] {
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${at} is not a list`];
    return shown.flatMap((element, i) => (actual.some((a) => hasShape(element, a).length === 0) ? [] : [`${at}[${i}] matches no element`]));
  }
  if (shown && typeof shown === 'object') {
    if (!actual || typeof actual !== 'object') return [`${at} is not an object`];
    return Object.entries(shown).flatMap(([key, value]) => (key in actual ? hasShape(value, (actual as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key} is missing`]));
  }
  return [];
}

const server = useServer({}, () => '2026-11-21');
let client: MadeClient;

beforeAll(async () => {
  const admin = await signIn('admin@demo.local');
  const [{ insurer_id: insurerId }] = await server.db.query<{ insurer_id: number }>('SELECT po.insurer_id FROM patients p JOIN policies po ON po.id = p.policy_id WHERE p.id = 13');
  client = await makeClient(admin, { scopes: ['system/CoverageEligibilityRequest.c', 'system/CoverageEligibilityResponse.r'], insurerIds: [insurerId] });
});

describe('docs/fhir.md, as a practice would follow it', () => {
  it('gets a token with the curl shown and asks eligibility with the JSON shown; the answer has the shape shown', async () => {
    // The form fields as curl sends them: `-d name=value` or `-d name='value'`.
    const form = new URLSearchParams([...tokenCurl.matchAll(/-d (\w+)=(?:'([^']*)'|(\S+))/g)].map((m) => [m[1]!, m[2] ?? m[3]!] as [string, string]));
    const token = await call('POST', '/fhir/R4/auth/token', { body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client.clientId, client.clientSecret) } });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const shownToken = JSON.parse(tokenCurl.match(/^# (\{.*\})$/m)![1]!.replace('"…"', '"x"'));
    expect(hasShape(shownToken, token.body)).toEqual([]);
    expect({ ...token.body, access_token: 'x' }).toEqual(shownToken);

    const [request] = dataOf(eligibilityCurl);
    const answer = await call('POST', '/fhir/R4/CoverageEligibilityRequest', { token: token.body.access_token, body: request, headers: { 'content-type': 'application/fhir+json' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectValidResource(answer.body);
    expect(hasShape(shownAnswer, answer.body), JSON.stringify(answer.body).slice(0, 3000)).toEqual([]);
    // What the doc says in words: in force, the year's balances, what the cleaning would pay.
    expect({ outcome: answer.body.outcome, inforce: answer.body.insurance[0].inforce, period: answer.body.insurance[0].benefitPeriod }).toEqual({
      outcome: shownAnswer.outcome,
      inforce: shownAnswer.insurance[0].inforce,
      period: shownAnswer.insurance[0].benefitPeriod,
    });
  });
});
