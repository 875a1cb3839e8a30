/**
 * The checkpoint beside the input, `<file>.push-checkpoint.json`: the run's id (its requests'
 * Idempotency-Keys hold it, so `--resume` sends under the same keys), and the batches the service
 * answered (with their counts), for the file as it was (its identity) and the funnel. Written
 * whole to a temporary file and renamed over the old one, so a crash leaves one or the other.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';

export interface BatchCounts {
  imported: number;
  failed: number;
  /** Valid rows of a batch that failed all or nothing: counted in `failed` too. */
  notWritten: number;
}

export interface Checkpoint {
  version: 1;
  /** The run whose progress this is: a resumed run goes on under it. */
  runId: string;
  identity: string;
  funnel: string;
  syncId?: string;
  /** Batch index -> what its answer counted. */
  confirmed: Record<string, BatchCounts>;
}

export function checkpointPathOf(inputPath: string): string {
  return `${inputPath}.push-checkpoint.json`;
}

export async function readCheckpoint(path: string): Promise<Checkpoint | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<Checkpoint>;
  const understood =
    parsed.version === 1 &&
    typeof parsed.runId === 'string' &&
    typeof parsed.confirmed === 'object' &&
    parsed.confirmed !== null;
  if (!understood) {
    throw new Error(`${path} is not a push checkpoint this version understands`);
  }
  return parsed as Checkpoint;
}

export async function removeCheckpoint(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** Records answers as they come; writes one at a time, always the latest state. */
export class CheckpointWriter {
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(
    private readonly path: string,
    private readonly state: Checkpoint,
  ) {}

  record(index: number, counts: BatchCounts): Promise<void> {
    this.state.confirmed[String(index)] = counts;
    return this.save();
  }

  save(): Promise<void> {
    this.dirty = true;
    this.writing = this.writing.then(() => this.writeIfDirty());
    return this.writing;
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    const temporary = `${this.path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, JSON.stringify(this.state, null, 2) + '\n');
    await rename(temporary, this.path);
  }
}
