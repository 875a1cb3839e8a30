/**
 * The console's files as the API serves them: one static page under helmet's CSP, with no inline
 * script or style, its modules and styles local, and no code that parses data as HTML.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApi, type TestApi } from '../support/api-harness';

const PUBLIC = path.resolve(__dirname, '../../console/public');

function filesBelow(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesBelow(path.join(folder, entry.name))
      : [path.join(folder, entry.name)],
  );
}

describe('the console files', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('console-assets');
  });
  afterAll(() => api.close());

  it('when /console is asked for, then it redirects to /console/, the page under the CSP', async () => {
    const redirect = await fetch(`${api.baseUrl}/console`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/console/');

    const page = await fetch(`${api.baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // every script is a file
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('then every file it references, and every module those import, loads from the API', async () => {
    const pending = ['index.html'];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const response = await fetch(`${api.baseUrl}/console/${file}`);
      expect({ file, status: response.status }).toEqual({ file, status: 200 });
      const text = await response.text();
      const references = [
        ...text.matchAll(/(?:src|href)="([^"#:]+)"/g),
        ...text.matchAll(/from '(\.[^']+)'/g),
      ].map((match) => path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)));
      // Links out of the console (the API docs) are not its files.
      pending.push(...references.filter((reference) => !reference.startsWith('..')));
    }
    expect([...seen]).toEqual(
      expect.arrayContaining([
        'console.css',
        'favicon.svg',
        'js/main.js',
        'js/chart/line-chart.js',
      ]),
    );
  });

  it('then no script parses data as HTML', () => {
    const scripts = filesBelow(PUBLIC).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    for (const file of scripts) {
      const text = readFileSync(file, 'utf8');
      expect({
        file,
        html: /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/.exec(text)?.[0],
      }).toEqual({
        file,
        html: undefined,
      });
    }
  });
});
