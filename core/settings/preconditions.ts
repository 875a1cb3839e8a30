/**
 * Conditional writes of settings (docs/settings.md#versions): a content type, a funnel or an
 * export has a revision, 1 when created and one more with each change, shown as its ETag
 * `"<id>.r<revision>"`. A write may say which version it was made against (`If-Match`), or that
 * the resource must not exist yet (`If-None-Match: *`); a write made against an older version is
 * refused instead of overwriting the change it has not seen.
 */

/** A parsed `If-Match` or `If-None-Match`: any version (`*`), or a list of entity tags. */
export type EntityTags = { any: true } | { tags: string[] };

export interface Preconditions {
  ifMatch?: EntityTags;
  ifNoneMatch?: EntityTags;
}

/** The resource as it is now: its id (key, or stable id) and its revision. */
export interface CurrentVersion {
  id: string;
  revision: number;
}

export type PreconditionOutcome = { ok: true } | { ok: false; reason: string };

const ETAG = /^"([A-Za-z0-9_-]+)\.r(\d+)"$/;

export const etagOf = (version: CurrentVersion): string => `"${version.id}.r${version.revision}"`;

/** The id an entity tag of ours names; undefined for one that is not ours. */
export function idOfEtag(tag: string): string | undefined {
  return ETAG.exec(tag)?.[1];
}

/**
 * Whether a write may go ahead against the resource as it is (`current`, null when it does not
 * exist). Tags compare strongly: a weak one (`W/"..."`) never matches.
 */
export function checkPreconditions(
  preconditions: Preconditions,
  current: CurrentVersion | null,
): PreconditionOutcome {
  const { ifMatch, ifNoneMatch } = preconditions;
  if (ifNoneMatch && current) {
    if ('any' in ifNoneMatch) return refused('It exists already');
    if (ifNoneMatch.tags.includes(etagOf(current))) return refused('It is still at that version');
  }
  if (!ifMatch) return { ok: true };
  if (!current) return refused('It does not exist');
  if ('any' in ifMatch || ifMatch.tags.includes(etagOf(current))) return { ok: true };
  const foreign = ifMatch.tags.every((tag) => {
    const id = idOfEtag(tag);
    return id !== undefined && id !== current.id;
  });
  if (foreign) return refused('If-Match names a version of another resource');
  return refused(`It was changed since: its version is now ${etagOf(current)}`);
}

const refused = (reason: string): PreconditionOutcome => ({ ok: false, reason });
