import { describe, expect, it } from 'vitest';
import { hashPassword, scryptCost, verifyPassword } from '../../server/auth/passwords.ts';

describe('scrypt cost', () => {
  it('is the production cost outside tests, whatever TEST_SCRYPT_N says', () => {
    expect(scryptCost({ TEST_SCRYPT_N: '1024' })).toBe(32768);
    expect(scryptCost({ NODE_ENV: 'production', TEST_SCRYPT_N: '1024' })).toBe(32768);
    expect(scryptCost({})).toBe(32768);
  });

  it('may be lowered under NODE_ENV=test to a power of two, never raised past production nor made nonsense', () => {
    expect(scryptCost({ NODE_ENV: 'test', TEST_SCRYPT_N: '1024' })).toBe(1024);
    expect(scryptCost({ NODE_ENV: 'test', TEST_SCRYPT_N: '1048576' })).toBe(32768);
    for (const bad of ['1000', '0', '1', '-1024', 'x', '']) expect(scryptCost({ NODE_ENV: 'test', TEST_SCRYPT_N: bad })).toBe(32768);
  });

  it('is written in each hash, so a hash made at another cost still verifies', async () => {
    const hash = await hashPassword('contraseña segura');
    expect(hash.split('$')[1]).toBe(String(scryptCost()));
    const production = 'scrypt$32768$8$1$' + hash.split('$').slice(4).join('$');
    expect(await verifyPassword('contraseña segura', hash)).toBe(true);
    expect(await verifyPassword('otra', hash)).toBe(false);
    // The same salt and key under another N is another hash: the cost is part of what is checked.
    expect(await verifyPassword('contraseña segura', production)).toBe(scryptCost() === 32768);
  });
});
