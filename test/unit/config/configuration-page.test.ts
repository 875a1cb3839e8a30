/** The configuration page (docs/configuration.md) names every variable the processes read, and no other. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VARIABLES } from '../../../core/platform/config';

describe('the configuration page', () => {
  it('when a variable is read by a process, then the table has a row for it, and no row for one that is not', () => {
    const readme = readFileSync(path.join(__dirname, '../../../docs/configuration.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1]);
    expect([...new Set(rows)].sort()).toEqual(Object.keys(VARIABLES).sort());
  });
});
