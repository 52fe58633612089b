export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Standard input (`--stdin`); the process's own when absent. */
  stdin?: NodeJS.ReadableStream;
}
