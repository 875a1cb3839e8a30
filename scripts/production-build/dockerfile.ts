/**
 * The part of a Dockerfile the production build check replays: stages with their WORKDIR, ENV,
 * COPY and RUN lines. An instruction it cannot replay faithfully (ADD, RUN in JSON form, a COPY
 * flag other than --from and --chown) is refused, so a Dockerfile change never goes untested.
 */

type Step =
  | { kind: 'copy'; from?: string; sources: string[]; destination: string }
  | { kind: 'run'; command: string };

export interface Stage {
  name: string;
  image: string;
  workdir?: string;
  env: Record<string, string>;
  steps: Step[];
}

/** Instructions that change nothing the check looks at, or that it cannot imitate (USER). */
const NOT_REPLAYED = new Set([
  'EXPOSE',
  'CMD',
  'ENTRYPOINT',
  'USER',
  'LABEL',
  'HEALTHCHECK',
  'ARG',
]);

/** Lines with their continuations joined, comments and blank lines left out. */
function instructions(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push(pending + line);
    pending = '';
  }
  if (pending !== '') lines.push(pending.trim());
  return lines;
}

function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of args.split(/\s+/)) {
    const [key, ...value] = pair.split('=');
    if (!key || value.length === 0)
      throw new Error(`ENV ${args}: only KEY=value pairs are replayed`);
    env[key] = value.join('=').replace(/^"(.*)"$/, '$1');
  }
  return env;
}

function parseCopy(args: string): Step {
  const words = args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift() ?? '';
    if (flag.startsWith('--from=')) from = flag.slice('--from='.length);
    else if (!flag.startsWith('--chown=')) throw new Error(`COPY ${flag} is not replayed`);
  }
  if (args.trimStart().startsWith('[') || words.length < 2) {
    throw new Error(`COPY ${args}: only "COPY [--from=stage] source... destination" is replayed`);
  }
  const destination = words.pop() ?? '';
  return { kind: 'copy', ...(from ? { from } : {}), sources: words, destination };
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of instructions(text)) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const instruction = keyword.toUpperCase();
    const args = rest.join(' ');
    if (instruction === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match?.[1]) throw new Error(`FROM ${args}: not understood`);
      stages.push({ image: match[1], name: match[2] ?? String(stages.length), env: {}, steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${instruction} before the first FROM`);
    if (instruction === 'WORKDIR') stage.workdir = args;
    else if (instruction === 'ENV') Object.assign(stage.env, parseEnv(args));
    else if (instruction === 'COPY') stage.steps.push(parseCopy(args));
    else if (instruction === 'RUN') {
      if (args.startsWith('[')) throw new Error(`RUN ${args}: only the shell form is replayed`);
      stage.steps.push({ kind: 'run', command: args });
    } else if (!NOT_REPLAYED.has(instruction)) {
      throw new Error(`${instruction}: this check does not replay it; teach it or leave it out`);
    }
  }
  return stages;
}
