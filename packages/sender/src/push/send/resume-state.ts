/**
 * What a run starts from: nothing, or (with `--resume`) the checkpoint an earlier run of the same
 * file and funnel left. An existing checkpoint is never overwritten by accident: without
 * `--resume` it is refused, and `--restart` discards it.
 */
import { checkpointPathOf, readCheckpoint, removeCheckpoint, type Checkpoint } from './checkpoint';
import { UsageError } from './push-errors';

export interface ResumeChoice {
  resume: boolean;
  restart: boolean;
  fullSync: boolean;
}

export async function startingCheckpoint(
  inputPath: string,
  fresh: Checkpoint,
  choice: ResumeChoice,
): Promise<{ path: string; state: Checkpoint; resumed: boolean }> {
  const path = checkpointPathOf(inputPath);
  // Discarded unread: --restart is also the way out of a checkpoint this version cannot read.
  if (choice.restart) {
    await removeCheckpoint(path);
    return { path, state: fresh, resumed: false };
  }
  const found = await readCheckpoint(path).catch((error: Error) => {
    throw new UsageError(`${error.message} (pass --restart to discard it)`);
  });
  if (!found) return { path, state: fresh, resumed: false };
  if (!choice.resume) {
    throw new UsageError(
      `${path} holds the progress of an earlier push of this file: pass --resume to send only ` +
        'the batches it lacks, or --restart to discard it and send everything again',
    );
  }
  if (found.identity !== fresh.identity || found.funnel !== fresh.funnel) {
    throw new UsageError(
      `${path} was written for another version of the file or another funnel ("${found.funnel}"); ` +
        'pass --restart to discard it',
    );
  }
  if (choice.fullSync !== Boolean(found.syncId)) {
    const other = found.syncId ? 'with' : 'without';
    throw new UsageError(`${path} was written by a push ${other} --full-sync; pass --restart`);
  }
  return { path, state: found, resumed: true };
}
