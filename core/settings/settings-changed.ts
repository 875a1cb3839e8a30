/**
 * Told after every change to a tenant's funnels or content types, by the repositories that make
 * it: the API process announces the change to the workers (settings-versions.ts).
 */
export type SettingsChanged = (tenant: string) => Promise<void>;

/** For readers, which change nothing. */
export const NO_LISTENER: SettingsChanged = () => Promise.resolve();
