import type { ItemReference } from '../../../core/domain/mapper';
import { MESSAGES } from '../../../core/domain/messages';
import {
  checkReferences,
  referencedIdentifiers,
  storeLookup,
  type ReferencingItem,
} from '../../../core/domain/references';
import { plain } from './fixtures';

const parentRef = (...identifiers: string[]): ItemReference => ({
  label: 'Parent Identifier',
  target: { system: 'parent' },
  contentType: 'pages',
  identifiers,
});
const relatedRef = (...identifiers: string[]): ItemReference => ({
  label: 'Related',
  target: { property: 'related' },
  contentType: 'pages',
  identifiers,
});
const categoriesRef = (...identifiers: string[]): ItemReference => ({
  label: 'Categories',
  target: { property: 'categories' },
  contentType: 'categories',
  identifiers,
});

const item = (
  identifier: string | undefined,
  references: ItemReference[] = [],
  errors: Record<string, string> = {},
): ReferencingItem & { key: string } => ({
  key: identifier ?? '[?]',
  ...(identifier === undefined ? {} : { identifier }),
  references,
  errors,
});

const store = (found: Record<string, string[]>) => storeLookup(new Map(Object.entries(found)));
const partial = { contentType: 'pages', partialValidation: true };
const whole = { contentType: 'pages', partialValidation: false };
const errorsOf = (items: ReferencingItem[]) => items.map((entry) => plain(entry.errors));

describe('referencedIdentifiers', () => {
  it('when items refer to several content types, then there is one list per content type', () => {
    const lists = referencedIdentifiers([
      item('a', [parentRef('p1'), categoriesRef('c1', 'c2')]),
      item('b', [parentRef('p1'), relatedRef('p2'), categoriesRef('c2')]),
      item('c'),
    ]);
    expect([...lists]).toEqual([
      ['pages', ['p1', 'p2']],
      ['categories', ['c1', 'c2']],
    ]);
  });

  it('when no item refers to anything, then there is nothing to look up', () => {
    expect(referencedIdentifiers([item('a')]).size).toBe(0);
  });
});

describe('storeLookup', () => {
  it('when identifiers were found per content type, then only those exist', () => {
    const exists = store({ categories: ['c1'], pages: ['p1'] });
    expect(exists('categories', 'c1')).toBe(true);
    expect(exists('categories', 'p1')).toBe(false);
    expect(exists('brands', 'c1')).toBe(false);
    expect(exists('categories', 'C1')).toBe(false);
  });
});

