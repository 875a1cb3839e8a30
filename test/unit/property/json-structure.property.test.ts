import fc from 'fast-check';
import { checkFunnelBody, MAX_JSON_DEPTH, type FunnelMethod } from '../../../api/http/funnel-body';
import { HttpError } from '../../../api/http/http-error';
import { exceedsDepth } from '../../../api/http/json-depth';
import { scanJsonStructure, type JsonStructure } from '../../../api/http/json-structure';
import { propertyRuns } from '../../support/property-runs';

/** Deep enough that depth never decides: these properties are about the grammar. */
const NO_DEPTH_LIMIT = 10_000;

const parses = (bytes: Uint8Array): boolean => {
  try {
    JSON.parse(Buffer.from(bytes).toString('utf8'));
    return true;
  } catch {
    return false;
  }
};

const accepts = (structure: JsonStructure): boolean =>
  !['blank', 'invalid', 'too-deep'].includes(structure.kind);

/** The structure JSON.parse's value has, for a text it accepts. */
function structureOf(value: unknown): JsonStructure {
  if (value === null) return { kind: 'null' };
  if (Array.isArray(value)) {
    const firstNonObject = value.findIndex(
      (item) => typeof item !== 'object' || item === null || Array.isArray(item),
    );
    return { kind: 'array', items: value.length, firstNonObject };
  }
  return { kind: typeof value === 'object' ? 'object' : 'scalar' };
}

/** JSON texts as senders write them: compact or indented, ASCII or any Unicode, lone surrogates. */
const jsonText = fc.oneof(
  fc.json(),
  fc.json({ stringUnit: 'binary' }),
  fc.json({ stringUnit: 'grapheme' }),
  fc
    .tuple(fc.jsonValue({ stringUnit: 'binary' }), fc.constantFrom(1, 2, '\t', '\r\n'))
    .map(([value, indent]) => JSON.stringify(value, null, indent)),
  fc
    .array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })), { maxLength: 5 })
    .map((items) => JSON.stringify(items)),
);

/** Bytes that matter to the grammar, to white space, or to UTF-8. */
const telling = fc.constantFrom(
  ...Buffer.from('{}[]":,\\/ \t\n\r0123456789-+.eEtrufalsnux'),
  0x00,
  0x0b,
  0x0c,
  0x1f,
  0x7f,
  0x80,
  0xa0,
  0xbb,
  0xbf,
  0xc2,
  0xe2,
  0xef,
  0xff,
);
const someByte = fc.oneof(telling, fc.integer({ min: 0, max: 255 }));

type Edit = { op: 'replace' | 'insert' | 'delete' | 'truncate'; at: number; byte: number };
const edit: fc.Arbitrary<Edit> = fc.record({
  op: fc.constantFrom('replace', 'insert', 'delete', 'truncate'),
  at: fc.nat(),
  byte: someByte,
});

function applyEdit(bytes: Buffer, { op, at, byte }: Edit): Buffer {
  const i = bytes.length === 0 ? 0 : at % bytes.length;
  const rest = bytes.subarray(op === 'insert' ? i : i + 1);
  const spliced = op === 'delete' || op === 'truncate' ? [] : [byte];
  if (op === 'truncate') return bytes.subarray(0, i);
  return Buffer.concat([bytes.subarray(0, i), Buffer.from(spliced), rest]);
}

const mutatedText = fc
  .tuple(jsonText, fc.array(edit, { minLength: 1, maxLength: 3 }))
  .map(([text, edits]) => edits.reduce(applyEdit, Buffer.from(text)));

const anyBytes = fc.oneof(
  fc.uint8Array({ maxLength: 40 }),
  fc.array(telling, { maxLength: 40 }).map((values) => Uint8Array.from(values)),
);

/** Containers nested around the depth limit, sometimes broken by an edit. */
const deepText = fc
  .tuple(
    fc.array(fc.boolean(), { minLength: MAX_JSON_DEPTH - 3, maxLength: MAX_JSON_DEPTH + 3 }),
    fc.array(edit, { maxLength: 2 }),
  )
  .map(([levels, edits]) => {
    const open = levels.map((isObject) => (isObject ? '{"k": ' : '[')).join('');
    const close = levels
      .map((isObject) => (isObject ? '}' : ']'))
      .reverse()
      .join('');
    return edits.reduce(applyEdit, Buffer.from(`${open}1${close}`));
  });

