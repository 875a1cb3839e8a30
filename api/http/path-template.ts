/** The paths of the OpenAPI document as express matches them. */

/** `/a/{b}/c` -> /^\/a\/[^/]+\/c\/?$/i (express matches case-insensitively, a trailing slash too). */
export function pathPattern(template: string): RegExp {
  const source = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`, 'i');
}
