import { itemOutcome } from '../../../core/history/item-outcome';
import { identifiersNamed, type NamingOutcome } from '../../../core/history/record-identifiers';

const none: NamingOutcome = {
  successIds: [],
  deletedIds: [],
  notFoundIds: [],
  resolved: [],
  errors: [],
};

describe('the identifiers a history record keeps', () => {
  it('when a request wrote, resolved, deleted, missed and refused items, then each is named once, in that order', () => {
    const named = identifiersNamed({
      successIds: ['A-1', 'e-19'],
      resolved: [{ sent: 'e-19', writtenTo: 'E-1' }],
      deletedIds: ['D-1'],
      notFoundIds: ['Z-9', 'A-1'],
      // One failed item, with two fields in error.
      errors: [{ key: 'B-1' }, { key: 'B-1' }],
    });
    expect(named).toEqual(['A-1', 'e-19', 'E-1', 'D-1', 'Z-9', 'B-1']);
  });

  it('when errors are keyed by position or name the whole request, then they name no item', () => {
    const errors = [{ key: '[3]' }, { key: '_request' }, { key: '[x]' }];
    expect(identifiersNamed({ ...none, errors })).toEqual(['[x]']);
  });
});

describe('what a recorded request did to one item', () => {
  const entry = {
    ...none,
    dryRun: false,
    successIds: ['A-1', 'e-19'],
    resolved: [{ sent: 'e-19', writtenTo: 'E-1' }],
    deletedIds: ['D-1'],
    notFoundIds: ['Z-9'],
    errors: [{ key: 'B-1', label: 'Name', message: 'required' }],
  };

  it.each([
    ['A-1', 'written'],
    ['E-1', 'written'],
    ['e-19', 'written'],
    ['D-1', 'deleted'],
    ['Z-9', 'not-found'],
    ['B-1', 'failed'],
    ['Q-1', 'named'],
  ])('when the item is %p, then the request %s it', (identifier, outcome) => {
    expect(itemOutcome(entry, identifier)).toBe(outcome);
  });

  it('when the request was a dry run, then it only named the item', () => {
    expect(itemOutcome({ ...entry, dryRun: true }, 'A-1')).toBe('named');
  });
});
