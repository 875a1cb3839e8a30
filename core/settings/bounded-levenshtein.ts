/**
 * Edit distance of two short strings, with the number of cells it filled, so that a caller can
 * account for its work. Callers cut their strings first: the work is the product of the lengths.
 */
export interface Distance {
  distance: number;
  cells: number;
}

export function levenshtein(a: string, b: string): Distance {
  let previous = new Uint16Array(b.length + 1);
  let current = new Uint16Array(b.length + 1);
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (char === b.charCodeAt(j - 1) ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    [previous, current] = [current, previous];
  }
  return { distance: previous[b.length] ?? 0, cells: a.length * b.length };
}
