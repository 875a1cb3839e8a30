import { list, MESSAGES, quote } from '../../../core/domain/messages';

describe('messages', () => {
  it('when items were imported, then the count agrees in number', () => {
    expect(MESSAGES.imported(3)).toBe('3 items were imported');
    expect(MESSAGES.imported(1)).toBe('1 item was imported');
    expect(MESSAGES.imported(0)).toBe('0 items were imported');
  });

  it('when some items failed in partial mode, then both counts are stated', () => {
    expect(MESSAGES.partiallyImported(3, 5, 2)).toBe(
      '3 of 5 items were imported; 2 failed validation',
    );
    expect(MESSAGES.partiallyImported(1, 2, 1)).toBe(
      '1 of 2 items was imported; 1 failed validation',
    );
  });

  it('when validation failed, then K of M is stated', () => {
    expect(MESSAGES.validationFailed(2, 5)).toBe('Validation failed for 2 of 5 items');
    expect(MESSAGES.validationFailed(1, 1)).toBe('Validation failed for 1 of 1 item');
  });

  it('when valid items were not written for others that failed, then the message says so', () => {
    expect(MESSAGES.validationFailedNothingWritten(22, 5000)).toBe(
      'Validation failed for 22 of 5000 items; the 4978 valid items were not written, ' +
        'as partial validation is off (it would have written them)',
    );
    expect(MESSAGES.validationFailedNothingWritten(1, 2)).toBe(
      'Validation failed for 1 of 2 items; the 1 valid item was not written, ' +
        'as partial validation is off (it would have written it)',
    );
  });

  it('when items were deleted, then the count agrees in number', () => {
    expect(MESSAGES.deleted(2)).toBe('2 items were deleted');
    expect(MESSAGES.deleted(1)).toBe('1 item was deleted');
    expect(MESSAGES.deleted(0)).toBe('0 items were deleted');
  });

  it('when the request fails as a whole, then the documented texts are used', () => {
    expect(MESSAGES.emptyBody).toBe('The request body is empty');
    expect(MESSAGES.inactiveFunnel).toBe('The funnel is inactive');
    expect(MESSAGES.identifierNotMapped).toBe('The identifier field is not mapped');
  });

  it('when an identifier is ambiguous, then the matches are listed as given', () => {
    expect(MESSAGES.ambiguous(['A', 'B'])).toBe('Ambiguous identifier: matches A, B');
  });

  it('when a reference matches nothing, then identifier and content type are named', () => {
    expect(MESSAGES.referenceNotFound(['c-9'], 'categories')).toBe(
      'No item with identifier "c-9" exists in content type "categories"',
    );
    expect(MESSAGES.referenceNotFound(['c-8', 'c-9'], 'categories')).toBe(
      'No items with identifiers "c-8", "c-9" exist in content type "categories"',
    );
  });

  it('when a client string is long or odd, then it is quoted as JSON and cut', () => {
    expect(quote('a"b')).toBe('"a\\"b"');
    expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(60)}"…`);
    expect(quote('😀'.repeat(61))).toBe(`"${'😀'.repeat(60)}"…`);
  });

  it('when a list is long, then the rest is counted', () => {
    expect(list(['a', 'b'])).toBe('a, b');
    expect(list(['a', 'b', 'c'], 2)).toBe('a, b and 1 more');
  });
});
