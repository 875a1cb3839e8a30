/**
 * Debian's chromium, driven by playwright-core, for the console's tests: one browser per test
 * file; tabs that record what would go wrong unseen (console errors, uncaught exceptions, CSP
 * violations); screenshots kept as test artifacts in test-artifacts/console/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where the console keeps the signed-in token (console/public/js/session.js). */
export const TOKEN_KEY = 'funnel-sync.console.token';
const ARTIFACTS = path.resolve(__dirname, '../../../test-artifacts/console');

/** Playwright never downloads a browser here: a missing chromium fails the tests, loudly. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The console's browser tests need Chromium, and there is none at ${CHROMIUM_PATH}. ` +
        "Install Debian's package with `bash scripts/install-engines.sh --if-needed` " +
        '(apt-get install chromium), or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  try {
    return await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  } catch (error) {
    throw new Error(`Chromium at ${CHROMIUM_PATH} did not start: ${String(error)}`, {
      cause: error,
    });
  }
}

/** Runs in every document before its own scripts; CSP does not apply to it. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + event.blockedURI);
});`;

export interface ConsoleTab {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and CSP violations seen so far, as text. */
  problems: string[];
  /** A full-page screenshot at test-artifacts/console/<name>.png. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface TabOptions {
  viewport?: { width: number; height: number };
  /**
   * Signed in already: the token is put where the sign-in form keeps it, before the console
   * starts. For tests of the pages; sign-in.test.ts goes through the form.
   */
  token?: string;
  /**
   * The browser's HTTP cache as a person's browser has it. Playwright turns the cache off for a
   * tab whose requests it routes, so such a tab is not kept from reaching past the API: for a
   * test of what the cache does, on pages that load nothing from elsewhere.
   */
  httpCache?: boolean;
}

/** A tab of its own (its own cookies and sessionStorage) on the API at `baseUrl`. */
export async function openTab(
  browser: Browser,
  baseUrl: string,
  { viewport = { width: 1280, height: 900 }, token, httpCache = false }: TabOptions = {},
): Promise<ConsoleTab> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  if (token) {
    const keep = `sessionStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)});`;
    await context.addInitScript({ content: keep });
  }
  // The tests never reach past the API under test.
  if (!httpCache) {
    await context.route(
      (url) => url.origin !== new URL(baseUrl).origin,
      (route) => route.abort(),
    );
  }
  const page = await context.newPage();
  const problems: string[] = [];
  await page.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  return {
    page,
    context,
    problems,
    async screenshot(name) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
    },
    close: () => context.close(),
  };
}

/**
 * The problems left once the browser's own report of an expected refusal is taken out: a fetch
 * answered 401 or 403 is logged by Chromium as "Failed to load resource", whatever the page does.
 */
export function unexpected(problems: string[], ...refusals: number[]): string[] {
  const expected = refusals.map(
    (status) =>
      `console: Failed to load resource: the server responded with a status of ${status} `,
  );
  return problems.filter((problem) => !expected.some((text) => problem.startsWith(text)));
}

/** Signs in through the form and waits for the funnels page. */
export async function signIn(tab: ConsoleTab, token: string): Promise<void> {
  await tab.page.goto('/console/');
  await tab.page.getByLabel('API token').fill(token);
  await tab.page.getByRole('button', { name: 'Sign in with the token' }).click();
  await tab.page.getByRole('heading', { level: 1, name: 'Funnels' }).waitFor();
}
