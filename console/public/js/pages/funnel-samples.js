/**
 * Values that recent requests sent at each path, shown beside the path so that a person maps
 * what senders really send. Paths are read as the service reads them: keys joined by dots, a
 * numeric segment indexes an array, any other segment maps over its elements.
 */
import { apiGet, apiPaths } from '../api-client.js';

const RECENT = 3;
const SHOWN = 3;
const LONGEST = 40;

const INDEX = /^(0|[1-9][0-9]*)$/;
const own = (value, key) =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, key);

/** The values at `path` in one payload (an item or a list of items), flattened. */
export function valuesAt(payload, path) {
  let values = Array.isArray(payload) ? payload : [payload];
  for (const key of path.split('.')) {
    const next = [];
    for (const value of values) {
      if (Array.isArray(value) && !INDEX.test(key)) {
        for (const element of value) if (own(element, key)) next.push(element[key]);
      } else if (own(value, key)) next.push(value[key]);
    }
    values = next;
  }
  return values.flat(Infinity);
}

const shortText = (value) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
};

/** Up to a few distinct values of `path` across the payloads, as short text. */
export function sampleValues(payloads, path) {
  const seen = new Set();
  for (const payload of payloads)
    for (const value of valuesAt(payload, path)) {
      if (value === null || typeof value === 'object') continue;
      seen.add(shortText(value));
      if (seen.size === SHOWN) return [...seen];
    }
  return [...seen];
}

/** The payloads of a funnel's newest requests that kept theirs whole; [] when there are none. */
export async function recentPayloads(endpointUrl, signal) {
  const { items } = await apiGet(apiPaths.history(endpointUrl), {
    query: { limit: RECENT },
    signal,
  });
  const records = await Promise.all(
    items
      .filter((entry) => entry.method === 'POST')
      .map((entry) => apiGet(apiPaths.request(endpointUrl, entry.recordId), { signal })),
  );
  return records.filter((record) => !record.payloadTruncated).map((record) => record.payload);
}
