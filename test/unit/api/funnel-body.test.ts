import { checkFunnelBody, type FunnelMethod } from '../../../api/http/funnel-body';
import { HttpError } from '../../../api/http/http-error';

const MAX_ITEMS = 3;

/** What the client sees: the count passed on, or the status code and message. */
function answer(method: FunnelMethod, body: string): unknown {
  try {
    return checkFunnelBody(method, Buffer.from(body), MAX_ITEMS);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

const refused = (status: number, message: string) => ({ status, message });
const NOT_JSON = refused(400, 'The request body is not valid JSON');
const TOO_DEEP = refused(400, 'The request body is nested deeper than 64 levels');
const NOT_OBJECTS = refused(400, 'The request body must be an object or an array of objects');

describe('checkFunnelBody', () => {
  describe.each([['POST'], ['DELETE']] as const)(
    'the checks both methods share, for %s',
    (method) => {
      it.each([[''], [' \r\n'], ['null'], ['\ufeff'], ['\u00a0\f']])(
        'when the body is empty (%j), then it passes with no count, for the worker to answer',
        (body) => expect(answer(method, body)).toEqual({ count: 0 }),
      );

      it.each([['{"sku": "A-1",'], ['\ufeff{}'], ['[1,]'], ['{"a": "\\x"}']])(
        'when the body is not JSON (%j), then 400',
        (body) => expect(answer(method, body)).toEqual(NOT_JSON),
      );

      it('when the body is nested deeper than 64 levels, then 400, even if it is not JSON', () => {
        expect(answer(method, `[${'['.repeat(64)}${']'.repeat(64)}]`)).toEqual(TOO_DEEP);
        expect(answer(method, `{"a" 1, "b": ${'['.repeat(64)}}`)).toEqual(TOO_DEEP);
      });

      it.each([['"A-1"'], ['12'], ['true']])('when the body is the scalar %s, then 400', (body) =>
        expect(answer(method, body)).toEqual(NOT_OBJECTS),
      );
    },
  );

  describe('for POST', () => {
    it('when the body is one object or an array of objects, then they are counted', () => {
      expect(answer('POST', '{"sku": "A-1"}')).toEqual({ count: 1 });
      expect(answer('POST', '[{"sku": "A-1"}, {"sku": "A-2"}]')).toEqual({ count: 2 });
      expect(answer('POST', '[]')).toEqual({ count: 0 });
    });

    it('when an item is not an object, then 400 names the first such item', () => {
      expect(answer('POST', '[{}, "A-2", null]')).toEqual(
        refused(400, 'Item [1] is not an object'),
      );
    });

    it('when an item is not an object and there are too many, then the item is named first', () => {
      expect(answer('POST', '[{}, {}, {}, {}, 5]')).toEqual(
        refused(400, 'Item [4] is not an object'),
      );
    });

    it('when there are more than MAX_ITEMS items, then 413 with the count; exactly MAX_ITEMS pass', () => {
      expect(answer('POST', '[{}, {}, {}, {}]')).toEqual(
        refused(413, 'The request holds 4 items; at most 3 are accepted'),
      );
      expect(answer('POST', '[{}, {}, {}]')).toEqual({ count: 3 });
    });
  });

  describe('for DELETE', () => {
    it('when the body is one group or an array of groups, then the groups are counted', () => {
      expect(answer('DELETE', '{"identifiers": ["A-1", 2]}')).toEqual({ count: 1 });
      expect(answer('DELETE', '[{"identifiers": ["A-1"]}, {"identifiers": []}]')).toEqual({
        count: 2,
      });
    });

    it('when a group has no identifiers array, then 400 names it', () => {
      expect(answer('DELETE', '{"ids": []}')).toEqual(
        refused(400, 'The body must be an object with an "identifiers" array'),
      );
      expect(answer('DELETE', '[{"identifiers": []}, {"identifiers": "A-1"}]')).toEqual(
        refused(400, 'Entry [1] must be an object with an "identifiers" array'),
      );
    });

    it('when there are more than MAX_ITEMS identifiers, then 413 with the count', () => {
      expect(
        answer('DELETE', '[{"identifiers": ["a", "b"]}, {"identifiers": ["c", "d"]}]'),
      ).toEqual(refused(413, 'The request holds 4 identifiers; at most 3 are accepted'));
    });
  });
});
