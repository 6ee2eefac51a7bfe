import { describe, expect, it } from 'vitest';
import { call, expectProblem, signIn } from './helpers.ts';
import { firstDoctorId, people, usePaymentDesk } from './payment-run-kit.ts';

usePaymentDesk();

// Issue 26: a doctor paid by assignment of benefits has the account payment runs pay; treasury keeps it with the
// payment-account permission alone (as for holders), without the right to edit the doctor.
describe('a doctor’s payee account', () => {
  it('is saved and revealed by treasury, who cannot edit the doctor; a verifier can do neither', async () => {
    const doctor = firstDoctorId();
    const body = { ownerType: 'DOCTOR', ownerId: doctor, holderName: 'Clínica Dental Norte', scheme: 'IBAN', number: 'ES9121000418450200051332' };
    const saved = await call('PUT', '/api/payee-accounts', { token: people.treasury, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ownerType: 'DOCTOR', ownerId: doctor, maskedNumber: expect.stringMatching(/1332$/), needsCorrection: false });
    expect((await call('GET', `/api/payee-accounts/DOCTOR/${doctor}`, { token: people.treasury })).body.account).toMatchObject({ holderName: 'Clínica Dental Norte' });
    expect((await call('POST', `/api/payee-accounts/DOCTOR/${doctor}/reveal`, { token: people.treasury })).body).toMatchObject({ number: 'ES9121000418450200051332' });
    // Treasury reads the doctor (whom it pays) but does not change it.
    const record = await call('GET', `/api/doctors/${doctor}`, { token: people.treasury });
    expect(record.status).toBe(200);
    expectProblem(await call('PUT', `/api/doctors/${doctor}`, { token: people.treasury, body: { ...record.body, version: record.body.version } }), 403, 'auth.forbidden');

    const verifier = await signIn('verificador@demo.local');
    expectProblem(await call('PUT', '/api/payee-accounts', { token: verifier, body: { ...body, holderName: 'Otro' } }), 403, 'auth.forbidden');
    expectProblem(await call('GET', `/api/payee-accounts/DOCTOR/${doctor}`, { token: verifier }), 403, 'auth.forbidden');
    expect((await call('GET', `/api/payee-accounts/DOCTOR/${doctor}`, { token: people.treasury })).body.account.holderName).toBe('Clínica Dental Norte');
  });
});
