/**
 * What `.dockerignore` keeps out of the build context, for the COPY lines the production build
 * check replays: a pattern without wildcards leaves out that path and everything below it; one
 * with wildcards is matched as a glob. `!` exceptions are refused rather than half-understood.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function dockerIgnore(root: string): (file: string) => boolean {
  const file = path.join(root, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim().replace(/^\/+|\/+$/g, ''))
        .filter((line) => line !== '' && !line.startsWith('#'))
    : [];
  const negated = patterns.find((pattern) => pattern.startsWith('!'));
  if (negated) throw new Error(`.dockerignore: exceptions (${negated}) are not replayed`);
  return (absolute) => {
    const relative = path.relative(root, absolute).split(path.sep).join('/');
    return patterns.some((pattern) =>
      /[*?[]/.test(pattern)
        ? path.matchesGlob(relative, pattern)
        : relative === pattern || relative.startsWith(`${pattern}/`),
    );
  };
}
