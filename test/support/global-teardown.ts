/** Stops the engines that global-setup started, and only those. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__FUNNEL_SYNC_ENGINES__?.stop();
}
