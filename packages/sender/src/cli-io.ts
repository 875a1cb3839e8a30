/**
 * Where the CLI reads its environment and writes its output: the process's own when run as a
 * command, buffers when a test runs it in-process.
 */
export interface CliOutput {
  write(text: string): unknown;
}

export interface CliIo {
  stdout: CliOutput;
  stderr: CliOutput;
  env: NodeJS.ProcessEnv;
}

export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}
