/**
 * Features FerretDB v1 does not have, or carries out as a no-op while MongoDB does the work
 * (docs/storage.md#where-ferretdb-v1-is-more-lenient-than-mongodb): the code uses none of them,
 * so that a green suite on the test engine says nothing false about MongoDB.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['core', 'api', 'worker'].map((folder) => path.join(__dirname, '../../..', folder));
const UNUSED = [
  '$pull',
  'arrayFilters',
  'collation',
  '$expr',
  '$lookup',
  '$facet',
  'startSession',
  'withTransaction',
  'partialFilterExpression',
  'sparse:',
];

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('server features the code does without', () => {
  it('when the sources are read, then none uses a feature the test engine lacks or ignores', () => {
    const found = ROOTS.flatMap(sources).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return UNUSED.filter((feature) => text.includes(feature)).map(
        (feature) => `${path.relative(path.join(__dirname, '../../..'), file)}: ${feature}`,
      );
    });
    expect(found).toEqual([]);
  });
});
