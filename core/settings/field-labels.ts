/**
 * The name a settings field has on the console's pages, from its path in the body: "Endpoint
 * URL", "Property 1: key" (positions one-based, as the pages number them), "Mapping of sku,
 * step 2: value" (a mapping is shown as the row of its source path). `place` is the row or
 * entry, `field` the control in it; a top-level field has no place.
 */
type Path = readonly PropertyKey[];

interface FieldLabel {
  place: string | null;
  field: string;
}

const TOP: Record<string, string> = {
  name: 'Name',
  endpointUrl: 'Endpoint URL',
  contentType: 'Content type',
  description: 'Description',
  requestData: 'Sample payload',
  active: 'Active',
  partialValidation: 'Partial validation',
  mappings: 'Mappings',
  key: 'Key',
  kind: 'Kind',
  properties: 'Properties',
  url: 'Receiver URL',
  contentTypes: 'Content types',
  events: 'Events',
  batchSize: 'Batch size',
  email: 'Email',
  permissions: 'Permissions',
  abilities: 'Abilities',
  expiresAt: 'Expires at',
  userId: 'User',
};

const PROPERTY_FIELDS: Record<string, string> = {
  key: 'key',
  label: 'label',
  type: 'type',
  multiple: 'several values',
  contentType: 'referenced content type',
  options: 'options',
};

const MAPPING_FIELDS: Record<string, string> = {
  source: 'path',
  target: 'target',
  optional: 'Optional',
  lazy: 'Lazy',
  transforms: 'transforms',
};

const STEP_FIELDS: Record<string, string> = {
  op: 'step',
  separator: 'separator',
  value: 'value',
};

const SINGULAR: Record<string, string> = {
  contentTypes: 'Content type',
  events: 'Event',
  permissions: 'Permission',
  abilities: 'Ability',
};

const isIndex = (segment: PropertyKey | undefined): segment is number =>
  typeof segment === 'number';

/** The source a mapping reads, when the body has one, so the row is named as the page shows it. */
function mappingPlace(body: unknown, index: number): string {
  const mappings = (body as { mappings?: unknown } | null)?.mappings;
  const source = Array.isArray(mappings)
    ? (mappings[index] as { source?: unknown } | null)?.source
    : undefined;
  return typeof source === 'string' && source !== ''
    ? `Mapping of ${source}`
    : `Mapping ${index + 1}`;
}

function propertyLabel(index: number, rest: Path): FieldLabel {
  const place = `Property ${index + 1}`;
  const [name, option] = rest;
  if (name === undefined) return { place, field: 'definition' };
  if (name === 'options' && isIndex(option)) return { place, field: `option ${option + 1}` };
  return { place, field: PROPERTY_FIELDS[String(name)] ?? String(name) };
}

function mappingLabel(body: unknown, index: number, rest: Path): FieldLabel {
  const place = mappingPlace(body, index);
  const [name, step, stepField] = rest;
  if (name === undefined) return { place, field: 'mapping' };
  if (name === 'transforms' && isIndex(step)) {
    const stepPlace = `${place}, step ${step + 1}`;
    return { place: stepPlace, field: STEP_FIELDS[String(stepField ?? 'op')] ?? String(stepField) };
  }
  if (name === 'target') return { place, field: 'target' };
  return { place, field: MAPPING_FIELDS[String(name)] ?? String(name) };
}

function fieldLabel(path: Path, body: unknown): FieldLabel {
  const [head, index, ...rest] = path;
  if (head === undefined) return { place: null, field: 'The request' };
  const name = String(head);
  if (name === 'properties' && isIndex(index)) return propertyLabel(index, rest);
  if (name === 'mappings' && isIndex(index)) return mappingLabel(body, index, rest);
  if (isIndex(index) && SINGULAR[name])
    return { place: null, field: `${SINGULAR[name]} ${index + 1}` };
  return { place: null, field: TOP[name] ?? name };
}

/** "Property 1: key": the label a predicate ("is required") follows. */
function fieldText({ place, field }: FieldLabel): string {
  return place ? `${place}: ${field}` : field;
}

/** "Property 1: key is required". */
export function fieldProblem(path: Path, body: unknown, predicate: string): string {
  return `${fieldText(fieldLabel(path, body))} ${predicate}`;
}

/**
 * A whole sentence about a field ("The identifier mapping cannot have a default") after the
 * place it is about: "Mapping of sku, step 2: the identifier mapping cannot have a default".
 */
export function placedSentence(path: Path, body: unknown, sentence: string): string {
  const label = fieldLabel(path, body);
  const lead = label.place ?? label.field;
  return `${lead}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}

/** A dotted key of an error map ("mappings.0.target") as a path, indexes as numbers. */
export function pathOf(key: string): PropertyKey[] {
  return key
    .split('.')
    .map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment));
}
