/**
 * NDJSON bodies: the API's structural check (api/http/ndjson-structure.ts) and the worker's reading
 * (core/domain/ndjson-body.ts) refuse the same lines with the same message, and a body they
 * take means the JSON array of its lines.
 */
import fc from 'fast-check';
import type { FunnelMethod } from '../../../api/http/funnel-body';
import { HttpError } from '../../../api/http/http-error';
import { checkNdjsonBody } from '../../../api/http/ndjson-structure';
import { parseNdjson } from '../../../core/domain/ndjson-body';

const MAX_ITEMS = 3;

/** What the client sees from the API: the count passed on, or the status code and message. */
function answer(method: FunnelMethod, body: string): unknown {
  try {
    return checkNdjsonBody(method, Buffer.from(body), MAX_ITEMS);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

const refused = (status: number, message: string) => ({ status, message });

describe('checkNdjsonBody', () => {
  describe.each([['POST'], ['DELETE']] as const)('for %s', (method) => {
    const line = method === 'POST' ? '{"sku": "A-1"}' : '{"identifiers": ["A-1"]}';

    it.each([
      ['no trailing newline', `${line}\n${line}`],
      ['a trailing LF', `${line}\n${line}\n`],
      ['CRLF line ends', `${line}\r\n${line}\r\n`],
      ['blank lines at the end', `${line}\n${line}\n\n  \r\n\t`],
      ['white space around a value', `  ${line}\t\n ${line}`],
    ])('when the body has %s, then its lines are counted', (_, body) =>
      expect(answer(method, body)).toEqual({ count: 2 }),
    );

    it.each([[''], ['\n'], [' \r\n\n']])(
      'when the body is blank (%j), then it passes with no count, for the worker to answer',
      (body) => expect(answer(method, body)).toEqual({ count: 0 }),
    );

    it('when a blank line comes before a value, then 400 names the blank line', () => {
      const message =
        'Line 2 (counting from 1) is empty; only the end of an NDJSON body may be blank';
      expect(answer(method, `${line}\n\n${line}`)).toEqual(refused(400, message));
      expect(answer(method, `${line}\n \r\n\n${line}\n`)).toEqual(refused(400, message));
      expect(answer(method, `\n${line}`)).toEqual(
        refused(
          400,
          'Line 1 (counting from 1) is empty; only the end of an NDJSON body may be blank',
        ),
      );
    });

    it('when a line is not JSON, then 400 names the first such line', () => {
      expect(answer(method, `${line}\n${line}\n{"sku": \n${line}\n[`)).toEqual(
        refused(400, 'Line 3 (counting from 1) is not valid JSON'),
      );
      // A JSON value split over lines is not NDJSON.
      expect(answer(method, '{\n"sku": "A-1"\n}')).toEqual(
        refused(400, 'Line 1 (counting from 1) is not valid JSON'),
      );
    });

    it('when a line is nested deeper than 64 levels, then 400 names it', () => {
      expect(answer(method, `${line}\n{"a": ${'['.repeat(64)}${']'.repeat(64)}}`)).toEqual(
        refused(400, 'Line 2 (counting from 1) is nested deeper than 64 levels'),
      );
    });
  });

  describe('for POST', () => {
    it.each([['[{"sku": "A-2"}]'], ['"A-2"'], ['null'], ['12']])(
      'when a line is %s, then 400 names the line',
      (value) =>
        expect(answer('POST', `{"sku": "A-1"}\n${value}\n`)).toEqual(
          refused(
            400,
            'Line 2 (counting from 1) is not an object; each line must be one JSON object',
          ),
        ),
    );

    it('when there are more than MAX_ITEMS lines, then 413 with the count; exactly MAX_ITEMS pass', () => {
      expect(answer('POST', '{}\n{}\n{}\n{}\n')).toEqual(
        refused(413, 'The request holds 4 items; at most 3 are accepted'),
      );
      expect(answer('POST', '{}\n{}\n{}\n\n\n')).toEqual({ count: 3 });
    });

    it('when a line is bad and there are too many, then the line is named first', () => {
      expect(answer('POST', '{}\n{}\n{}\n{}\n5')).toEqual(
        refused(
          400,
          'Line 5 (counting from 1) is not an object; each line must be one JSON object',
        ),
      );
    });
  });

  describe('for DELETE', () => {
    it.each([
      ['{"ids": ["A-2"]}'],
      ['{"identifiers": "A-2"}'],
      ['[{"identifiers": []}]'],
      ['null'],
    ])('when a line is %s, then 400 names the line', (value) =>
      expect(answer('DELETE', `{"identifiers": []}\n${value}`)).toEqual(
        refused(400, 'Line 2 (counting from 1) must be an object with an "identifiers" array'),
      ),
    );

    it('when there are more than MAX_ITEMS identifiers, then 413 with the count', () => {
      expect(answer('DELETE', '{"identifiers": ["a", "b"]}\n{"identifiers": ["c", "d"]}')).toEqual(
        refused(413, 'The request holds 4 identifiers; at most 3 are accepted'),
      );
      expect(answer('DELETE', '{"identifiers": ["a"]}\n{"identifiers": ["c", "d"]}')).toEqual({
        count: 2,
      });
    });
  });
});

describe('parseNdjson', () => {
  it('when the lines are values, then it gives them in order, blank lines at the end dropped', () => {
    expect(parseNdjson('{"a": 1}\r\n [2] \n"x"\n\n \n')).toEqual({
      ok: true,
      value: [{ a: 1 }, [2], 'x'],
    });
  });

  it('when a blank line comes before a value or a line is not JSON, then it names the line', () => {
    expect(parseNdjson('{}\n\n{}')).toEqual({
      ok: false,
      message: 'Line 2 (counting from 1) is empty; only the end of an NDJSON body may be blank',
    });
    expect(parseNdjson('{}\n{}\n{')).toEqual({
      ok: false,
      message: 'Line 3 (counting from 1) is not valid JSON',
    });
  });
});

/** Lines as senders write them, and lines that break the rules. */
const objectLine = fc
  .dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 })
  .map((value) => JSON.stringify(value));
