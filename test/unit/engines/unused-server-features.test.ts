/**
 * What MongoDB 7+ and DocumentDB do not share, which the code does not use
 * (docs/storage.md#engines): a collation, which DocumentDB ignores while its collation setting is
 * off (the default), so that a green suite on the test engine says nothing false about MongoDB.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['core', 'api', 'worker'].map((folder) => path.join(__dirname, '../../..', folder));
const UNUSED = ['collation'];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('server features the code does without', () => {
  it('when the sources are read, then none uses a feature one of the supported engines lacks or ignores', () => {
    const found = ROOTS.flatMap(sources).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return UNUSED.filter((feature) => text.includes(feature)).map(
        (feature) => `${path.relative(path.join(__dirname, '../../..'), file)}: ${feature}`,
      );
    });
    expect(found).toEqual([]);
  });
});
