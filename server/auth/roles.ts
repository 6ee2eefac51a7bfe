/**
 * The seeded roles of DESIGN.md (research 2.12) and what each may do. Permissions are
 * `resource:action`; operations name theirs with `x-permission` in the contract.
 */
const crud = (resource: string) => ['read', 'create', 'update', 'delete'].map((action) => `${resource}:${action}`);
const read = (...resources: string[]) => resources.map((resource) => `${resource}:read`);

const masterData = ['doctors', 'patients', 'policyholders', 'policies', 'insurers'];
const workflows = ['verifications', 'reimbursements'];
const communication = ['notes', 'messages', 'announcements'];

/** Every signed-in user may read and end their own session. */
export const BASE_PERMISSIONS = ['session:own'];

export const ROLE_PERMISSIONS: Record<string, string[]> = {
  administrator: [
    ...[...masterData, ...workflows, ...communication, 'downloads', 'users', 'roles', 'attachments'].flatMap(crud),
    'audit:read',
    'reimbursements:approve',
    'reimbursements:approve_above_threshold',
    'reimbursements:medical_review',
    'reimbursements:pay',
    'diagrams:read',
    'settings:read',
    'settings:update',
    'policyholders:reveal_bank',
    'payments:read',
    'payments:create',
    'payments:approve',
  ],
  supervisor: [
    'settings:read',
    ...read(...masterData, ...workflows, 'downloads', 'users', 'roles', 'attachments'),
    ...crud('announcements'),
    ...crud('notes'),
    ...crud('messages'),
    'insurers:create',
    'insurers:update',
    'doctors:create',
    'doctors:update',
    'downloads:create',
    'audit:read',
    'reimbursements:update',
    'reimbursements:approve',
    'reimbursements:approve_above_threshold',
    // Supervisors hand out the verification worklist (assign in bulk) and may work any verification.
    'verifications:update',
    'diagrams:read',
    // Payment runs (issue 26): the supervisor is the second person who approves what treasury prepared.
    'payments:read',
    'payments:approve',
  ],
  verifier: [
    'settings:read',
    ...crud('patients'),
    ...crud('policyholders'),
    ...crud('verifications'),
    'attachments:read',
    'attachments:create',
    ...read('doctors', 'policies', 'insurers', 'announcements'),
    ...crud('notes'),
    ...crud('messages'),
  ],
  reimbursement_analyst: [
    'settings:read',
    ...crud('reimbursements'),
    'reimbursements:approve',
    'attachments:read',
    'attachments:create',
    ...read('doctors', 'patients', 'policyholders', 'policies', 'insurers', 'verifications', 'announcements'),
    ...crud('notes'),
    ...crud('messages'),
  ],
  dental_auditor: [
    'settings:read',
    'diagrams:read',
    'reimbursements:read',
    'reimbursements:update',
    'reimbursements:approve',
    // R12: claims sampled for medical review are approved by the dental auditor.
    'reimbursements:medical_review',
    'attachments:read',
    ...read('doctors', 'patients', 'policies', 'insurers', 'verifications', 'announcements'),
    ...crud('notes'),
    ...crud('messages'),
  ],
  treasury: [
    'settings:read',
    'reimbursements:read',
    // Treasury pays approved claims and nothing else of their workflow (research 2.12).
    'reimbursements:pay',
    // Payouts go to the holder's account: treasury sees whom it pays and reveals the account (audited).
    ...read('insurers', 'policies', 'policyholders', 'announcements'),
    'policyholders:reveal_bank',
    // Payment runs (issue 26): treasury prepares them, writes the bank file and reads the bank's answer; it opens the
    // doctor paid by assignment of benefits to keep the account on file (payments:create), not to edit the doctor.
    'doctors:read',
    'payments:read',
    'payments:create',
    'downloads:read',
    'downloads:create',
    ...crud('messages'),
  ],
  read_only: [...read(...masterData, ...workflows, 'announcements', 'notes', 'settings')],
};

/** Demo accounts, one per role (password `demo1234`); seeded only on the embedded database or on request. */
export const DEMO_USERS: { email: string; name: string; role: keyof typeof ROLE_PERMISSIONS }[] = [
  { email: 'admin@demo.local', name: 'Ana Administradora', role: 'administrator' },
  { email: 'supervisor@demo.local', name: 'Sergio Supervisor', role: 'supervisor' },
  { email: 'verificador@demo.local', name: 'Valeria Verificadora', role: 'verifier' },
  { email: 'analista@demo.local', name: 'Andrés Analista', role: 'reimbursement_analyst' },
  { email: 'auditor@demo.local', name: 'Olga Auditora', role: 'dental_auditor' },
  { email: 'tesoreria@demo.local', name: 'Tomás Tesorería', role: 'treasury' },
  { email: 'consulta@demo.local', name: 'Carla Consulta', role: 'read_only' },
];
/**
 * A second analyst: whoever creates a claim may not approve it (R13), so with one analyst only the auditor or the
 * supervisor could approve the demo's claims. The demo's claims come from both analysts, and each approves the other's.
 */
export const SECOND_ANALYST = { email: 'analista2@demo.local', name: 'Inés Analista', role: 'reimbursement_analyst' } as const;
/** Every demo account: one per role and the second analyst. */
export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: keyof typeof ROLE_PERMISSIONS }[] = [...DEMO_USERS, SECOND_ANALYST];
export const DEMO_PASSWORD = 'demo1234';
