/**
 * An input that cannot be read on: a missing file, a broken JSON array, a CSV header that does
 * not say what to build. It ends the run, unlike a bad row, which is only reported.
 */
export class InputError extends Error {
  override name = 'InputError';
}
