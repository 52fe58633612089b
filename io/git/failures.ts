/** How a clone fails: the error the caller sees, and one line for the user out of what git printed. */

/** The clone failed; the message is one line for the user. */
export class CloneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloneError';
  }
}

/** A git command that exited with an error. */
export class GitFailure extends Error {
  constructor(readonly stderr: string) {
    super('git failed');
  }
}

/** git could not be started (`error` is what spawning it threw or reported). */
export function spawnError(error: unknown): CloneError {
  const code = (error as { code?: unknown } | null)?.code;
  return new CloneError(
    code === 'ENOENT'
      ? 'git is not installed (or not on PATH); it is needed to check a git URL'
      : `cannot run git: ${String((error as Error)?.message ?? error)}`,
  );
}

/** One line saying why git failed, from its (C locale) messages. */
export function explain(stderr: string, ref: string | undefined): string {
  const text = stderr;
  if (/Remote branch .* not found|couldn't find remote ref|not our ref|unadvertised object|upload-pack: not our ref|no such remote ref/i.test(text)) {
    return `the repository has no branch, tag or commit "${ref ?? 'HEAD'}"${ref !== undefined && /^[0-9a-f]{7,39}$/i.test(ref) ? ' (give a commit by its full SHA)' : ''}`;
  }
  if (/Host key verification failed/i.test(text)) return 'the SSH host key is not known (and no prompt is shown): add it to ~/.ssh/known_hosts first';
  if (/could not read (Username|Password)|terminal prompts disabled|Authentication failed|Permission denied \(publickey/i.test(text)) {
    return 'the repository needs credentials, and no prompt is shown: use a URL your SSH agent can read, or clone it yourself and check the folder';
  }
  if (/transport '[^']*' not allowed/i.test(text)) return 'this transport is not allowed (only https, ssh, git and file)';
  if (
    /does not appear to be a git repository|Repository not found|repository '[^']*' not found|not found|No such file or directory|does not exist/i.test(text)
  ) {
    return 'the repository does not exist or cannot be read';
  }
  if (/Could not resolve host|Connection refused|Connection timed out|Network is unreachable/i.test(text)) return `cannot reach the server (${lastLine(text)})`;
  return lastLine(text) || 'git failed';
}

/** The last `fatal:`/`error:` line (or the last line), with URLs' credentials removed. */
export function lastLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const fatal = [...lines].reverse().find((line) => /^(fatal|error):/.test(line)) ?? lines.at(-1) ?? '';
  return fatal.replace(/^(fatal|error):\s*/, '').replace(/([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^@/\s]*@/g, '$1');
}