describe('checkReferences', () => {
  it('when every reference exists in the store, then no error is added', () => {
    const items = [item('a', [parentRef('p1'), categoriesRef('c1', 'c2')])];
    const checked = checkReferences(
      items,
      store({ pages: ['p1'], categories: ['c1', 'c2'] }),
      whole,
    );
    expect(errorsOf(checked)).toEqual([{}]);
  });

  it('when a reference matches nothing, then the item fails under its label', () => {
    const items = [item('a', [categoriesRef('c1', 'c9', 'c8')])];
    const checked = checkReferences(items, store({ categories: ['c1'] }), whole);
    expect(errorsOf(checked)).toEqual([
      { Categories: 'No items with identifiers "c9", "c8" exist in content type "categories"' },
    ]);
  });

  it('when a reference names an item the same request imports, then it matches', () => {
    const items = [item('child', [parentRef('parent')]), item('parent')];
    expect(errorsOf(checkReferences(items, store({}), whole))).toEqual([{}, {}]);
    expect(errorsOf(checkReferences(items, store({}), partial))).toEqual([{}, {}]);
  });

  it('when a reference to another content type names an item of the request, then it does not match', () => {
    const items = [item('a', [categoriesRef('b')]), item('b')];
    expect(errorsOf(checkReferences(items, store({}), whole))).toEqual([
      { Categories: MESSAGES.referenceNotFound(['b'], 'categories') },
      {},
    ]);
  });

  it('when an item is its own parent, then it has its own error', () => {
    const items = [item('a', [parentRef('a')])];
    expect(errorsOf(checkReferences(items, store({ pages: ['a'] }), whole))).toEqual([
      { 'Parent Identifier': MESSAGES.ownParent },
    ]);
  });

  it('when an item refers to itself by another property, then that is allowed', () => {
    const items = [item('a', [relatedRef('a')])];
    expect(errorsOf(checkReferences(items, store({}), whole))).toEqual([{}]);
  });

  it('when a label already has an error, then it is kept', () => {
    const items = [item('a', [categoriesRef('c9')], { Categories: 'earlier' })];
    expect(errorsOf(checkReferences(items, store({}), whole))).toEqual([{ Categories: 'earlier' }]);
  });

  it('when an item failed before, then its missing references are reported too', () => {
    const items = [item(undefined, [categoriesRef('c9')], { Identifier: MESSAGES.required })];
    expect(errorsOf(checkReferences(items, store({}), partial))).toEqual([
      {
        Identifier: MESSAGES.required,
        Categories: MESSAGES.referenceNotFound(['c9'], 'categories'),
      },
    ]);
  });

  it('when the input is checked, then it is not changed and extra fields are kept', () => {
    const items = [item('a', [categoriesRef('c9')])];
    const checked = checkReferences(items, store({}), whole);
    expect(items[0]?.errors).toEqual({});
    expect(checked[0]?.key).toBe('a');
  });

  describe('partial validation off', () => {
    it('when the referenced item of the request failed, then the reference still matches', () => {
      const items = [item('child', [parentRef('parent')]), item('parent', [], { Name: 'bad' })];
      expect(errorsOf(checkReferences(items, store({}), whole))).toEqual([{}, { Name: 'bad' }]);
    });
  });

  describe('partial validation on', () => {
    it('when the referenced item of the request failed, then the reference fails', () => {
      const items = [item('child', [parentRef('parent')]), item('parent', [], { Name: 'bad' })];
      expect(errorsOf(checkReferences(items, store({}), partial))).toEqual([
        { 'Parent Identifier': MESSAGES.referenceInvalid(['parent']) },
        { Name: 'bad' },
      ]);
    });

    it('when the failed item of the request also exists in the store, then the stored one counts', () => {
      const items = [item('child', [parentRef('parent')]), item('parent', [], { Name: 'bad' })];
      expect(errorsOf(checkReferences(items, store({ pages: ['parent'] }), partial))).toEqual([
        {},
        { Name: 'bad' },
      ]);
    });

    it('when failures cascade down a chain, then every item relying on them fails', () => {
      // d -> c -> b -> a, and a refers to a category that does not exist.
      const items = [
        item('d', [parentRef('c')]),
        item('c', [parentRef('b')]),
        item('b', [parentRef('a')]),
        item('a', [categoriesRef('missing')]),
        item('e', [parentRef('stored')]),
      ];
      const checked = checkReferences(items, store({ pages: ['stored'] }), {
        contentType: 'pages',
        partialValidation: true,
      });
      expect(errorsOf(checked)).toEqual([
        { 'Parent Identifier': MESSAGES.referenceInvalid(['c']) },
        { 'Parent Identifier': MESSAGES.referenceInvalid(['b']) },
        { 'Parent Identifier': MESSAGES.referenceInvalid(['a']) },
        { Categories: MESSAGES.referenceNotFound(['missing'], 'categories') },
        {},
      ]);
    });

    it('when an own parent fails, then its children fail too', () => {
      const items = [item('a', [parentRef('a')]), item('b', [parentRef('a')])];
      expect(errorsOf(checkReferences(items, store({}), partial))).toEqual([
        { 'Parent Identifier': MESSAGES.ownParent },
        { 'Parent Identifier': MESSAGES.referenceInvalid(['a']) },
      ]);
    });

    it('when items refer to each other in a cycle, then both are valid', () => {
      const items = [item('a', [relatedRef('b')]), item('b', [relatedRef('a')])];
      expect(errorsOf(checkReferences(items, store({}), partial))).toEqual([{}, {}]);
    });

    it('when a cycle includes a failed item, then the whole cycle fails', () => {
      const items = [
        item('a', [relatedRef('b')]),
        item('b', [relatedRef('c')]),
        item('c', [relatedRef('a'), categoriesRef('none')]),
      ];
      expect(errorsOf(checkReferences(items, store({}), partial))).toEqual([
        { Related: MESSAGES.referenceInvalid(['b']) },
        { Related: MESSAGES.referenceInvalid(['c']) },
        {
          Related: MESSAGES.referenceInvalid(['a']),
          Categories: MESSAGES.referenceNotFound(['none'], 'categories'),
        },
      ]);
    });

    it('when a reference lists missing and failed identifiers, then both are named', () => {
      const items = [item('a', [relatedRef('x', 'b')]), item('b', [], { Name: 'bad' })];
      expect(errorsOf(checkReferences(items, store({}), partial))[0]).toEqual({
        Related: `${MESSAGES.referenceNotFound(['x'], 'pages')}; ${MESSAGES.referenceInvalid(['b'])}`,
      });
    });

    it('when a chain of 20,000 items fails at its root, then every link fails', () => {
      const length = 20_000;
      const items = Array.from({ length }, (_, index) =>
        item(`n${index}`, index === 0 ? [categoriesRef('missing')] : [parentRef(`n${index - 1}`)]),
      );
      const checked = checkReferences(items, store({}), partial);
      expect(checked.every((entry) => Object.keys(entry.errors).length === 1)).toBe(true);
    });
  });

  describe('prototype keys', () => {
    it('when identifiers and labels are prototype names, then they are ordinary', () => {
      const items = [
        item('__proto__', [
          {
            label: '__proto__',
            target: { property: 'p' },
            contentType: 'pages',
            identifiers: ['constructor'],
          },
        ]),
      ];
      const checked = checkReferences(items, store({}), whole);
      expect(Object.entries(checked[0]?.errors ?? {})).toEqual([
        ['__proto__', MESSAGES.referenceNotFound(['constructor'], 'pages')],
      ]);
      expect(storeLookup(new Map())('pages', 'constructor')).toBe(false);
      expect(Object.prototype).not.toHaveProperty('pages');
    });
  });
});
