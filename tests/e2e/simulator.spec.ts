import { expect, test, type Page } from '@playwright/test';
import es from '../../src/i18n/messages/es.json' with { type: 'json' };
import ja from '../../src/i18n/messages/ja.json' with { type: 'json' };
import { expectNoSeriousViolations } from './axe.ts';
import { ADMIN, signIn } from './fixtures.ts';

// The simulator (Diagramas › Simulador): the reimbursement machine the server runs, stepped in the browser on
// facts the analyst edits. APPROVE exactly at the approval threshold is refused with the guard's text; one cent
// under, it is accepted; a step back returns to the review. No request reaches the workflow API.

const OPEN = '/app/diagramas/simulador?machine=reimbursement&state=reimbursement.inReview';
type Catalog = typeof es;

async function approveWith(page: Page, t: Catalog, payableCents: string) {
  await page.getByLabel(t['simulator.fact.reimbursement.payableCents'], { exact: true }).fill(payableCents);
  await page.getByRole('button', { name: t['machine.reimbursement.event.APPROVE'], exact: true }).click();
  await page.getByRole('button', { name: t['simulator.send'].replace('{event}', t['machine.reimbursement.event.APPROVE']) }).click();
}

test.describe('simulator', () => {
  test('refuses APPROVE at the threshold with the guard’s text, accepts it a cent under, steps back, touching no data', async ({ page }) => {
    await signIn(page, ADMIN.email, { to: null });
    const workflowCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(reimbursements|verifications|orthodontic-plans|policies|patients)/.test(r.url())) workflowCalls.push(`${r.method()} ${r.url()}`);
    });
    await page.goto(OPEN);
    await expect(page.getByRole('heading', { name: es['simulator.title'] })).toBeVisible();
    await expect(page.getByTestId('simulator-state')).toHaveText(es['machine.reimbursement.state.inReview']);
    // The reader's view names the facts in the user's language, without the code's identifiers.
    const facts = page.getByRole('region', { name: es['simulator.facts'] });
    await expect(page.getByLabel(es['simulator.fact.reimbursement.approvalThresholdCents'], { exact: true })).toHaveValue('100000');
    await expect(page.getByLabel(es['simulator.fact.reimbursement.actorCanApproveAboveThreshold'], { exact: true })).not.toBeChecked();
    await expect(facts).not.toContainText('approvalThresholdCents');
    await expectNoSeriousViolations(page);

    await approveWith(page, es, '100000');
    const result = page.getByTestId('simulator-result');
    await expect(result.getByRole('status')).toContainText(es['simulator.refused']);
    await expect(result.getByRole('status')).toContainText('reimbursement.aboveApprovalThreshold');
    await expect(result.getByRole('status')).toContainText(es['machine.reimbursement.guard.withinApprovalAuthority']);
    const threshold = result.locator('[data-guard="withinApprovalAuthority"]').first();
    await expect(threshold).toHaveAttribute('data-passed', 'false');
    await expect(threshold).toContainText(es['simulator.guardFailed'].split(' (')[0]!);
    const separation = result.locator('[data-guard="approverIsNotCreator"]').first();
    await expect(separation).toHaveAttribute('data-passed', 'true');
    await expect(separation).toContainText(es['simulator.guardPassed'].split(' (')[0]!);
    await expect(page.getByTestId('simulator-state')).toHaveText(es['machine.reimbursement.state.inReview']);
    await expectNoSeriousViolations(page);

    await approveWith(page, es, '99999');
    await expect(result.getByRole('status')).toContainText(es['machine.reimbursement.state.approved']);
    await expect(page.getByTestId('simulator-state')).toHaveText(es['machine.reimbursement.state.approved']);
    const steps = page.getByRole('region', { name: es['simulator.steps'] }).getByRole('listitem');
    await expect(steps).toHaveCount(1);
    await expect(steps).toContainText(es['machine.reimbursement.event.APPROVE']);
    // Approved: paying is what comes next.
    await expect(page.getByRole('button', { name: es['machine.reimbursement.event.PAY'], exact: true })).toBeVisible();

    await page.getByRole('button', { name: es['simulator.back'] }).click();
    await expect(page.getByTestId('simulator-state')).toHaveText(es['machine.reimbursement.state.inReview']);
    await expect(page.getByRole('button', { name: es['simulator.back'] })).toBeDisabled();

    // The engineer's view adds each fact's identifier beside its name, keeping the edited values.
    await page.getByLabel(es['simulator.fact.reimbursement.payableCents'], { exact: true }).fill('12345');
    await page.getByRole('button', { name: es['diagrams.view.engineer'] }).click();
    await expect(page).toHaveURL(/view=engineer/);
    await expect(page.getByLabel(`${es['simulator.fact.reimbursement.payableCents']} payableCents`, { exact: true })).toHaveValue('12345');
    await expect(facts.locator('[data-identifier]', { hasText: 'approvalThresholdCents' })).toBeVisible();
    await expectNoSeriousViolations(page);
    expect(workflowCalls).toEqual([]);
  });

  test('works from the keyboard and speaks Japanese', async ({ page }) => {
    await signIn(page, ADMIN.email, { to: OPEN, preferences: { locale: 'ja' } });
    await expect(page.getByRole('heading', { name: ja['simulator.title'] })).toBeVisible();
    await page.getByLabel(ja['simulator.fact.reimbursement.payableCents'], { exact: true }).fill('100000');
    await page.getByRole('button', { name: ja['machine.reimbursement.event.APPROVE'], exact: true }).focus();
    await page.keyboard.press('Enter');
    // The payload form follows; APPROVE carries none, so the next Tab reaches its send button.
    const send = page.getByRole('button', { name: ja['simulator.send'].replace('{event}', ja['machine.reimbursement.event.APPROVE']) });
    await send.focus();
    await page.keyboard.press('Enter');
    const status = page.getByTestId('simulator-result').getByRole('status');
    await expect(status).toContainText(ja['simulator.refused']);
    await expect(status).toContainText(ja['machine.reimbursement.guard.withinApprovalAuthority']);
    await expectNoSeriousViolations(page);
  });
});
