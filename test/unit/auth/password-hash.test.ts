/** Password hashes (docs/access.md#people-and-passwords): salted, self-describing, and compared in constant time. */
import { hashPassword, STAND_IN_HASH, verifyPassword } from '../../../core/auth/password-hash';
import { hashOfSecret, looksLikeSecret, newSecret } from '../../../core/auth/secret-token';

describe('password hashes', () => {
  it('when a password is hashed, then the hash names scrypt and its cost, and holds no password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(hash).not.toContain('correct');
  });

  it('when the same password is hashed twice, then the salts differ', async () => {
    const [first, second] = await Promise.all([
      hashPassword('correct horse battery'),
      hashPassword('correct horse battery'),
    ]);
    expect(first).not.toBe(second);
  });

  it('when a password is checked, then only the one hashed matches', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('when the stored value is not a hash of ours, then nothing matches it', async () => {
    expect(await verifyPassword('anything', 'plain text')).toBe(false);
    expect(await verifyPassword('anything', STAND_IN_HASH)).toBe(false);
  });
});

describe('secrets of sessions and invitations', () => {
  it('when a secret is made, then it is 32 random bytes in base64url, stored only as its SHA-256', () => {
    const secret = newSecret();
    expect(looksLikeSecret(secret)).toBe(true);
    expect(newSecret()).not.toBe(secret);
    expect(hashOfSecret(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeSecret(`${secret}x`)).toBe(false);
    expect(looksLikeSecret(undefined)).toBe(false);
  });
});
