/**
 * Conditional writes of settings (docs/settings.md#versions): a content type, a funnel or an
 * export has a revision, 1 when created and one more with each change. Its ETag
 * `"<id>.r<revision>.<digest>"` names that version and, by a digest of the answer's body, the
 * representation: an export's body also shows what changes without a revision (its deliveries), and
 * a cache must not take one for the other. A write may say which version it was made against
 * (`If-Match`), or that the resource must not exist yet (`If-None-Match: *`); it compares the
 * version a tag names, whatever the body showed beside it, and one made against an older version is
 * refused instead of overwriting the change it has not seen.
 */
import { createHash } from 'node:crypto';

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

const ETAG = /^"([A-Za-z0-9_-]+)\.r(\d+)\.[A-Za-z0-9_-]+"$/;

/** The ETag of a version whose answer's body is `body`, as sent. */
export function etagOf(version: CurrentVersion, body: string): string {
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return `"${version.id}.r${version.revision}.${digest}"`;
}

/** The version an entity tag of ours names; undefined for one that is not ours. */
export function versionOfEtag(tag: string): CurrentVersion | undefined {
  const [, id, revision] = ETAG.exec(tag) ?? [];
  return id && revision ? { id, revision: Number(revision) } : undefined;
}

const namesVersion = (tag: string, current: CurrentVersion): boolean => {
  const version = versionOfEtag(tag);
  return version?.id === current.id && version.revision === current.revision;
};

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
    if (ifNoneMatch.tags.some((tag) => namesVersion(tag, current))) {
      return refused('It is still at that version');
    }
  }
  if (!ifMatch) return { ok: true };
  if (!current) return refused('It does not exist');
  if ('any' in ifMatch || ifMatch.tags.some((tag) => namesVersion(tag, current)))
    return { ok: true };
  const foreign = ifMatch.tags.every((tag) => {
    const id = versionOfEtag(tag)?.id;
    return id !== undefined && id !== current.id;
  });
  if (foreign) return refused('If-Match names a version of another resource');
  return refused(`It was changed since: its revision is now ${current.revision}`);
}

const refused = (reason: string): PreconditionOutcome => ({ ok: false, reason });
