import { hasReferences } from '../../../core/domain/references';

const reference = {
  label: 'Brand',
  target: { property: 'brand' },
  contentType: 'brands',
  identifiers: ['b1'],
};

describe('hasReferences', () => {
  it('when no item refers to anything, then there is nothing to check', () => {
    expect(hasReferences([])).toBe(false);
    expect(hasReferences([{ references: [], errors: {} }])).toBe(false);
  });

  it('when any item refers to something, then the check must run', () => {
    const items = [
      { references: [], errors: {} },
      { identifier: 'a', references: [reference], errors: {} },
    ];
    expect(hasReferences(items)).toBe(true);
  });
});
