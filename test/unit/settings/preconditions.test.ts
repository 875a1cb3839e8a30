/** Which writes a precondition lets through (docs/settings.md#versions). */
import { checkPreconditions, etagOf, idOfEtag } from '../../../core/settings/preconditions';

const current = { id: 'products', revision: 3 };

describe('preconditions of a settings write', () => {
  it('when a version is shown, then its ETag names the resource and the revision', () => {
    expect(etagOf(current)).toBe('"products.r3"');
    expect(idOfEtag('"products.r3"')).toBe('products');
    expect(idOfEtag('"not ours"')).toBeUndefined();
  });

  it('when no precondition is given, then any write goes ahead', () => {
    expect(checkPreconditions({}, current)).toEqual({ ok: true });
    expect(checkPreconditions({}, null)).toEqual({ ok: true });
  });

  it('when If-Match names the current version, or any, then the write goes ahead', () => {
    expect(checkPreconditions({ ifMatch: { tags: ['"x.r1"', '"products.r3"'] } }, current).ok).toBe(
      true,
    );
    expect(checkPreconditions({ ifMatch: { any: true } }, current).ok).toBe(true);
  });

  it('when If-Match names an older version, then it is refused, saying the version now', () => {
    expect(checkPreconditions({ ifMatch: { tags: ['"products.r2"'] } }, current)).toEqual({
      ok: false,
      reason: 'It was changed since: its version is now "products.r3"',
    });
  });

  it('when If-Match names a version of another resource, then it is refused, saying so', () => {
    expect(checkPreconditions({ ifMatch: { tags: ['"pages.r3"'] } }, current)).toEqual({
      ok: false,
      reason: 'If-Match names a version of another resource',
    });
  });

  it('when If-Match is weak, then it never matches: the comparison is strong', () => {
    expect(checkPreconditions({ ifMatch: { tags: ['W/"products.r3"'] } }, current).ok).toBe(false);
  });

  it('when If-Match is given and the resource does not exist, then it is refused', () => {
    expect(checkPreconditions({ ifMatch: { any: true } }, null)).toEqual({
      ok: false,
      reason: 'It does not exist',
    });
  });

  it('when If-None-Match is * and the resource exists, then it is refused; absent, it goes ahead', () => {
    expect(checkPreconditions({ ifNoneMatch: { any: true } }, current)).toEqual({
      ok: false,
      reason: 'It exists already',
    });
    expect(checkPreconditions({ ifNoneMatch: { any: true } }, null).ok).toBe(true);
  });
});