const anyLine = fc.oneof(
  objectLine,
  fc.constantFrom('', ' ', '\r', '[]', 'null', '"a"', '{', '{"a":1', '}', '\ufeff{}', '\u00a0'),
  fc.json({ maxDepth: 2 }),
);
const ending = fc.constantFrom('\n', '\r\n');

describe('the API and the worker on the same NDJSON bodies', () => {
  it('when every line is an object, then both take it and it means the array of the lines', () => {
    fc.assert(
      fc.property(
        fc.array(objectLine, { maxLength: MAX_ITEMS }),
        ending,
        fc.boolean(),
        (lines, eol, final) => {
          const body = lines.join(eol) + (final ? eol : '');
          expect(answer('POST', body)).toEqual({ count: lines.length });
          expect(parseNdjson(body)).toEqual({
            ok: true,
            value: JSON.parse(`[${lines.join(',')}]`) as unknown,
          });
        },
      ),
    );
  });

  it('when the worker refuses a body, then the API refused it first, with the same message or an earlier line', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 6 }), ending, (lines, eol) => {
        const body = lines.join(eol);
        const api = answer('POST', body);
        const worker = parseNdjson(body);
        if (worker.ok) {
          const objects = worker.value.every(
            (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
          );
          if (objects && worker.value.length <= MAX_ITEMS) {
            expect(api).toEqual({ count: worker.value.length });
          }
          return;
        }
        expect(api).toMatchObject({ status: 400 });
        const lineOf = (message: string) => Number(/^Line (\d+)/.exec(message)?.[1]);
        const apiMessage = (api as { message: string }).message;
        if (lineOf(apiMessage) === lineOf(worker.message)) expect(apiMessage).toBe(worker.message);
        else expect(lineOf(apiMessage)).toBeLessThan(lineOf(worker.message));
      }),
    );
  });
});
