import {
  brokenRequestRule,
  emptyBodyErrors,
  isEmptyBody,
  requestProblems,
} from '../../../core/domain/request-rules';
import { contentType, funnel, mapping, pages, plain } from './fixtures';

const products = contentType();
const sku = mapping('sku', { system: 'identifier' });
const title = mapping('title', { system: 'name' });

describe('brokenRequestRule', () => {
  const request = (raw: string, over: { active?: boolean; mapIdentifier?: boolean } = {}) => ({
    raw,
    parsed: raw.trim() === '' ? undefined : (JSON.parse(raw) as unknown),
    funnel: funnel(over.mapIdentifier === false ? [title] : [sku, title], {
      active: over.active ?? true,
    }),
    contentType: products,
  });

  it('when no rule is broken, then the items may be looked at', () => {
    expect(brokenRequestRule(request('{"sku":"A"}'))).toBeUndefined();
  });

  it('when the body is empty, the funnel inactive and the identifier unmapped, then rule 1 wins', () => {
    expect(
      plain(brokenRequestRule(request('[]', { active: false, mapIdentifier: false }))),
    ).toEqual({ _request: { Body: 'The request body is empty' } });
  });

  it('when the funnel is inactive and the identifier unmapped, then rule 2 is reported alone', () => {
    expect(
      plain(brokenRequestRule(request('{}', { active: false, mapIdentifier: false }))),
    ).toEqual({ _request: { Funnel: 'The funnel is inactive' } });
  });

  it('when only the identifier is unmapped, then rule 3 is reported', () => {
    expect(plain(brokenRequestRule(request('{}', { mapIdentifier: false })))).toEqual({
      _request: { 'Product Identifier': 'The identifier field is not mapped' },
    });
  });
});

describe('requestProblems', () => {
  it('when the funnel is active and maps its identifier, then there is no problem', () => {
    expect(requestProblems(funnel([sku, title]), products)).toBeUndefined();
  });

  it('when the funnel is inactive, then the request fails with "Funnel" alone', () => {
    expect(plain(requestProblems(funnel([title], { active: false }), products))).toEqual({
      _request: { Funnel: 'The funnel is inactive' },
    });
  });

  it('when the identifier is not mapped, then it fails under the identifier label', () => {
    expect(plain(requestProblems(funnel([title]), products))).toEqual({
      _request: { 'Product Identifier': 'The identifier field is not mapped' },
    });
    expect(plain(requestProblems(funnel([]), pages()))).toEqual({
      _request: { Identifier: 'The identifier field is not mapped' },
    });
  });

  it('when a mapping names a target the content type lacks, then the request fails', () => {
    const stale = funnel([
      sku,
      mapping('p', { system: 'parent' }),
      mapping('g', { property: 'gone' }),
    ]);
    expect(plain(requestProblems(stale, products))).toEqual({
      _request: {
        Funnel:
          'The funnel maps system field "parent", property "gone", which content type "products" does not have',
      },
    });
  });
});

describe('isEmptyBody', () => {
  it.each([
    ['no body', undefined, undefined],
    ['an empty string', '', undefined],
    ['white space', ' \n\t\r ', undefined],
    ['null', 'null', null],
    ['[]', ' [ ] ', []],
  ])('when the body is %s, then it is empty', (_name, raw, parsed) => {
    expect(isEmptyBody(raw, parsed)).toBe(true);
  });

  it.each([
    ['{}', {}],
    ['[{}]', [{}]],
    ['[null]', [null]],
    ['0', 0],
    ['""', ''],
    ['false', false],
  ])('when the body is %s, then it is not empty', (raw, parsed) => {
    expect(isEmptyBody(raw, parsed)).toBe(false);
  });

  it('when the body is empty, then its errors name the body', () => {
    expect(plain(emptyBodyErrors())).toEqual({ _request: { Body: 'The request body is empty' } });
  });
});
