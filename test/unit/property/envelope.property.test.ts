import { decideImport } from '../../../core/domain/import-decision';
import fc from 'fast-check';
import {
  buildDeleteEnvelope,
  importEnvelope,
  buildRequestFailure,
  envelopeSchema,
  requestErrors,
  type EnvelopeResult,
} from '../../../core/domain/envelope';
import { REQUEST_KEY } from '../../../core/domain/messages';
import {
  freshObjectIsClean,
  hostileKey,
  hostileString,
  jsonObject,
  prototypeSnapshot,
} from './arbitraries';
import { propertyRuns } from '../../support/property-runs';

/** The envelope is accepted by its schema and survives JSON, as it does on its way to the caller. */
function expectWellFormed(result: EnvelopeResult): void {
  const parsed = envelopeSchema.safeParse(result.envelope);
  expect(parsed.success).toBe(true);
  const wire = JSON.parse(JSON.stringify(result.envelope)) as unknown;
  expect(envelopeSchema.safeParse(wire).success).toBe(true);
  expect([200, 422]).toContain(result.httpStatus);
  expect(result.envelope.status).toBe(result.httpStatus === 200 ? 'success' : 'error');
  if (result.httpStatus === 422) {
    expect(Object.keys(result.envelope.errors ?? {}).length).toBeGreaterThan(0);
  }
}

/** A record of labels to messages as the pipeline makes them: keys may be anything a sender chose. */
const labels = fc
  .array(fc.tuple(hostileKey, hostileString), { maxLength: 4 })
  .map((entries) => jsonObject(entries) as Record<string, string>);

const checkedItem = fc.record({ key: hostileKey, errors: labels });

describe('the envelope builder, for any items, keys, labels and messages', () => {
  const before = prototypeSnapshot();

  afterAll(() => {
    expect(prototypeSnapshot()).toEqual(before);
    expect(freshObjectIsClean()).toBe(true);
  });

  it('always gives an envelope the schema accepts, whose status agrees with its HTTP status', () => {
    fc.assert(
      fc.property(fc.array(checkedItem, { maxLength: 30 }), fc.boolean(), (items, partial) => {
        const result = importEnvelope(decideImport(items, partial));
        expectWellFormed(result);
      }),
      { numRuns: propertyRuns(3_000) },
    );
  });

  it('counts right: 200 lists every valid key in successIds and every failed key in errors', () => {
    fc.assert(
      fc.property(fc.array(checkedItem, { maxLength: 30 }), fc.boolean(), (items, partial) => {
        const result = importEnvelope(decideImport(items, partial));
        const failed = items.filter((item) => Object.keys(item.errors).length > 0);
        const valid = items.filter((item) => Object.keys(item.errors).length === 0);
        const errorKeys = Object.keys(result.envelope.errors ?? {});
        if (failed.length === 0) {
          expect(result.httpStatus).toBe(200);
          expect(result.envelope.errors).toBeUndefined();
          expect(result.historyStatus).toBe('success');
        } else if (partial && valid.length > 0) {
          expect(result.httpStatus).toBe(200);
          expect(result.historyStatus).toBe('partial');
          expect(result.envelope.data?.successIds).toEqual(valid.map((item) => item.key));
          expect(new Set(errorKeys)).toEqual(new Set(failed.map((item) => item.key)));
        } else {
          expect(result.httpStatus).toBe(422);
          expect(result.historyStatus).toBe('error');
          expect(new Set(errorKeys)).toEqual(new Set(failed.map((item) => item.key)));
        }
      }),
      { numRuns: propertyRuns(3_000) },
    );
  });

  it('a request failure, with any reasons, is a well-formed 422 under `_request`', () => {
    fc.assert(
      fc.property(
        labels.filter((reasons) => Object.keys(reasons).length > 0),
        (reasons) => {
          const result = buildRequestFailure(requestErrors(reasons));
          expectWellFormed(result);
          expect(Object.keys(result.envelope.errors ?? {})).toEqual([REQUEST_KEY]);
        },
      ),
      { numRuns: propertyRuns(1_000) },
    );
  });

  it('a delete envelope, with any identifiers, is well-formed and lists them as given', () => {
    fc.assert(
      fc.property(fc.array(hostileKey), fc.array(hostileKey), (deletedIds, notFoundIds) => {
        const result = buildDeleteEnvelope({ deletedIds, notFoundIds });
        expectWellFormed(result);
        expect(result.envelope.data).toEqual({ deletedIds, notFoundIds });
      }),
      { numRuns: propertyRuns(1_000) },
    );
  });
});
