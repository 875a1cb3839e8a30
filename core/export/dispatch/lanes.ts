/**
 * Lanes keep one item's changes in order while different items go in parallel: every change of
 * an item goes to the same lane, and a lane sends one delivery at a time.
 */
export const LANE_COUNT = 4;

/** FNV-1a over the UTF-16 code units: cheap, stable across processes and versions. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function laneOf(contentType: string, identifier: string): number {
  return fnv1a(`${contentType}:${identifier}`) % LANE_COUNT;
}
