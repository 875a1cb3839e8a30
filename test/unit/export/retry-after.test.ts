import { parseRetryAfter } from '../../../core/export/delivery/retry-after';

const now = new Date('2030-01-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Tue, 01 Jan 2030 12:01:30 GMT', 90],
    ['Tuesday, 01-Jan-30 12:00:10 GMT', 10],
    ['Tue, 01 Jan 2030 11:00:00 GMT', 0],
    ['99999999', 7 * 24 * 3600],
  ])('when it is %p, then it means %p seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  it.each([undefined, '', '1.5', '-3', 'soon', 'Tue, 99 Foo 2030'])(
    'when it is %p, then it is not read',
    (value) => {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
});
