import { isIsoDate } from '@core/benefits/dates.ts';
import { recordAudit } from '../audit.ts';
import { loadContract } from '../http/contract.ts';
import type { Deps, Handler, UntypedRequest } from '../http/types.ts';
import { FHIR_BASE, clientOf } from './area.ts';
import { capabilityStatement } from './capability.ts';
import { authenticateSecret, issueToken, TOKEN_SECONDS, type CallingClient } from './clients.ts';
import { findEnrolment, searchEnrolments, type EnrolmentRow } from './enrolments.ts';
import { parseIdentifier } from './identifiers.ts';
import { OAuthError, clientCredentials } from './oauth.ts';
import { fhirError } from './outcome.ts';
import { coverageResource, patientResource, searchset } from './patient-resource.ts';
import { expandScopes } from './scopes.ts';
import { actorOf, askEligibility, readEligibilityRequest } from './eligibility.ts';
import { eligibilityResponse } from './eligibility-response.ts';
import { readClaim } from './claim-input.ts';
import { submitClaim, submitPreauthorization } from './claim.ts';
import { CLAIM_RESPONSE, claimResponse, explanationOfBenefit, findClaim, preauthorizationResponse, searchClaims } from './claim-response.ts';
import { REIMBURSEMENT_STATES, type ReimbursementState } from '@core/workflows/reimbursement.machine.ts';
import { claimResource } from './claim-resource.ts';
import { notInForceResponse } from './not-in-force.ts';
import { findReconciliation, searchReconciliations } from './reconciliation.ts';

/** Where the endpoint is, as the client reached it (PUBLIC_URL when set). */
export const baseUrl = (deps: Deps, request: UntypedRequest) =>
  `${deps.config.publicUrl?.replace(/\/$/, '') ?? `http://${request.header('host') ?? 'localhost'}`}${FHIR_BASE}`;

/** A client's read is audited like a staff member's, with the client named. */
export function auditRead(deps: Deps, request: UntypedRequest, client: CallingClient, action: 'VIEW' | 'LIST', entityType: string, detail: Record<string, unknown>, entityId?: number) {
  return recordAudit(deps.db, {
    userId: client.userId,
    action,
    entityType,
    entityId,
    result: 'ALLOWED',
    ip: request.ip,
    userAgent: request.userAgent,
    detail: { ...detail, integrationClient: client.clientId, integrationClientName: client.name },
  });
}

const fhirJson = (body: unknown, status = 200) => ({ status, body });

