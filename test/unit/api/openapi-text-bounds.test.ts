/**
 * Names, labels and passwords: the bounds the OpenAPI document gives them (minLength and maxLength
 * in code points, as JSON Schema counts, and the pattern) take exactly what the API's schemas take,
 * white space around a name and characters outside the Basic Multilingual Plane included.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import fc from 'fast-check';
import { z } from 'zod';
import { passwordSchema } from '../../../core/auth/password-rule';
import { boundedText, typedText } from '../../../core/domain/typed-text';
import { propertyRuns } from '../../support/property-runs';

interface StringBounds {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** The schema as the document states it, for a field of a request body. */
function documented(schema: z.ZodType): StringBounds {
  const registry = new OpenAPIRegistry();
  const body = z.object({ field: schema });
  registry.registerPath({
    method: 'post',
    path: '/probe',
    request: { body: { content: { 'application/json': { schema: body } } } },
    responses: { 204: { description: 'Taken' } },
  });
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'probe', version: '1' },
  });
  const requestBody = document.paths?.['/probe']?.post?.requestBody as unknown as {
    content: { 'application/json': { schema: { properties: { field: StringBounds } } } };
  };
  return requestBody.content['application/json'].schema.properties.field;
}

const documentTakes = (bounds: StringBounds, value: string) => {
  const length = [...value].length;
  return (
    length >= (bounds.minLength ?? 0) &&
    length <= (bounds.maxLength ?? Infinity) &&
    (bounds.pattern === undefined || new RegExp(bounds.pattern).test(value))
  );
};

const chars = [
  'a',
  'é',
  ' ',
  '\t',
  '\r',
  '\n',
  '\u00a0',
  '\u2028',
  '\u3000',
  '\ufeff',
  '\u{1f600}',
];
/** Up to 8 characters of the kinds the rules tell apart, around a bound of 5. */
const text = fc.array(fc.constantFrom(...chars), { maxLength: 8 }).map((parts) => parts.join(''));

const cases: [string, z.ZodType][] = [
  ['a name (typedText)', typedText(5)],
  ['an optional name (typedText, blank allowed)', typedText(5, { blank: true })],
  ['free text (boundedText)', boundedText(5)],
];

describe.each(cases)('the document’s bounds of %s', (_, schema) => {
  const bounds = documented(schema);

  it('when any text is sent, then the document takes it exactly when the API does', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect({ value, takes: documentTakes(bounds, value) }).toEqual({
          value,
          takes: schema.safeParse(value).success,
        });
      }),
      { numRuns: propertyRuns(2_000) },
    );
  });
});

describe('the document’s bounds of a password', () => {
  const bounds = documented(passwordSchema);

  /** `count` faces, each of eight different ones: distinct enough for the password rule. */
  const faces = (count: number) =>
    Array.from({ length: count }, (_, at) => String.fromCodePoint(0x1f600 + (at % 8))).join('');

  it('when a password is counted, then characters count, not UTF-16 units', () => {
    const sixFaces = faces(6);
    const twelveFaces = faces(12);
    const tooLong = faces(1_001);
    const longest = faces(1_000);
    for (const value of [sixFaces, twelveFaces, tooLong, longest, 'bcdefghijkl', 'bcdefghijklm']) {
      expect({ length: value.length, takes: documentTakes(bounds, value) }).toEqual({
        length: value.length,
        takes: passwordSchema.safeParse(value).success,
      });
    }
    expect(passwordSchema.safeParse(twelveFaces).success).toBe(true);
    expect(passwordSchema.safeParse(sixFaces).success).toBe(false);
  });
});

describe('a name as the API stores it', () => {
  it('when a name is padded with white space, then it is stored trimmed', () => {
    expect(typedText(5).parse(' \u3000ab\t')).toBe('ab');
  });

  it('when a name is only white space, then it is refused as required', () => {
    const result = typedText(5).safeParse('  ');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('too_small');
  });
});
