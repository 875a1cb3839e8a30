/**
 * A group of requests gives each request exactly what it gets alone: for any mix of valid,
 * invalid, dry-run and overlapping requests (the same identifiers in several of them, references
 * to the funnel's own content type), one group job and the same requests sent one after the
 * other, each to a funnel of its own, end with the same answers, history records and items.
 */
import fc from 'fast-check';
import type { Answer } from '../../../core/submission/answer';
import { queueSubmitter } from '../../../core/submission/queue-submitter';
import type { Submission } from '../../../core/submission/submission';
import type { ItemDocument } from '../../../core/items/item';
import { ReceiptSequence } from '../../../core/redis/receipt-sequence';
import { startPipeline, type Pipeline, type PropertyBody } from './pipeline-fixture';

const IDENTIFIERS = ['a', 'b', 'c', 'd'];

const item = fc.record(
  {
    sku: fc.oneof(fc.constantFrom(...IDENTIFIERS), fc.constant(7)),
    title: fc.constantFrom('Shoe', 'Boot', ''),
    color: fc.oneof(fc.constantFrom('red', 'blue'), fc.constant(12)),
    price: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant('cheap')),
    related: fc.constantFrom(...IDENTIFIERS, 'missing'),
  },
  { requiredKeys: ['sku'] },
);

const request = fc.record({
  items: fc.array(item, { minLength: 1, maxLength: 3 }),
  dryRun: fc.boolean(),
  /** Sent as a body that is not JSON at all (one request in ten). */
  broken: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
});

type Request = { items: unknown[]; dryRun: boolean; broken: boolean };

/** Messages name the content type, which differs between the two runs by construction. */
const naming = (value: unknown, contentType: string): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll(contentType, 'CONTENT-TYPE'));

const answered = (answer: Answer) => {
  if (answer.state !== 'answered') throw new Error('a request was still running');
  return { httpStatus: answer.httpStatus, envelope: answer.envelope };
};

describe('a group of requests, against the same requests one after the other', () => {
  let pipeline: Pipeline;
  let submitter: ReturnType<typeof queueSubmitter>;
  let receipts: ReceiptSequence;

  beforeAll(async () => {
    pipeline = await startPipeline('groups-property');
    const { queue } = pipeline.api.context;
    submitter = queueSubmitter(queue, 30_000);
    receipts = new ReceiptSequence(queue.redis, queue.keys);
  });
  afterAll(() => pipeline.close());

  /**
   * A content type whose items may refer to each other, and a funnel on it. A funnel that maps
   * no reference lets the group write all its members at once; one that does writes each member
   * before checking the next.
   */
  async function funnel(partialValidation: boolean, mapsReference: boolean) {
    const contentType = pipeline.fresh('grouped');
    const properties: PropertyBody[] = [
      { key: 'color', label: 'Color', type: 'text' },
      { key: 'price', label: 'Price', type: 'number' },
      { key: 'related', label: 'Related', type: 'reference', contentType },
    ];
    await pipeline.putContentType(contentType, { name: contentType, kind: 'product', properties });
    return pipeline.scenario({
      contentType,
      partialValidation,
      mappings: [
        { source: 'sku', target: { system: 'identifier' } },
        { source: 'title', target: { system: 'name' } },
        { source: 'color', target: { property: 'color' }, optional: true },
        { source: 'price', target: { property: 'price' }, optional: true },
        ...(mapsReference
          ? [{ source: 'related', target: { property: 'related' }, optional: true }]
          : []),
      ],
    });
  }

  async function submissions(url: string, requests: Request[]): Promise<Submission[]> {
    const made: Submission[] = [];
    const funnelId = (await pipeline.api.context.funnels.find('acme', url))?.id ?? '';
    for (const [index, sent] of requests.entries()) {
      const receivedAt = new Date();
      made.push({
        requestId: `${url}-${index}`,
        recordId: `${url}-${index}`,
        tenant: 'acme',
        endpointUrl: url,
        funnelId,
        method: 'POST',
        receivedAt: receivedAt.toISOString(),
        sequence: await receipts.next(receivedAt),
        tokenId: null,
        dryRun: sent.dryRun,
        bodyFormat: 'json',
      });
    }
    return made;
  }

  const bodyOf = (sent: Request) =>
    Buffer.from(sent.broken ? '{"sku": ' : JSON.stringify(sent.items));

  /** What each request left: its record, and the items, with the writer named by position. */
  async function outcome(contentType: string, url: string, count: number) {
    const history = pipeline.api.context.db.history;
    const records = [];
    for (let index = 0; index < count; index += 1) {
      const record = await history.findOne({ recordId: `${url}-${index}` });
      if (!record) throw new Error(`no history record for request ${index}`);
      const { status, httpStatus, message, itemCount, errors, successIds, payload, dryRun } =
        record;
      records.push({ status, httpStatus, message, itemCount, errors, successIds, payload, dryRun });
    }
    const stored: ItemDocument[] = (await pipeline.store()).filter(
      (doc) => doc.contentType === contentType,
    );
    return { records, items: stored.map((doc) => comparable(doc)) };
  }

  /** An item without what differs between the two runs by construction. */
  const comparable = (doc: ItemDocument) => ({
    identifier: doc.identifier,
    name: doc.name,
    properties: doc.properties,
    version: doc.version,
  });

  it('gives each request the answer, record and writes it gets alone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(request, { minLength: 2, maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        async (requests, partialValidation, mapsReference) => {
          const grouped = await funnel(partialValidation, mapsReference);
          const alone = await funnel(partialValidation, mapsReference);

          const groupSubmissions = await submissions(grouped.url, requests);
          const members = groupSubmissions.map((submission, index) => ({
            submission,
            body: bodyOf(requests[index] as Request),
          }));
          const groupAnswers = (await submitter.submitGroup(members, 30_000)).map(answered);

          const aloneAnswers = [];
          for (const [index, submission] of (await submissions(alone.url, requests)).entries()) {
            const answer = await submitter.submit(submission, bodyOf(requests[index] as Request));
            aloneAnswers.push(answered(answer));
          }

          expect(naming(groupAnswers, grouped.contentType)).toEqual(
            naming(aloneAnswers, alone.contentType),
          );
          const count = requests.length;
          expect(
            naming(await outcome(grouped.contentType, grouped.url, count), grouped.contentType),
          ).toEqual(naming(await outcome(alone.contentType, alone.url, count), alone.contentType));
        },
      ),
      { numRuns: 40 },
    );
    expect(pipeline.serverErrors()).toEqual([]);
  }, 300_000);
});