/** The FHIR operations of the contract: metadata, the token, Patient and Coverage. */
export function fhirHandlers(deps: Deps): Record<string, Handler> {
  const { db } = deps;

  const readEnrolment = async (request: UntypedRequest, type: 'Patient' | 'Coverage', present: (row: EnrolmentRow) => object) => {
    const client = clientOf(request);
    const row = await findEnrolment(db, client, request.params.id);
    if (!row) throw fhirError(404, 'not-found', `No ${type} ${request.params.id} this client may read.`);
    await auditRead(deps, request, client, 'VIEW', 'patient', { resource: type }, row.id);
    return fhirJson(present(row));
  };

  const searchEnrolment = async (request: UntypedRequest, type: 'Patient' | 'Coverage', present: (row: EnrolmentRow) => { resourceType: string; id: string }) => {
    const client = clientOf(request);
    const query = request.query as { identifier?: string; _id?: string; beneficiary?: string; patient?: string; _count: number };
    const reference = query.beneficiary ?? query.patient;
    const { rows, total } = await searchEnrolments(db, client, {
      id: query._id ? Number(query._id) : undefined,
      patientId: reference ? Number(reference.replace('Patient/', '')) : undefined,
      identifier: query.identifier ? parseIdentifier(query.identifier) : undefined,
      policyIdentifies: type === 'Coverage',
      count: query._count,
    });
    await auditRead(deps, request, client, 'LIST', 'patient', { resource: type, ids: rows.map((r) => r.id), total });
    return fhirJson(searchset(baseUrl(deps, request), rows.map(present), total));
  };

  /** A search's `created` parameter (`ge2026-11-01`) as an operator and a date; a date that is not one is refused. */
  const createdOf = (created: string | undefined) => {
    if (created && !isIsoDate(created.replace(/^[a-z]{2}/, ''))) throw fhirError(400, 'invalid', 'created: a real date (YYYY-MM-DD) with an optional prefix.');
    return created ? { op: /^[a-z]{2}/.test(created) ? created.slice(0, 2) : 'eq', date: created.replace(/^[a-z]{2}/, '') } : undefined;
  };

  /** The client's claims by patient, date and status (the states whose mapping gives that status and outcome). */
  const claimSearch = async (request: UntypedRequest, kind: (mapping: (typeof CLAIM_RESPONSE)[ReimbursementState]) => boolean) => {
    const client = clientOf(request);
    const actor = actorOf(client, request.user!.permissions, request.ip, request.userAgent);
    const query = request.query as { patient?: string; created?: string; status?: string; outcome?: string; _count: number };
    const states = REIMBURSEMENT_STATES.filter((state) => {
      const mapping = CLAIM_RESPONSE[state];
      return kind(mapping) && (!query.status || mapping.status === query.status) && (!query.outcome || mapping.outcome === query.outcome);
    });
    const created = createdOf(query.created);
    const { rows, total } = await searchClaims(db, client, { patientId: query.patient ? Number(query.patient.replace('Patient/', '')) : undefined, created, states, count: query._count });
    return { client, actor, rows, total };
  };

  return {
    async fhirCapabilities(request) {
      const { operations, document } = loadContract();
      const fhirOperations = operations.filter((op) => op.path.startsWith(`${FHIR_BASE}/`));
      return fhirJson(capabilityStatement(fhirOperations, baseUrl(deps, request), document, deps.today()));
    },

    async fhirToken(request) {
      const form = request.body as { grant_type: string; scope?: string; client_id?: string; client_secret?: string };
      const { clientId, secret } = clientCredentials(request.header('authorization'), form);
      const client = await authenticateSecret(db, clientId, secret);
      if (!client) {
        await recordAudit(db, { userId: null, action: 'LOGIN_FAILED', entityType: 'integrationClient', result: 'DENIED', ip: request.ip, userAgent: request.userAgent, detail: { clientId } });
        throw new OAuthError(401, 'invalid_client', 'Unknown client, wrong secret, or a revoked client.', { 'WWW-Authenticate': 'Basic realm="fhir"' });
      }
      const asked = form.scope === undefined ? client.scopes : expandScopes(form.scope);
      if (!asked || asked.some((scope) => !client.scopes.includes(scope))) {
        throw new OAuthError(400, 'invalid_scope', `The client may ask for: ${client.scopes.join(' ')}.`);
      }
      const token = await issueToken(db, client, asked);
      await recordAudit(db, { userId: client.userId, action: 'LOGIN', entityType: 'integrationClient', entityId: client.id, result: 'ALLOWED', ip: request.ip, userAgent: request.userAgent, detail: { integrationClient: client.clientId, scopes: asked } });
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: TOKEN_SECONDS, scope: asked.join(' ') }, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } };
    },

    async fhirRequestEligibility(request) {
      const client = clientOf(request);
      const today = deps.today();
      const question = await readEligibilityRequest(db, client, request.body, today);
      if (question.enrolment && question.enrolment.state !== 'ACTIVE') {
        await auditRead(deps, request, client, 'VIEW', 'patient', { resource: 'CoverageEligibilityRequest', inforce: false, state: question.enrolment.state }, question.patientId);
        return fhirJson(notInForceResponse(question.enrolment, question, request.body as Record<string, unknown>, new Date()));
      }
      const actor = actorOf(client, request.user!.permissions, request.ip, request.userAgent);
      const id = await askEligibility(db, question, request.body, client, actor, today);
      return fhirJson(await eligibilityResponse(db, client, id, today));
    },

    async fhirReadEligibilityResponse(request) {
      const client = clientOf(request);
      const answer = await eligibilityResponse(db, client, request.params.id, deps.today());
      await auditRead(deps, request, client, 'VIEW', 'verification', { resource: 'CoverageEligibilityResponse' }, request.params.id);
      return fhirJson(answer);
    },

    async fhirSubmitClaim(request) {
      const client = clientOf(request);
      const today = deps.today();
      const input = await readClaim(db, client, request.body);
      const actor = actorOf(client, request.user!.permissions, request.ip, request.userAgent);
      if (input.use !== 'claim') {
        const id = await submitPreauthorization(db, deps.files, client, actor, input, request.body, today);
        return fhirJson(preauthorizationResponse(await eligibilityResponse(db, client, id, today), input.use), 201);
      }
      const { id, created } = await submitClaim(db, deps.files, client, actor, input, request.body, today);
      const body = await claimResponse(db, await findClaim(db, client, id), actor, today);
      return { status: created ? 201 : 200, body, headers: { Location: `${baseUrl(deps, request)}/ClaimResponse/${id}` } };
    },

    async fhirReadClaimResponse(request) {
      const client = clientOf(request);
      const today = deps.today();
      const id = String(request.params.id);
      const actor = actorOf(client, request.user!.permissions, request.ip, request.userAgent);
      if (id.startsWith('pa-')) {
        const answer = await eligibilityResponse(db, client, Number(id.slice(3)), today);
        await auditRead(deps, request, client, 'VIEW', 'verification', { resource: 'ClaimResponse' }, Number(id.slice(3)));
        const use = answer.purpose.includes('auth-requirements') ? 'preauthorization' : 'predetermination';
        return fhirJson(preauthorizationResponse(answer, use));
      }
      const row = await findClaim(db, client, Number(id));
      await auditRead(deps, request, client, 'VIEW', 'reimbursement', { resource: 'ClaimResponse' }, row.id);
      return fhirJson(await claimResponse(db, row, actor, today));
    },

    async fhirSearchClaimResponse(request) {
      const { client, actor, rows, total } = await claimSearch(request, () => true);
      await auditRead(deps, request, client, 'LIST', 'reimbursement', { resource: 'ClaimResponse', ids: rows.map((r) => r.id), total });
      const resources = [];
      for (const row of rows) resources.push(await claimResponse(db, row, actor, deps.today()));
      return fhirJson(searchset(baseUrl(deps, request), resources, total));
    },

    async fhirReadExplanationOfBenefit(request) {
      const client = clientOf(request);
      const row = await findClaim(db, client, request.params.id);
      const actor = actorOf(client, request.user!.permissions, request.ip, request.userAgent);
      const eob = await explanationOfBenefit(db, row, actor, deps.today());
      await auditRead(deps, request, client, 'VIEW', 'reimbursement', { resource: 'ExplanationOfBenefit' }, row.id);
      return fhirJson(eob);
    },

    async fhirSearchExplanationOfBenefit(request) {
      const { client, actor, rows, total } = await claimSearch(request, (mapping) => mapping.decided);
      await auditRead(deps, request, client, 'LIST', 'reimbursement', { resource: 'ExplanationOfBenefit', ids: rows.map((r) => r.id), total });
      const resources = [];
      for (const row of rows) resources.push(await explanationOfBenefit(db, row, actor, deps.today()));
      return fhirJson(searchset(baseUrl(deps, request), resources, total));
    },

    async fhirReadClaim(request) {
      const client = clientOf(request);
      const row = await findClaim(db, client, request.params.id);
      await auditRead(deps, request, client, 'VIEW', 'reimbursement', { resource: 'Claim' }, row.id);
      return fhirJson(await claimResource(db, row));
    },

    async fhirSearchClaim(request) {
      const { client, rows, total } = await claimSearch(request, () => true);
      await auditRead(deps, request, client, 'LIST', 'reimbursement', { resource: 'Claim', ids: rows.map((r) => r.id), total });
      const resources = [];
      for (const row of rows) resources.push(await claimResource(db, row));
      return fhirJson(searchset(baseUrl(deps, request), resources, total));
    },

    async fhirReadPaymentReconciliation(request) {
      const client = clientOf(request);
      const resource = await findReconciliation(db, client, String(request.params.id));
      await auditRead(deps, request, client, 'VIEW', 'payment_run', { resource: 'PaymentReconciliation', id: resource.id }, Number(resource.id.split('-')[0]));
      return fhirJson(resource);
    },

    async fhirSearchPaymentReconciliation(request) {
      const client = clientOf(request);
      const query = request.query as { created?: string; status?: string; _count: number };
      const { resources, total } = await searchReconciliations(db, client, { created: createdOf(query.created), status: query.status, count: query._count });
      await auditRead(deps, request, client, 'LIST', 'payment_run', { resource: 'PaymentReconciliation', ids: resources.map((r) => r.id), total });
      return fhirJson(searchset(baseUrl(deps, request), resources, total));
    },

    fhirReadPatient: (request) => readEnrolment(request, 'Patient', patientResource),
    fhirSearchPatient: (request) => searchEnrolment(request, 'Patient', patientResource),
    fhirReadCoverage: (request) => readEnrolment(request, 'Coverage', coverageResource),
    fhirSearchCoverage: (request) => searchEnrolment(request, 'Coverage', coverageResource),
  };
}
