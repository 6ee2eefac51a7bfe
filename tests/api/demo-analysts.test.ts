import { describe, expect, it } from 'vitest';
import { SECOND_ANALYST } from '../../server/domain/roles.ts';
import { call, sendEvent, signIn, useServer } from './helpers.ts';

type Claim = { id: number; createdBy: number; allowedEvents: string[]; blockedEvents: { type: string; guards: string[] }[] };

// Issue 28 item 2: with one demo analyst, who creates every claim and may not approve their own (R13), no analyst
// could approve anything; the demo's two analysts approve each other's claims, and their own stay refused.
describe('the demo analysts', () => {
  useServer();

  it('each finds a claim in review by the other that they may approve, and may not approve their own', async () => {
    const analysts = [{ email: 'analista@demo.local' }, { email: SECOND_ANALYST.email }];
    const seen = await Promise.all(
      analysts.map(async ({ email }) => {
        const token = await signIn(email);
        const me = (await call('GET', '/api/me', { token })).body.user.id as number;
        const inReview = (await call<{ items: Claim[] }>('GET', '/api/reimbursements?state=inReview&pageSize=100', { token })).body.items;
        return { email, token, me, inReview };
      }),
    );
    for (const [index, { email, me, inReview }] of seen.entries()) {
      const other = seen[1 - index]!;
      const othersClaims = inReview.filter((claim) => claim.createdBy === other.me);
      const ownClaims = inReview.filter((claim) => claim.createdBy === me);
      expect(othersClaims.filter((claim) => claim.allowedEvents.includes('APPROVE')).length, `${email} may approve one of ${other.email}'s`).toBeGreaterThan(0);
      expect(ownClaims.length, `${email} has a claim of their own in review`).toBeGreaterThan(0);
      for (const claim of ownClaims) {
        expect(claim.allowedEvents, `${email}'s own ${claim.id}`).not.toContain('APPROVE');
        expect(claim.blockedEvents.find((blocked) => blocked.type === 'APPROVE')?.guards).toContain('approverIsNotCreator');
      }
    }
    // And the approval goes through: the first analyst approves one of the second's.
    const [first, second] = seen as [(typeof seen)[number], (typeof seen)[number]];
    const claim = first.inReview.find((c) => c.createdBy === second.me && c.allowedEvents.includes('APPROVE'))!;
    const approved = await sendEvent('reimbursements', claim.id, { type: 'APPROVE' }, first.token);
    expect(approved.status).toBe(200);
    expect(['approved', 'partiallyApproved']).toContain(approved.body.state);
  });
});
