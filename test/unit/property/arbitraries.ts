/**
 * fast-check arbitraries for the property-based tests of the pipeline: JSON as a hostile sender
 * writes it (keys such as `__proto__`, `constructor` and `$gt`, lone surrogates, control characters,
 * numbers at and past the edges of a double), funnels with any mapping over any content type, and
 * a check that nothing reached `Object.prototype`.
 */
import fc from 'fast-check';
import type { ContentType, Property } from '../../../core/domain/content-type';
import type { Funnel, Mapping, MappingTarget } from '../../../core/domain/funnel';
import type { Transform } from '../../../core/domain/transforms';

/** Keys that reach the prototype, look like MongoDB operators, or are the mapping's own keys. */
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '$gt',
  '$ne',
  '$where',
  '$set',
  '$in',
  'sku',
  'title',
  'attrs',
  'color',
  'price',
  'images',
  'url',
  'length',
  '0',
  '1',
  '01',
  '-1',
] as const;

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));

/** One character of any kind: any code point, a half of a surrogate pair, a control, a dot. */
const anyChar = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  loneSurrogate,
  fc.constantFrom('\u0000', '\u001f', '\u007f', '\u0085', '\u2028', ' ', '.', '$', ':', '"', '\\'),
);

/** Strings a sender might put anywhere: unicode, broken unicode, URL- and date-like, long. */
export const hostileString = fc.oneof(
  fc.string({ unit: anyChar, maxLength: 12 }),
  fc.constantFrom(...HOSTILE_KEYS, '', ' ', 'S', 'M', 'L'),
  fc.webUrl(),
  fc.constantFrom(
    'http://',
    'https://example.com/\u0000',
    'https://exa mple.com',
    'javascript:alert(1)',
    'HTTP://EXAMPLE.COM/A.JPG',
    '2024-02-29',
    '2023-02-29',
    '2024-01-31T09:30Z',
    '2024-01-31T24:00:00Z',
    '2024-01-31T09:30:00',
  ),
  fc.string({ minLength: 250, maxLength: 600 }),
);

/** Numbers JSON.parse can give (`1e400` is Infinity, `-0`, integers past 2^53) and a few it cannot. */
const edgeNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    1.5,
    1e21,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1.2345678901234568e29,
    Infinity,
    -Infinity,
    NaN,
  ),
);

export const hostileKey = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), hostileString);

/**
 * An object as JSON.parse makes it: every key an own, enumerable data property, `__proto__`
 * included (an object literal or plain assignment would set the prototype instead).
 */
export function jsonObject(entries: readonly (readonly [string, unknown])[]): object {
  const target = {};
  for (const [key, value] of entries) defineOwn(target, key, value);
  return target;
}

/** `target[key] = value` as JSON.parse does it: an own data property, even for `__proto__`. */
function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

const leaf = fc.oneof(
  hostileString,
  edgeNumber,
  fc.boolean(),
  fc.constant(null),
  // Operator objects where a value is expected.
  fc.constantFrom<unknown>({ $gt: '' }, { $ne: null }, { $where: 'sleep(1000)' }),
);

/** Any value a hostile JSON body may hold, nested a few levels. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: object;
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  object: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 6 }).map(jsonObject),
})).value;

/** A request body: hostile values, fast-check's own JSON, and JSON text through JSON.parse. */
export const anyBody: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.array(hostileValue, { maxLength: 8 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.json({ maxDepth: 4 }).map((text) => JSON.parse(text) as unknown),
  fc
    .constantFrom(
      '{"__proto__": {"polluted": true}, "sku": "A"}',
      '[{"constructor": {"prototype": {"polluted": true}}, "sku": "B"}]',
      '{"sku": "\\ud800", "title": "\\udfff"}',
      '{"sku": 1e400, "title": -0, "attrs": {"price": 123456789012345678901234567890}}',
      '[{"sku": {"$gt": ""}}, {"sku": ["A"]}, {"sku": 9007199254740993}]',
      '[null, 1, "x", [], {}]',
    )
    .map((text) => JSON.parse(text) as unknown),
);

/** A path segment: a hostile key, an index, or any string without a dot. */
const segment = fc.oneof(
  fc.constantFrom(...HOSTILE_KEYS),
  fc.nat({ max: 12 }).map(String),
  fc.string({ unit: anyChar, minLength: 1, maxLength: 8 }).filter((text) => !text.includes('.')),
);

/** A source path as the funnel schema allows it: non-empty keys joined by dots. */
export const sourcePath = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('.'));

/** Any string at all as a path, including ones the funnel schema refuses (`a..b`, ``). */
export const anyPath = fc.oneof(sourcePath, fc.string({ unit: anyChar, maxLength: 12 }));

