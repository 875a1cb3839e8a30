import { decideImport } from '../../../core/domain/import-decision';
import fc from 'fast-check';
import {
  importEnvelope,
  buildRequestFailure,
  envelopeSchema,
  type EnvelopeResult,
} from '../../../core/domain/envelope';
import { asItemList, dedupeLastWins, mapItems } from '../../../core/domain/mapper';
import { emptyBodyErrors, isEmptyBody, requestProblems } from '../../../core/domain/request-rules';
import { identifierMapping } from '../../../core/domain/mapping-plan';
import { checkReferences } from '../../../core/domain/references';
import type { ContentType } from '../../../core/domain/content-type';
import type { Funnel } from '../../../core/domain/funnel';
import {
  anyBody,
  freshObjectIsClean,
  funnelScenario,
  funnelWithBody,
  hostileValue,
  KNOWN_PREFIX,
  prototypeSnapshot,
  transformArb,
} from './arbitraries';
import { propertyRuns } from '../../support/property-runs';

/**
 * The pure part of a POST, as core/ingest/import-items.ts runs it, with the store's answers
 * replaced by `exists`: empty body, request problems, mapping, folding duplicates, references,
 * envelope.
 */
function answer(
  body: unknown,
  funnel: Funnel,
  contentType: ContentType,
  exists: (contentType: string, identifier: string) => boolean,
): EnvelopeResult {
  const raw = body === undefined ? '' : JSON.stringify(body);
  if (isEmptyBody(raw, body)) return buildRequestFailure(emptyBodyErrors());
  const problems = requestProblems(funnel, contentType);
  if (problems) return buildRequestFailure(problems);
  const mapped = dedupeLastWins(mapItems(asItemList(body), funnel, contentType));
  const checked = checkReferences(mapped, exists, {
    contentType: contentType.key,
    partialValidation: funnel.partialValidation,
  });
  return importEnvelope(decideImport(checked, funnel.partialValidation));
}

/**
 * The store answers: identifiers starting with KNOWN_PREFIX exist, and some others, chosen by
 * their length, so that the answer is stable within a run.
 */
const existsArb = fc
  .nat({ max: 3 })
  .map(
    (salt) => (_contentType: string, identifier: string) =>
      identifier.startsWith(KNOWN_PREFIX) || (identifier.length + salt) % 3 === 0,
  );

describe('the mapper and the envelope builder, for any JSON body and any funnel', () => {
  const before = prototypeSnapshot();

  afterAll(() => {
    expect(prototypeSnapshot()).toEqual(before);
    expect(freshObjectIsClean()).toBe(true);
  });

  it('never throw, and always give an envelope the schema accepts', () => {
    fc.assert(
      fc.property(anyBody, funnelScenario, existsArb, (body, { funnel, contentType }, exists) => {
        const result = answer(body, funnel, contentType, exists);
        expect(envelopeSchema.safeParse(result.envelope).success).toBe(true);
        const wire = JSON.parse(JSON.stringify(result.envelope)) as unknown;
        expect(envelopeSchema.safeParse(wire).success).toBe(true);
        expect(result.envelope.status).toBe(result.httpStatus === 200 ? 'success' : 'error');
      }),
      { numRuns: propertyRuns(3_000) },
    );
  });

  it('for bodies made for the funnel, answer success, partial success and failure alike, well-formed', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(funnelWithBody, existsArb, ({ body, funnel, contentType }, exists) => {
        const result = answer(body, funnel, contentType, exists);
        seen.add(result.historyStatus);
        expect(envelopeSchema.safeParse(result.envelope).success).toBe(true);
        const wire = JSON.parse(JSON.stringify(result.envelope)) as unknown;
        expect(envelopeSchema.safeParse(wire).success).toBe(true);
        const successIds = result.envelope.data?.successIds ?? [];
        const errorKeys = Object.keys(result.envelope.errors ?? {});
        // An item is either imported or reported, never both.
        for (const id of successIds) expect(errorKeys).not.toContain(id);
      }),
      { numRuns: propertyRuns(3_000) },
    );
    // The generator reaches every outcome, so the property above is not vacuous.
    expect([...seen].sort()).toEqual(['error', 'partial', 'success']);
  });

  it('with transforms on every mapping, never throw, and always give a well-formed envelope', () => {
    const transformed = funnelWithBody.chain((scenario) =>
      fc
        .tuple(
          ...scenario.funnel.mappings.map(() =>
            fc.array(transformArb, { minLength: 1, maxLength: 4 }),
          ),
        )
        .map((chains) => ({
          ...scenario,
          funnel: {
            ...scenario.funnel,
            mappings: scenario.funnel.mappings.map((mapping, index) => ({
              ...mapping,
              transforms: chains[index],
            })),
          },
        })),
    );
    fc.assert(
      fc.property(transformed, existsArb, ({ body, funnel, contentType }, exists) => {
        const result = answer(body, funnel, contentType, exists);
        const wire = JSON.parse(JSON.stringify(result.envelope)) as unknown;
        expect(envelopeSchema.safeParse(wire).success).toBe(true);
        expect(result.envelope.status).toBe(result.httpStatus === 200 ? 'success' : 'error');
      }),
      { numRuns: propertyRuns(1_000) },
    );
  });

  it('map one item per element, each valid one with a well-formed identifier and no prototype keys', () => {
    fc.assert(
      fc.property(
        fc.array(hostileValue, { minLength: 1, maxLength: 10 }),
        funnelScenario,
        (body, { funnel, contentType }) => {
          const mapped = mapItems(body, funnel, contentType);
          expect(mapped).toHaveLength(body.length);
          mapped.forEach((item, index) => {
            expect(item.index).toBe(index);
            for (const message of Object.values(item.errors)) expect(typeof message).toBe('string');
            // Records a sender's keys land in have no prototype to reach.
            expect(Object.getPrototypeOf(item.set.properties)).toBeNull();
            expect(Object.getPrototypeOf(item.errors)).toBeNull();
            for (const key of Object.keys(item.set.properties)) {
              expect(contentType.properties.some((property) => property.key === key)).toBe(true);
            }
            // Without an identifier mapping, requestProblems refuses the request before mapping.
            if (identifierMapping(funnel) && Object.keys(item.errors).length === 0) {
              expect(typeof item.identifier).toBe('string');
              expect(item.key).toBe(item.identifier);
            }
          });
        },
      ),
      { numRuns: propertyRuns(2_000) },
    );
  });

  it('when a body tries to pollute the prototype, then nothing leaks into other objects', () => {
    const bodies = [
      '{"__proto__": {"polluted": true}, "sku": "A", "title": "x"}',
      '{"constructor": {"prototype": {"polluted": true}}, "sku": "B", "title": "y"}',
      '[{"sku": "__proto__", "title": {"polluted": true}}, {"sku": "constructor", "title": "z"}]',
    ].map((text) => JSON.parse(text) as unknown);
    fc.assert(
      fc.property(fc.constantFrom(...bodies), funnelScenario, (body, { funnel, contentType }) => {
        answer(body, funnel, contentType, () => true);
        expect(freshObjectIsClean()).toBe(true);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
