import type { ItemWrite } from '../../../core/items/item-documents';
import { inRequestOrder, sequenceRange, writeRounds } from '../../../core/items/write-rounds';

const write = (identifier: string): ItemWrite => ({
  identifier,
  set: { properties: {} },
  unset: { fields: [], properties: [] },
  funnelId: 'erp',
});
const receipt = (sequence: number) => ({ sequence, receivedAt: new Date(sequence * 1_000) });

describe('writeRounds: several requests’ writes in rounds', () => {
  it('when an item is in several requests, then round r holds its r-th write, with that request’s receipt', () => {
    const rounds = writeRounds([
      { writes: [write('A'), write('B')], receipt: receipt(1) },
      { writes: [write('C'), write('A')], receipt: receipt(2) },
      { writes: [write('A')], receipt: receipt(3) },
    ]);
    const shown = rounds.map((round) =>
      round.map(({ write: { identifier }, receipt: { sequence }, request }) =>
        [identifier, sequence, request].join(' '),
      ),
    );
    expect(shown).toEqual([['A 1 0', 'B 1 0', 'C 2 1'], ['A 2 1'], ['A 3 2']]);
  });

  it('when every item is in one request, then there is one round', () => {
    const rounds = writeRounds([
      { writes: [write('A')], receipt: receipt(1) },
      { writes: [write('B')], receipt: receipt(2) },
    ]);
    expect(rounds).toHaveLength(1);
  });

  it('when requests write nothing, then there are no rounds and no range', () => {
    const requests = [{ writes: [], receipt: receipt(1) }];
    expect(writeRounds(requests)).toEqual([]);
    expect(sequenceRange(requests)).toBeNull();
  });

  it('when requests write, then the range spans the receipts of those that do', () => {
    expect(
      sequenceRange([
        { writes: [write('A')], receipt: receipt(4) },
        { writes: [], receipt: receipt(9) },
        { writes: [write('A')], receipt: receipt(7) },
      ]),
    ).toEqual({ from: 4, to: 7 });
  });

  it('when changes come round by round, then they are put request by request, each item’s in order', () => {
    const change = (identifier: string, version: number) =>
      ({ event: 'updated', identifier, version }) as const;
    const ordered = inRequestOrder([
      { request: 0, change: change('A', 1) },
      { request: 1, change: change('C', 1) },
      { request: 1, change: change('A', 2) },
      { request: 0, change: change('B', 1) },
    ]);
    expect(ordered.map((c) => `${c.identifier}${c.version}`)).toEqual(['A1', 'B1', 'C1', 'A2']);
  });
});
