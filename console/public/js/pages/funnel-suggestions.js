/**
 * Which suggested targets the editor applies by itself: only a suggestion sure enough that a
 * person would pick it anyway, for a path nobody mapped, and never a target another row has.
 * The rest stay offered beside their row, for a person to take or leave.
 */
/** A target as the value of its option: "system:identifier", "property:color". */
export const targetValue = (target) =>
  target ? ('system' in target ? `system:${target.system}` : `property:${target.property}`) : '';

/** A score at which names are alike enough ("sku" and Product Identifier, "title" and Name). */
export const CONFIDENT = 0.85;

/** Sets `target` on unmapped rows whose best suggestion is confident; marks them `applied`. */
export function applyConfidentSuggestions(rows) {
  const taken = new Set(rows.map((row) => row.target).filter(Boolean));
  // A path with paths below it holds objects (a list of them too): a field takes what is inside.
  const holdsObjects = (row) => rows.some((other) => other.source.startsWith(`${row.source}.`));
  const candidates = rows
    .filter((row) => !row.target && row.type !== 'object' && row.suggestions?.[0])
    .filter((row) => !holdsObjects(row))
    .filter((row) => row.suggestions[0].score >= CONFIDENT)
    .sort((a, b) => b.suggestions[0].score - a.suggestions[0].score);
  for (const row of candidates) {
    const target = targetValue(row.suggestions[0].target);
    if (taken.has(target)) continue;
    taken.add(target);
    row.target = target;
    row.applied = true;
  }
}

/** The best suggestion still worth offering to an unmapped row, or null. */
export function offeredSuggestion(row, rows) {
  if (row.target) return null;
  const taken = new Set(rows.map((other) => other.target).filter(Boolean));
  return row.suggestions?.find((s) => !taken.has(targetValue(s.target))) ?? null;
}