/** One property of every type, single and multiple; references to itself and to another type. */
export const ALL_PROPERTIES: Property[] = [
  { key: 'color', label: 'Color', type: 'text', multiple: false },
  { key: 'tags', label: 'Tags', type: 'text', multiple: true },
  { key: 'price', label: 'Price', type: 'number', multiple: false },
  { key: 'stock', label: 'Stock', type: 'integer', multiple: false },
  { key: 'onSale', label: 'On Sale', type: 'boolean', multiple: false },
  { key: 'releasedAt', label: 'Released At', type: 'date', multiple: false },
  { key: 'gallery', label: 'Gallery', type: 'media', multiple: true },
  { key: 'manual', label: 'Manual', type: 'media', multiple: false },
  { key: 'related', label: 'Related', type: 'reference', contentType: 'things', multiple: true },
  { key: 'brand', label: 'Brand', type: 'reference', contentType: 'brands', multiple: false },
  { key: 'size', label: 'Size', type: 'enum', options: ['S', 'M', 'L'], multiple: false },
  { key: 'sizes', label: 'Size', type: 'enum', options: ['S', 'M'], multiple: true },
];

const at = new Date('2024-01-01T00:00:00Z');

const contentTypeArb: fc.Arbitrary<ContentType> = fc
  .record({
    kind: fc.constantFrom<ContentType['kind']>('product', 'generic'),
    properties: fc.subarray(ALL_PROPERTIES),
  })
  .map(({ kind, properties }) => ({
    key: 'things',
    name: 'Things',
    kind,
    properties,
    revision: 1,
    createdAt: at,
    updatedAt: at,
  }));

const targetArb = (contentType: ContentType): fc.Arbitrary<MappingTarget> =>
  fc.oneof(
    // The kind's system fields; targets it lacks come from `stale` in funnelScenario.
    fc.constantFrom<MappingTarget>(
      ...(contentType.kind === 'generic'
        ? [{ system: 'name' as const }, { system: 'image' as const }, { system: 'parent' as const }]
        : [{ system: 'name' as const }, { system: 'image' as const }]),
    ),
    ...(contentType.properties.length > 0
      ? [
          fc
            .constantFrom(...contentType.properties)
            .map((property): MappingTarget => ({ property: property.key })),
        ]
      : []),
  );

/** A scalar a `default` may hold: the funnel schema's bounds, odd strings included. */
const defaultScalar = fc.oneof(
  hostileString.filter((text) => text.length <= 1_000),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
);

/** Any transform the funnel schema accepts, separators of odd characters included. */
export const transformArb: fc.Arbitrary<Transform> = fc.oneof(
  fc.constantFrom<Transform>(
    { op: 'trim' },
    { op: 'lowercase' },
    { op: 'uppercase' },
    { op: 'number' },
  ),
  fc
    .oneof(
      fc.constantFrom(',', ';', '|', ' ', '.', ', '),
      fc.string({ unit: anyChar, minLength: 1, maxLength: 3 }),
    )
    .map((separator): Transform => ({ op: 'split', separator })),
  fc
    .oneof(defaultScalar, fc.array(defaultScalar, { maxLength: 4 }))
    .map((value): Transform => ({ op: 'default', value })),
);

/** Mostly none, as most mappings have none; otherwise a short chain of any transforms. */
const transformsArb: fc.Arbitrary<Transform[] | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: fc.array(transformArb, { maxLength: 4 }), weight: 1 },
);

const mappingArb = (target: fc.Arbitrary<MappingTarget>): fc.Arbitrary<Mapping> =>
  fc
    .record({
      source: fc.oneof(sourcePath, fc.constantFrom('sku', 'title', 'attrs.color', 'images.url')),
      target,
      optional: fc.boolean(),
      lazy: fc.boolean(),
      transforms: transformsArb,
    })
    // Absent rather than undefined, as a funnel saved without transforms is stored.
    .map(({ transforms, ...rest }) => (transforms === undefined ? rest : { ...rest, transforms }));

/** A content type and a funnel on it: any mappings, with or without an identifier mapping. */
export const funnelScenario: fc.Arbitrary<{ contentType: ContentType; funnel: Funnel }> =
  contentTypeArb.chain((contentType) =>
    fc
      .record({
        identifier: fc.option(mappingArb(fc.constant<MappingTarget>({ system: 'identifier' })), {
          freq: 6,
        }),
        others: fc.array(mappingArb(targetArb(contentType)), { maxLength: 6 }),
        // A target the content type lacks (a funnel older than a change to its content type).
        stale: fc.oneof(
          { arbitrary: fc.constant(undefined), weight: 9 },
          {
            arbitrary: mappingArb(
              fc.constantFrom<MappingTarget>({ property: 'gone' }, { system: 'parent' }),
            ),
            weight: 1,
          },
        ),
        // Mostly active: an inactive funnel fails before any item is read.
        active: fc.oneof(
          { arbitrary: fc.constant(true), weight: 4 },
          { arbitrary: fc.constant(false), weight: 1 },
        ),
        partialValidation: fc.boolean(),
      })
      .map(({ identifier, others, stale, active, partialValidation }) => ({
        contentType,
        funnel: {
          contentType: contentType.key,
          name: 'Any funnel',
          endpointUrl: 'any-funnel',
          description: '',
          active,
          partialValidation,
          mappings: [...(identifier ? [identifier] : []), ...others, ...(stale ? [stale] : [])],
          id: 'any-funnel',
          revision: 1,
          createdAt: at,
          updatedAt: at,
        },
      })),
  );

