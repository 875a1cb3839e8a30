/**
 * Told after changes reach the log, so that whatever follows it (the export's deliveries) can
 * start at once instead of at its next periodic look. Never awaited by a write: a listener that
 * fails or is slow must not hold up ingestion, and the periodic look catches what it missed.
 */
export interface ChangeListener {
  changed(tenant: string, head: number): void;
}

export const NO_CHANGE_LISTENER: ChangeListener = { changed: () => undefined };
