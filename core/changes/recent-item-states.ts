/**
 * The latest state of recently written items, in Redis for a short while: where the database
 * scans for every lookup but one by `_id` (FerretDB v1), reading the items of a step of the change
 * log from here costs a round trip instead of a pass over the whole collection.
 *
 * Why a reader never goes back to an older version of an item (docs/changes.md#recent-item-states):
 * - writers store an item's state after writing it and before its change reaches the log, under
 *   the content type's write lock, so the versions stored only grow;
 * - a value only ever replaces a lower version, and expires as a whole;
 * - a reader takes a state only at the version of its change or later, and reads the database
 *   otherwise; what it read there it stores back, so its next read here is no older. A store-back
 *   that comes as late as a value lives sets nothing (a newer value it could undo may have
 *   expired by then) and removes the lower versions it finds, so the next read goes to the store.
 */
import type { Redis } from 'ioredis';
import { itemView, type ItemView } from '../items/item';
import type { ItemChange } from '../items/item-change';
import type { EngineTraits } from '../mongo/engine';

/** An item's version and content at it; `item` null: deleted at that version. */
export interface RecentState {
  version: number;
  item: ItemView | null;
}

export interface Recalled {
  /** The states found, by identifier. */
  states: Map<string, RecentState>;
  /** Redis' clock (ms) before the read: a store-back of what was read after it passes it on. */
  readAt: number;
}

interface Scope {
  tenant: string;
  contentType: string;
}

/** Keys per script call: a 10,000-item write takes ten. */
const KEYS_PER_CALL = 1_000;

/**
 * KEYS: the items' keys. ARGV: time to live (ms), the reader's `readAt` (0 for a writer), then a
 * version and a value per key. Sets each key whose stored version is lower, or that has none. A
 * reader's store-back as late as a value lives sets nothing, and removes the lower versions it
 * finds instead: they are older than what the reader read, and would send it back in time.
 */
const KEEP_NEWER = `
local ttl = tonumber(ARGV[1])
local readAt = tonumber(ARGV[2])
local late = false
if readAt > 0 then
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  late = now - readAt >= ttl
end
local kept = 0
for i, key in ipairs(KEYS) do
  local version = tonumber(ARGV[1 + 2 * i])
  local held = redis.call('GET', key)
  local lower = not held or tonumber(string.match(held, '^(%d+):')) < version
  if lower and late then
    if held then redis.call('DEL', key) end
  elseif lower then
    redis.call('SET', key, version .. ':' .. ARGV[2 + 2 * i], 'PX', ttl)
    kept = kept + 1
  end
end
return kept
`;

export class RecentItemStates {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  /** Stores the states the changes carry. Call before the changes are appended to the log. */
  remember(scope: Scope, changes: readonly ItemChange[]): Promise<void> {
    const states = changes.flatMap(({ identifier, version, item }) =>
      item === undefined ? [] : [{ identifier, version, item: item && itemView(item) }],
    );
    return this.keep(scope, 0, states);
  }

  /** The stored states of the identifiers, with the time they were read at. */
  async recall(scope: Scope, identifiers: readonly string[]): Promise<Recalled> {
    const states = new Map<string, RecentState>();
    if (identifiers.length === 0) return { states, readAt: 0 };
    const reply = await this.redis
      .pipeline()
      .time()
      .mget(...identifiers.map((identifier) => this.keyOf(scope, identifier)))
      .exec();
    const [time, values] = (reply ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    }) as [[string, string], (string | null)[]];
    identifiers.forEach((identifier, i) => {
      const state = parseState(values[i] ?? null);
      if (state) states.set(identifier, state);
    });
    return { states, readAt: Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000) };
  }

  /**
   * Stores states read from the database after `readAt` (a `recall`'s); if that was as long ago
   * as a value lives, only removes the lower versions held.
   */
  async storeBack(
    scope: Scope,
    readAt: number,
    states: readonly (RecentState & { identifier: string })[],
  ): Promise<void> {
    if (readAt > 0) await this.keep(scope, readAt, states);
  }

  private async keep(
    scope: Scope,
    readAt: number,
    states: readonly (RecentState & { identifier: string })[],
  ): Promise<void> {
    for (let start = 0; start < states.length; start += KEYS_PER_CALL) {
      const slice = states.slice(start, start + KEYS_PER_CALL);
      const keys = slice.map((state) => this.keyOf(scope, state.identifier));
      const values = slice.flatMap((state) => [state.version, JSON.stringify(state.item)]);
      await this.redis.eval(KEEP_NEWER, keys.length, ...keys, this.ttlMs, readAt, ...values);
    }
  }

  /** One content type's keys share a hash tag: a script's keys stay on one Redis Cluster slot. */
  private keyOf(scope: Scope, identifier: string): string {
    return `${this.prefix}:recent-item:{${scope.tenant}:${scope.contentType}}:${identifier}`;
  }
}

/** `version:json`, as the script stores it; anything else is no state. */
function parseState(value: string | null): RecentState | null {
  if (value === null) return null;
  const colon = value.indexOf(':');
  const version = Number(value.slice(0, colon));
  if (colon < 1 || !Number.isInteger(version)) return null;
  return { version, item: JSON.parse(value.slice(colon + 1)) as ItemView | null };
}

/**
 * Kept only where the database scans to find items (FerretDB v1): where filters are indexed, the
 * feed reads the items it needs by index, and Redis would only hold copies.
 */
export function recentItemStatesFor(
  engine: EngineTraits,
  redis: Redis,
  prefix: string,
  ttlMs: number,
): RecentItemStates | undefined {
  return engine.indexedFilters || ttlMs === 0
    ? undefined
    : new RecentItemStates(redis, prefix, ttlMs);
}