/** Values that often pass a validator, mixed with hostile ones, `null`, `""` and lists. */
const plausibleValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    'A-1',
    'a-1-long',
    'S',
    'M',
    'red',
    'https://cdn.example.com/a.jpg',
    '2024-01-31',
    '2024-01-31T09:30:00Z',
    true,
    7,
    49.9,
    null,
    '',
  ),
  fc.array(fc.constantFrom('S', 'A-1', 'https://cdn.example.com/b.jpg', 'x'), { maxLength: 3 }),
  fc.string({ minLength: 1, maxLength: 6 }),
  hostileValue,
);

/**
 * Sets `value` at a dotted path in a JSON.parse-like object, making the objects on the way, unless
 * something else is in the way. Only objects it made itself are descended into: generated values
 * may be shared between runs and are never changed.
 */
function setPath(target: object, path: string, value: unknown, made: WeakSet<object>): void {
  const segments = path.split('.');
  let node: object = target;
  for (const [index, segment] of segments.entries()) {
    const existing = Object.getOwnPropertyDescriptor(node, segment)?.value as unknown;
    if (index === segments.length - 1) {
      if (existing === undefined) defineOwn(node, segment, value);
      return;
    }
    if (existing === undefined) {
      const child = {};
      made.add(child);
      defineOwn(node, segment, child);
      node = child;
    } else if (typeof existing === 'object' && existing !== null && made.has(existing)) {
      node = existing;
    } else {
      return;
    }
  }
}

/** Identifiers that every store of the property tests holds (see `existsInStore`). */
export const KNOWN_PREFIX = 'known-';

/** A value its mapping's target accepts: the identifier of item `index`, or a typed value. */
function validValueFor(contentType: ContentType, mapping: Mapping, index: number): unknown {
  const { target } = mapping;
  if ('system' in target) {
    if (target.system === 'identifier') return `id-${index}`;
    if (target.system === 'image') return 'https://cdn.example.com/a.jpg';
    if (target.system === 'parent') return `${KNOWN_PREFIX}parent`;
    return `Name ${index}`;
  }
  const property = contentType.properties.find((candidate) => candidate.key === target.property);
  if (property === undefined) return 'gone';
  const single = ((): unknown => {
    switch (property.type) {
      case 'text':
        return 'red';
      case 'number':
        return 49.9;
      case 'integer':
        return 7;
      case 'boolean':
        return true;
      case 'date':
        return '2024-01-31';
      case 'media':
        return 'https://cdn.example.com/b.jpg';
      case 'reference':
        return `${KNOWN_PREFIX}${index}`;
      case 'enum':
        return property.options[0];
    }
  })();
  return property.multiple ? [single] : single;
}

/**
 * A funnel with a body made for it. Each item sets the funnel's source paths: in a clean body
 * every value is one its target accepts (so full successes are common), in a mixed one most
 * values are plausible or hostile (so failures and partial successes are), on top of hostile keys.
 */
export const funnelWithBody = funnelScenario.chain((scenario) => {
  const { mappings } = scenario.funnel;
  const clean = fc.constant(mappings.map(() => 'valid' as const));
  const mixed = fc.tuple(
    ...mappings.map(() =>
      fc.oneof(
        { arbitrary: fc.constant('valid' as const), weight: 3 },
        { arbitrary: fc.option(plausibleValue, { nil: undefined }), weight: 2 },
      ),
    ),
  );
  return fc
    .array(
      fc.tuple(
        fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 3 }),
        fc.oneof(clean, mixed),
      ),
      { minLength: 1, maxLength: 12 },
    )
    .map((items) => ({
      ...scenario,
      body: items.map(([noise, values], position) => {
        const item = jsonObject(noise);
        const made = new WeakSet<object>([item]);
        mappings.forEach((mapping, index) => {
          const chosen: unknown = values[index];
          const value =
            chosen === 'valid' ? validValueFor(scenario.contentType, mapping, position) : chosen;
          if (value !== undefined) setPath(item, mapping.source, value, made);
        });
        return item;
      }),
    }));
});

/** The state of the built-in prototypes, to compare before and after a run. */
export function prototypeSnapshot(): string[] {
  const describe = (name: string, target: object) =>
    Reflect.ownKeys(target).map((key) => {
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      const kind = descriptor && 'value' in descriptor ? typeof descriptor.value : 'accessor';
      return `${name}.${String(key)}:${kind}:${String(descriptor?.writable)}`;
    });
  return [
    ...describe('Object.prototype', Object.prototype),
    ...describe('Array.prototype', Array.prototype),
    ...describe('String.prototype', String.prototype),
    `Object.prototype's prototype: ${String(Object.getPrototypeOf(Object.prototype))}`,
  ];
}

/** Whether a fresh object shows anything that a payload could have planted. */
export function freshObjectIsClean(): boolean {
  const probe: Record<string, unknown> = {};
  return (
    probe.polluted === undefined &&
    probe.prototype === undefined &&
    Object.keys(probe).length === 0 &&
    !('polluted' in probe)
  );
}
