import { decideImport } from '../../../core/domain/import-decision';
import {
  buildDeleteEnvelope,
  importEnvelope,
  buildRequestFailure,
  envelopeSchema,
  requestErrors,
  type CheckedItem,
} from '../../../core/domain/envelope';
import { LABELS, MESSAGES } from '../../../core/domain/messages';
import { emptyBodyErrors } from '../../../core/domain/request-rules';
import { plain } from './fixtures';

const valid = (identifier: string): CheckedItem => ({ key: identifier, errors: {} });
const invalid = (key: string, errors: Record<string, string>): CheckedItem => ({ key, errors });

/** The answer to a request whose items were looked at, as the ingest use case builds it. */
const itemsEnvelope = (items: readonly CheckedItem[], partialValidation: boolean) =>
  importEnvelope(decideImport(items, partialValidation));

const result = (items: readonly CheckedItem[], partialValidation: boolean) => {
  const built = itemsEnvelope(items, partialValidation);
  expect(envelopeSchema.safeParse(built.envelope).success).toBe(true);
  return plain(built);
};

describe('importEnvelope and buildRequestFailure', () => {
  it('when every item was imported, then 200 success with the count and no errors', () => {
    expect(result([valid('A'), valid('B')], false)).toEqual({
      httpStatus: 200,
      envelope: { status: 'success', message: '2 items were imported' },
      historyStatus: 'success',
    });
  });

  it('when partial validation is on and every item was imported, then it is a plain success', () => {
    expect(result([valid('A')], true)).toEqual({
      httpStatus: 200,
      envelope: { status: 'success', message: '1 item was imported' },
      historyStatus: 'success',
    });
  });

  it('when partial validation is off and an item failed, then 422 with the failed items only', () => {
    expect(
      result([valid('A'), invalid('B', { Price: 'Expected a number' }), valid('C')], false),
    ).toEqual({
      httpStatus: 422,
      envelope: {
        status: 'error',
        message:
          'Validation failed for 1 of 3 items; the 2 valid items were not written, as partial validation is off (it would have written them)',
        errors: { B: { Price: 'Expected a number' } },
      },
      historyStatus: 'error',
    });
  });

  it('when partial validation is on and some failed, then 200 with errors and successIds', () => {
    expect(
      result(
        [
          valid('A'),
          invalid('[1]', { 'Product Identifier': MESSAGES.required }),
          valid('12'),
          invalid('D', { Price: 'Expected a number' }),
        ],
        true,
      ),
    ).toEqual({
      httpStatus: 200,
      envelope: {
        status: 'success',
        message: '2 of 4 items were imported; 2 failed validation',
        errors: {
          '[1]': { 'Product Identifier': MESSAGES.required },
          D: { Price: 'Expected a number' },
        },
        data: { successIds: ['A', '12'] },
      },
      historyStatus: 'partial',
    });
  });

  it('when lazy comparison stored an item under Y, then successIds still names X as sent', () => {
    const resolved = { key: 'ERP-A100', identifier: 'A100', errors: {} };
    const built = itemsEnvelope([resolved, invalid('[1]', { Item: MESSAGES.notAnObject })], true);
    expect(built.envelope.data).toEqual({ successIds: ['ERP-A100'] });
  });

  it('when partial validation is on and every item failed, then 422 with every item', () => {
    expect(
      result([invalid('A', { Name: 'x' }), invalid('[1]', { Item: MESSAGES.notAnObject })], true),
    ).toEqual({
      httpStatus: 422,
      envelope: {
        status: 'error',
        message: 'Validation failed for 2 of 2 items',
        errors: { A: { Name: 'x' }, '[1]': { Item: MESSAGES.notAnObject } },
      },
      historyStatus: 'error',
    });
  });

  it('when two failed items share a key, then their labels are merged, first message kept', () => {
    const built = itemsEnvelope(
      [
        invalid('[0]', { Name: 'first', Price: 'p' }),
        invalid('[0]', { Name: 'second', Size: 's' }),
      ],
      false,
    );
    expect(plain(built.envelope.errors)).toEqual({
      '[0]': { Name: 'first', Price: 'p', Size: 's' },
    });
  });

  it('when an item key is a prototype name, then it is an own key of errors', () => {
    const built = itemsEnvelope(
      [invalid('__proto__', { Name: 'x' }), invalid('constructor', { Name: 'y' })],
      false,
    );
    const errors = built.envelope.errors ?? {};
    expect(Object.keys(errors)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(built.envelope)).toContain('"__proto__":{"Name":"x"}');
    expect(Object.prototype).not.toHaveProperty('Name');
  });

  it('when the request failed as a whole, then 422 with _request and its reason as message', () => {
    expect(plain(buildRequestFailure(emptyBodyErrors()))).toEqual({
      httpStatus: 422,
      envelope: {
        status: 'error',
        message: 'The request body is empty',
        errors: { _request: { Body: 'The request body is empty' } },
      },
      historyStatus: 'error',
    });
  });

  it('when the funnel is inactive, then its reason is the message', () => {
    const built = buildRequestFailure(requestErrors({ [LABELS.funnel]: MESSAGES.inactiveFunnel }));
    expect(built.envelope.message).toBe('The funnel is inactive');
    expect(built.httpStatus).toBe(422);
  });
});

describe('buildRequestFailure', () => {
  it('when a DELETE names no identifiers, then 422 with _request', () => {
    const built = buildRequestFailure(
      requestErrors({ [LABELS.identifiers]: MESSAGES.noIdentifiers }),
    );
    expect(plain(built)).toEqual({
      httpStatus: 422,
      envelope: {
        status: 'error',
        message: MESSAGES.noIdentifiers,
        errors: { _request: { Identifiers: MESSAGES.noIdentifiers } },
      },
      historyStatus: 'error',
    });
  });

  it('when _request is missing, then a general message is used', () => {
    expect(buildRequestFailure({}).envelope.message).toBe(MESSAGES.requestFailed);
  });
});

describe('buildDeleteEnvelope', () => {
  it('when some identifiers matched and some did not, then 200 with both lists', () => {
    const built = buildDeleteEnvelope({ deletedIds: ['A-1', 'A-2'], notFoundIds: ['A-9'] });
    expect(envelopeSchema.safeParse(built.envelope).success).toBe(true);
    expect(built).toEqual({
      httpStatus: 200,
      envelope: {
        status: 'success',
        message: '2 items were deleted',
        data: { deletedIds: ['A-1', 'A-2'], notFoundIds: ['A-9'] },
      },
      historyStatus: 'success',
    });
  });

  it('when nothing matched, then it is still a success', () => {
    expect(buildDeleteEnvelope({ deletedIds: [], notFoundIds: ['x'] }).envelope).toEqual({
      status: 'success',
      message: '0 items were deleted',
      data: { deletedIds: [], notFoundIds: ['x'] },
    });
  });
});

describe('envelopeSchema', () => {
  it('when an envelope has a wrong status or errors shape, then it is refused', () => {
    expect(envelopeSchema.safeParse({ status: 'ok', message: 'x' }).success).toBe(false);
    expect(
      envelopeSchema.safeParse({ status: 'error', message: 'x', errors: { A: 'flat' } }).success,
    ).toBe(false);
  });
});
