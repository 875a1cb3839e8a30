/**
 * What every browser test of the console starts and stops: Chromium first (without a browser,
 * nothing else is started), then an API on the test engines, and the tabs a test opens, closed
 * after it. Called at the top of a `describe`; `browser` and `api` are there once its `beforeAll`
 * has run.
 */
import type { Browser } from 'playwright-core';
import { startTestApi, type TestApi } from '../../support/api-harness';
import { launchChromium, openTab, type ConsoleTab, type TabOptions } from './console-browser';

export interface ConsoleBed {
  browser: Browser;
  api: TestApi;
  /** A tab on the console, closed after the test that opened it (if the test did not). */
  open(options?: TabOptions): Promise<ConsoleTab>;
}

export function consoleBed(
  label: string,
  overrides: Parameters<typeof startTestApi>[1] = {},
): ConsoleBed {
  const tabs: ConsoleTab[] = [];
  const bed = {
    async open(options?: TabOptions) {
      const tab = await openTab(bed.browser, bed.api.baseUrl, options);
      tabs.push(tab);
      return tab;
    },
  } as ConsoleBed;
  beforeAll(async () => {
    bed.browser = await launchChromium();
    bed.api = await startTestApi(label, overrides);
  });
  afterAll(async () => {
    await bed.browser?.close();
    await bed.api?.close();
  });
  afterEach(async () => {
    await Promise.all(tabs.splice(0).map((tab) => tab.close()));
  });
  return bed;
}
