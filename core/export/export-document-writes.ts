/**
 * The updates of export documents. An export document is written by its dispatcher (the cursor,
 * the lanes' deliveries formed), by the sends of its four lanes (what each has sent, failures)
 * and by the settings routes, all at once; where the engine may lose one of two concurrent
 * updates of a document (FerretDB v1), each update takes its turn (core/mongo/document-turns.ts).
 */
import type { mongo } from 'mongoose';
import { NO_TURNS, type DocumentTurns } from '../mongo/document-turns';
import type { ExportDocument } from './export-record';

type ById = mongo.Filter<ExportDocument> & { _id: string };
type Update = mongo.UpdateFilter<ExportDocument>;

export class ExportDocumentWrites {
  constructor(
    private readonly exports: mongo.Collection<ExportDocument>,
    private readonly turns: DocumentTurns = NO_TURNS,
  ) {}

  updateOne(filter: ById, update: Update): Promise<mongo.UpdateResult<ExportDocument>> {
    return this.turns.around(filter._id, () => this.exports.updateOne(filter, update));
  }

  /** The document after the update, or null when the filter matched none. */
  findOneAndUpdate(filter: ById, update: Update): Promise<ExportDocument | null> {
    return this.turns.around(filter._id, () =>
      this.exports.findOneAndUpdate(filter, update, { returnDocument: 'after' }),
    );
  }

  /** Reads the document and writes what `change` makes of it, with no other write between. */
  readThenUpdate(
    _id: string,
    change: (current: ExportDocument) => Update,
  ): Promise<ExportDocument | null> {
    return this.turns.around(_id, async () => {
      const current = await this.exports.findOne({ _id });
      if (!current) return null;
      return this.exports.findOneAndUpdate({ _id }, change(current), { returnDocument: 'after' });
    });
  }
}
