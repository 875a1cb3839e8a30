/**
 * The commonest passwords of at least 12 characters, as found at the top of published password
 * leaks: what a guesser tries first. A short list on purpose: it refuses the obvious, and the
 * length and distinct-character rules of password-rule.ts do the rest.
 */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789000',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'qwertyuiop12',
  'qwerty123456',
  'qwertyuiopasdfgh',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'iloveyou1234',
  'abcdefghijkl',
  'abc123abc123',
  'letmein12345',
  'welcome12345',
  'changeme1234',
  'administrator',
  'funnelsync123',
  'funnel-sync123',
]);

/** Compared without case and white space, as a guesser varies them. */
export function isCommonPassword(text: string): boolean {
  return COMMON_PASSWORDS.has(text.replace(/\s/gu, '').toLowerCase());
}
