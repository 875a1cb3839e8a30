/** The refusal of an export target: at save it becomes a 422 message, at delivery a failed attempt. */
export class TargetRefusedError extends Error {
  readonly code = 'EXPORT_TARGET_REFUSED';

  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}
