/**
 * Why the signed-in user may not act on another user (change, deactivate, delete it, revoke its
 * tokens): that user holds a permission the caller lacks (docs/access.md#changing-users). Shown
 * beside the disabled control; the API still decides, and its 403 is shown should it come.
 */

/** Null when the caller holds every permission of `user`. `action`: "change them". */
export function outranked(me, user, action) {
  const missing = user.permissions.filter((p) => !me.user.permissions.includes(p));
  if (missing.length === 0) return null;
  const named = missing.map((p) => `"${p}"`).join(', ');
  return `Not allowed: this user holds ${named}, which your user lacks, so you cannot ${action}.`;
}
