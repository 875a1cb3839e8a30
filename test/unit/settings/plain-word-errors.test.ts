/**
 * The settings bodies' validation errors as a person reads them: each names the field as the
 * console shows it, one-based, and says what is allowed in words. Fails if any message falls
 * back to the validator's own words or shows a pattern.
 */
import { contentTypeBodySchema } from '../../../core/domain/content-type';
import { funnelBodySchema } from '../../../core/domain/funnel';
import { exportBodySchema } from '../../../core/export/export-record';
import { schemaProblems } from '../../../api/http/settings-validation';

/** What zod says when nobody told it better, and patterns: none of it may reach a person. */
const VALIDATOR_WORDS =
  /Too small|Too big|Invalid (input|option|string|key)|Unrecognized|expected [a-z]+,|received|>=|<=|\^|\$|\/.*\/|regex|pattern/;

const problemsOf = (schema: Parameters<typeof schemaProblems>[0], body: unknown) =>
  schemaProblems(schema, body).problems;

describe('settings errors in plain words', () => {
  it('when a property lacks its key and label, then each is named by its one-based position', () => {
    const problems = problemsOf(contentTypeBodySchema, {
      name: 'Products',
      properties: [{ key: 'size', label: 'Size', type: 'text' }, { type: 'text' }],
    });
    expect(problems).toEqual({
      'properties.1.key': 'Property 2: key is required',
      'properties.1.label': 'Property 2: label is required',
    });
  });

  it('when a funnel has several problems, then all are said at once, each at its field', () => {
    const problems = problemsOf(funnelBodySchema, {
      contentType: 'products',
      name: '',
      endpointUrl: 'Not A URL',
      mappings: [
        { source: 'sku', target: { system: 'identifier' }, optional: 'no' },
        { source: 'size', target: { property: 'size' }, transforms: [{ op: 'split' }] },
      ],
    });
    expect(problems).toEqual({
      name: 'Name is required',
      endpointUrl:
        'Endpoint URL must be lowercase letters, digits and dashes, up to 63 characters, ' +
        'starting with a letter or digit',
      'mappings.0.optional': 'Mapping of sku: Optional must be true or false',
      'mappings.1.transforms.0.separator': 'Mapping of size, step 1: separator is required',
    });
  });

  it('when a property key is used twice, then the second says which property has it too', () => {
    const problems = problemsOf(contentTypeBodySchema, {
      name: 'Products',
      properties: [
        { key: 'size', label: 'Size', type: 'text' },
        { key: 'size', label: 'Size again', type: 'text' },
      ],
    });
    expect(problems).toEqual({
      'properties.1.key': 'Property 2: key is "size", which property 1 has too',
    });
  });

  it.each([
    ['a content type with nothing right', contentTypeBodySchema, { name: 7, kind: 'x', extra: 1 }],
    [
      'a content type with bad properties',
      contentTypeBodySchema,
      {
        name: 'x'.repeat(201),
        properties: [
          { key: '1bad', label: '', type: 'enum', options: [] },
          { key: 'ref', label: 'Ref', type: 'reference', contentType: 'Bad Key' },
          { key: 'x', label: 'X', type: 'colour' },
          { key: 'y', label: 'Y', type: 'text', multiple: 'yes' },
        ],
      },
    ],
    [
      'a funnel with bad mappings',
      funnelBodySchema,
      {
        contentType: '',
        name: 'x',
        endpointUrl: '-x',
        active: 'yes',
        mappings: [
          { source: '', target: {} },
          { source: 'a..b', target: { system: 'colour' }, lazy: 1 },
          { target: { property: '9' }, transforms: [{ op: 'shout' }] },
          { source: 'x', target: { property: 'x' }, transforms: [{ op: 'default' }] },
        ],
      },
    ],
    [
      'an export with bad fields',
      exportBodySchema,
      { name: '', url: 'ftp://x', contentTypes: [], events: ['nope'], batchSize: 0 },
    ],
  ])('when %s is sent, then no message uses the validator’s words', (_what, schema, body) => {
    const problems = problemsOf(schema, body);
    expect(Object.keys(problems).length).toBeGreaterThan(0);
    for (const message of Object.values(problems)) expect(message).not.toMatch(VALIDATOR_WORDS);
  });
});