describe('scanJsonStructure, against JSON.parse', () => {
  it('when JSON.parse accepts a text, then the scan does, with its kind and items', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const structure = scanJsonStructure(Buffer.from(text), NO_DEPTH_LIMIT);
        expect(structure).toEqual(structureOf(JSON.parse(text)));
      }),
      { numRuns: propertyRuns(3_000) },
    );
  });

  it.each([
    ['JSON texts with bytes replaced, inserted, deleted or cut off', mutatedText],
    ['arbitrary bytes', anyBytes],
  ])('for %s, the scan accepts what JSON.parse accepts and nothing else', (_case, texts) => {
    fc.assert(
      fc.property(texts, (bytes) => {
        const structure = scanJsonStructure(bytes, NO_DEPTH_LIMIT);
        expect(accepts(structure)).toBe(parses(bytes));
        if (accepts(structure)) {
          expect(structure).toEqual(structureOf(JSON.parse(Buffer.from(bytes).toString('utf8'))));
        }
      }),
      { numRuns: propertyRuns(10_000) },
    );
  });
});

/** The check as it was before the scan: trim, bracket count, JSON.parse, then the shape. */
function parsingCheck(method: FunnelMethod, raw: Buffer, maxItems: number): { count: number } {
  if (raw.toString('utf8').trim() === '') return { count: 0 };
  if (exceedsDepth(raw, MAX_JSON_DEPTH)) {
    throw new HttpError(400, `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  if (body === null) return { count: 0 };
  const isPlainObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const entries: unknown[] = Array.isArray(body) ? body : [body];
  if (!Array.isArray(body) && !isPlainObject(body)) {
    throw new HttpError(400, 'The request body must be an object or an array of objects');
  }
  if (method === 'POST') {
    const bad = entries.findIndex((entry) => !isPlainObject(entry));
    if (bad >= 0) throw new HttpError(400, `Item [${bad}] is not an object`);
    if (entries.length > maxItems) {
      throw new HttpError(
        413,
        `The request holds ${entries.length} items; at most ${maxItems} are accepted`,
      );
    }
    return { count: entries.length };
  }
  entries.forEach((group, index) => {
    if (
      !isPlainObject(group) ||
      !Object.hasOwn(group, 'identifiers') ||
      !Array.isArray(group.identifiers)
    ) {
      const where = Array.isArray(body) ? `Entry [${index}]` : 'The body';
      throw new HttpError(400, `${where} must be an object with an "identifiers" array`);
    }
  });
  const identifiers = entries.reduce<number>(
    (sum, group) => sum + (group as { identifiers: unknown[] }).identifiers.length,
    0,
  );
  if (identifiers > maxItems) {
    throw new HttpError(
      413,
      `The request holds ${identifiers} identifiers; at most ${maxItems} are accepted`,
    );
  }
  return { count: entries.length };
}

/** What the client sees: the count passed on, or the status code and message. */
function answer(check: () => { count: number }): unknown {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

/** Identifier lists, whole, broken or of the wrong shape. */
const deleteText = fc.oneof(
  fc
    .array(fc.record({ identifiers: fc.array(fc.oneof(fc.string(), fc.integer())) }), {
      maxLength: 4,
    })
    .map((groups) => JSON.stringify(groups.length === 1 ? groups[0] : groups)),
  fc.json({ maxDepth: 3 }),
);

describe('checkFunnelBody, against the check that parsed every body', () => {
  it('answers every body with the same status code and message, or the same count', () => {
    const bodies = fc.oneof(
      jsonText.map((text) => Buffer.from(text)),
      deleteText.map((text) => Buffer.from(text)),
      mutatedText,
      anyBytes.map((bytes) => Buffer.from(bytes)),
      deepText,
    );
    fc.assert(
      fc.property(
        fc.constantFrom<FunnelMethod>('POST', 'DELETE'),
        bodies,
        fc.integer({ min: 0, max: 6 }),
        (method, raw, maxItems) => {
          expect(answer(() => checkFunnelBody(method, raw, maxItems))).toEqual(
            answer(() => parsingCheck(method, raw, maxItems)),
          );
        },
      ),
      { numRuns: propertyRuns(10_000) },
    );
  });
});
