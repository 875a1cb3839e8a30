/**
 * A funnel's mappings resolved against its content type, once per request rather than once per
 * item: each source path split, each target's label, value check and field found, empty transform
 * lists dropped. The mapper (mapper.ts) then reads every item through this plan.
 */
import type { ContentType } from './content-type';
import type { Funnel, Mapping, MappingTarget } from './funnel';
import { systemFieldSpec } from './system-fields';
import { sourcePath, type SourcePath } from './path-reader';
import type { Transform } from './transforms';
import type { ValueSpec } from './value-validators';

/** The system fields an item may set or clear (the identifier is never cleared). */
export type ValueField = 'name' | 'image' | 'parent';

/** The identifier mapping of a funnel, if it has one. */
export function identifierMapping(funnel: Pick<Funnel, 'mappings'>): Mapping | undefined {
  return funnel.mappings.find(
    (mapping) => 'system' in mapping.target && mapping.target.system === 'identifier',
  );
}

/** The label of the identifier field of a content type's kind ("Product Identifier", ...). */
export function identifierLabel(contentType: Pick<ContentType, 'kind'>): string {
  return systemFieldSpec(contentType.kind, 'identifier')?.label ?? 'Identifier';
}

/** A mapping resolved against the content type, once per request. */
export interface PlannedMapping {
  label: string;
  path: SourcePath;
  optional: boolean;
  /** Undefined when the mapping has none: the value read is the value checked. */
  transforms: readonly Transform[] | undefined;
  spec: ValueSpec;
  /** Where the value goes: a system field, else the property `property`. */
  system: ValueField | undefined;
  property: string;
  target: MappingTarget;
  /** For reference targets: the content type the value refers to. */
  references: string | undefined;
}

/** The identifier mapping, resolved once per request. */
export interface PlannedIdentifier {
  path: SourcePath;
  transforms: readonly Transform[] | undefined;
  label: string;
}

/** A mapping's transforms, or undefined when it has none (nothing to apply). */
function transformsOf(mapping: Pick<Mapping, 'transforms'>): readonly Transform[] | undefined {
  return mapping.transforms !== undefined && mapping.transforms.length > 0
    ? mapping.transforms
    : undefined;
}

/** Resolves a non-identifier mapping, or undefined when the content type lacks its target. */
function plan(mapping: Mapping, contentType: ContentType): PlannedMapping | undefined {
  const { target } = mapping;
  const common = {
    path: sourcePath(mapping.source),
    optional: mapping.optional,
    transforms: transformsOf(mapping),
    target,
  };
  if ('system' in target) {
    if (target.system === 'identifier') return undefined;
    const spec = systemFieldSpec(contentType.kind, target.system);
    if (spec === undefined) return undefined;
    return {
      ...common,
      label: spec.label,
      spec: { type: spec.type },
      system: target.system,
      property: '',
      references: spec.type === 'reference' ? contentType.key : undefined,
    };
  }
  const property = contentType.properties.find((candidate) => candidate.key === target.property);
  if (property === undefined) return undefined;
  return {
    ...common,
    label: property.label,
    spec: property,
    system: undefined,
    property: property.key,
    references: property.type === 'reference' ? property.contentType : undefined,
  };
}

/** The identifier mapping of a funnel resolved, errors to be reported under `label`. */
export function planIdentifier(
  funnel: Pick<Funnel, 'mappings'>,
  label: string,
): PlannedIdentifier | undefined {
  const identifier = identifierMapping(funnel);
  return (
    identifier && {
      path: sourcePath(identifier.source),
      transforms: transformsOf(identifier),
      label,
    }
  );
}

/** The plan of a request: its identifier mapping, and the others its content type has. */
export function planMappings(
  funnel: Funnel,
  contentType: ContentType,
): { identifier: PlannedIdentifier | undefined; mappings: PlannedMapping[] } {
  return {
    identifier: planIdentifier(funnel, identifierLabel(contentType)),
    mappings: funnel.mappings
      .map((mapping) => plan(mapping, contentType))
      .filter((entry): entry is PlannedMapping => entry !== undefined),
  };
}

/**
 * Whether checking a request reads the items of the funnel's own content type: lazy identifiers
 * are matched against them, and references to that content type are looked up among them. Such
 * a request sees the writes of the requests received before it only once they are made.
 */
export function readsOwnContentType(funnel: Funnel, contentType: ContentType): boolean {
  if (identifierMapping(funnel)?.lazy) return true;
  return planMappings(funnel, contentType).mappings.some(
    (mapping) => mapping.references === contentType.key,
  );
}
