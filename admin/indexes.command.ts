/**
 * `indexes create`: the service's indexes, made before a version's API and workers start, which
 * only check for them (docs/operations.md#indexes). Run again, it creates only what is missing.
 * An index that exists otherwise (another key, unique or not, another TTL) is left alone and
 * named: dropping it for a rebuild is the operator's call.
 */
import type { Command } from 'commander';
import { indexLabel, type IndexState } from '../core/storage/index-state';
import { CliError, EXIT } from './cli-error';
import type { CliIo } from './cli-io';
import { emit } from './output';
import { withDatabase } from './runtime';

interface IndexesOptions {
  json?: boolean;
}

const labelsOf = (states: readonly IndexState[], status: IndexState['status']) =>
  states.filter((state) => state.status === status).map(indexLabel);

function printed(states: readonly IndexState[]) {
  return {
    created: labelsOf(states, 'created'),
    present: labelsOf(states, 'present'),
    differs: states
      .filter((state) => state.status === 'differs')
      .map((state) => ({ index: indexLabel(state), found: state.found ?? '' })),
  };
}

function lines(result: ReturnType<typeof printed>): string[] {
  return [
    ...result.created.map((label) => `created  ${label}`),
    ...result.differs.map(({ index, found }) => `differs  ${index}: ${found}`),
    `${result.created.length} created, ${result.present.length} already there` +
      (result.differs.length > 0 ? `, ${result.differs.length} differ` : ''),
  ];
}

export function registerIndexesCommand(program: Command, io: CliIo): void {
  program
    .command('indexes')
    .description("the service's MongoDB indexes")
    .command('create')
    .description(
      "create the service's indexes that are missing (run before starting a new version's " +
        'API and workers, which refuse to start without them); prints what it created',
    )
    .option('--json', 'print {"created","present","differs"}')
    .action(async (options: IndexesOptions) => {
      const states = await withDatabase(io, ({ db, engine }) => engine.createIndexes(db));
      const result = printed(states);
      emit(io.stdout, Boolean(options.json), result, () => lines(result));
      if (result.differs.length === 0) return;
      throw new CliError(
        EXIT.indexes,
        `${result.differs.length} of the service's indexes exist otherwise; drop each ` +
          '(db.<collection>.dropIndex("<name>")) and run indexes create again',
      );
    });
}
