/** Which writes a precondition lets through (docs/settings.md#versions). */
import { checkPreconditions, etagOf, versionOfEtag } from '../../../core/settings/preconditions';

const current = { id: 'products', revision: 3 };
const tag = (id: string, revision: number, body = '{}') => etagOf({ id, revision }, body);

describe('preconditions of a settings write', () => {
  it('when a version is shown, then its ETag names the resource, the revision and the body', () => {
    expect(etagOf(current, '{"a":1}')).toMatch(/^"products\.r3\.[\w-]{16}"$/);
    expect(etagOf(current, '{"a":2}')).not.toBe(etagOf(current, '{"a":1}'));
    expect(etagOf(current, '{"a":1}')).toBe(etagOf(current, '{"a":1}'));
    expect(versionOfEtag(etagOf(current, '{}'))).toEqual(current);
    expect(versionOfEtag('"not ours"')).toBeUndefined();
  });

  it('when If-Match names the current version with another body, then the write goes ahead', () => {
    const read = tag('products', 3, '{"pendingDeliveries":0}');
    expect(checkPreconditions({ ifMatch: { tags: [read] } }, current).ok).toBe(true);
  });

  it('when no precondition is given, then any write goes ahead', () => {
    expect(checkPreconditions({}, current)).toEqual({ ok: true });
    expect(checkPreconditions({}, null)).toEqual({ ok: true });
  });

  it('when If-Match names the current version, or any, then the write goes ahead', () => {
    expect(
      checkPreconditions({ ifMatch: { tags: [tag('x', 1), tag('products', 3)] } }, current).ok,
    ).toBe(true);
    expect(checkPreconditions({ ifMatch: { any: true } }, current).ok).toBe(true);
  });

  it('when If-Match names an older version, then it is refused, saying the version now', () => {
    expect(checkPreconditions({ ifMatch: { tags: [tag('products', 2)] } }, current)).toEqual({
      ok: false,
      reason: 'It was changed since: its revision is now 3',
    });
  });

  it('when If-Match names a version of another resource, then it is refused, saying so', () => {
    expect(checkPreconditions({ ifMatch: { tags: [tag('pages', 3)] } }, current)).toEqual({
      ok: false,
      reason: 'If-Match names a version of another resource',
    });
  });

  it('when If-Match is weak, then it never matches: the comparison is strong', () => {
    expect(checkPreconditions({ ifMatch: { tags: [`W/${tag('products', 3)}`] } }, current).ok).toBe(
      false,
    );
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
