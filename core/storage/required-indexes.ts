/**
 * What the API, the worker and the command line check at start-up: every index of the service is
 * on the server with its key and options. They never build one: on a large collection a build
 * takes long, and it is a deploy's step, run once by the index command before the processes of a
 * version start (docs/operations.md#indexes).
 */
import type { Collections } from './collections';
import type { StorageEngine } from './engines/storage-engine';
import { indexLabel, type IndexState } from './index-state';

const INDEX_COMMAND =
  'npm run cli -- indexes create (in the image: node dist/admin/main.js indexes create)';

/** Named in a refusal before "and N more": enough to see what is wrong, on one line. */
const NAMED_AT_MOST = 5;

export class IndexesNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexesNotReadyError';
  }
}

function problemOf(state: IndexState): string {
  return state.status === 'differs'
    ? `${indexLabel(state)} differs (${state.found ?? 'options'})`
    : `${indexLabel(state)} is missing`;
}

/** One line that says what is wrong and what to run; null when every index is there. */
function indexRefusal(states: readonly IndexState[]): string | null {
  const wrong = states.filter((state) => state.status !== 'present');
  if (wrong.length === 0) return null;
  const run = `create them with: ${INDEX_COMMAND}`;
  if (wrong.length === states.length && wrong.every((state) => state.status === 'missing'))
    return `MongoDB holds none of the service's ${states.length} indexes; ${run}`;
  const named = wrong.slice(0, NAMED_AT_MOST).map(problemOf);
  if (wrong.length > NAMED_AT_MOST) named.push(`and ${wrong.length - NAMED_AT_MOST} more`);
  return `MongoDB lacks ${wrong.length} of the service's ${states.length} indexes: ${named.join('; ')}; ${run}`;
}

export async function requireServiceIndexes(
  engine: Pick<StorageEngine, 'indexStates'>,
  db: Collections,
): Promise<void> {
  const refusal = indexRefusal(await engine.indexStates(db));
  if (refusal) throw new IndexesNotReadyError(refusal);
}
