import { ownFieldRecord, ownRecord } from '../../../core/domain/own-record';

describe('ownFieldRecord', () => {
  it('when made, then it has no prototype, as ownRecord', () => {
    expect(Object.getPrototypeOf(ownFieldRecord())).toBeNull();
    expect(Object.getPrototypeOf(ownRecord())).toBeNull();
  });

  it('when __proto__ or constructor is set, then it is an ordinary own entry', () => {
    const record = ownFieldRecord<string>();
    record['__proto__'] = 'p';
    record['constructor'] = 'c';
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect(Object.entries(record)).toEqual([
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
    expect(Object.hasOwn(record, '__proto__')).toBe(true);
    expect(Object.hasOwn(record, 'toString')).toBe(false);
  });

  it('when serialized, then it is a plain object', () => {
    const record = ownFieldRecord<number>();
    record.price = 12;
    expect(JSON.stringify(record)).toBe('{"price":12}');
    expect({ ...record }).toEqual({ price: 12 });
  });
});
