/**
 * A row's identifier as the service will key it in `errors` and `successIds`: the value at the
 * identifier mapping's source path, after its transforms, a number as its decimal string
 * (docs/settings.md#source-paths, #value-transforms). Undefined when the row has no usable one:
 * the service then keys the item by its position, `[i]`.
 */
export type IdentifierReader = (row: Record<string, unknown>) => string | undefined;

export type IdentifierTransform = 'trim' | 'lowercase' | 'uppercase' | 'number';

const TRANSFORMS: Record<IdentifierTransform, (value: unknown) => unknown> = {
  trim: (value) => (typeof value === 'string' ? value.trim() : value),
  lowercase: (value) => (typeof value === 'string' ? value.toLowerCase() : value),
  uppercase: (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  number: (value) => (typeof value === 'string' && value.trim() ? Number(value) : value),
};

export function isIdentifierTransform(op: unknown): op is IdentifierTransform {
  return typeof op === 'string' && Object.hasOwn(TRANSFORMS, op);
}

export function identifierReader(
  sourcePath: string,
  transforms: readonly IdentifierTransform[] = [],
): IdentifierReader {
  const segments = sourcePath.split('.');
  return (row) => {
    let value = valueAt(row, segments);
    for (const op of transforms) value = TRANSFORMS[op](value);
    if (typeof value === 'string') return value === '' ? undefined : value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
    return undefined;
  };
}

/** Only the row's own keys; a path through an array yields an array, never an identifier. */
function valueAt(row: unknown, segments: readonly string[]): unknown {
  let value = row;
  for (const segment of segments) {
    if (Array.isArray(value) && /^(0|[1-9]\d*)$/.test(segment)) value = value[Number(segment)];
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      value = Object.hasOwn(value, segment)
        ? (value as Record<string, unknown>)[segment]
        : undefined;
    } else return undefined;
  }
  return value;
}
