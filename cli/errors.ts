/** A problem the user can act on: printed as one line on stderr, never with a stack trace. */
export class CliError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** One line, whatever the original message held. */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** A short reason for a failed file-system call ("permission denied" rather than a stack). */
export function ioReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    case 'ENOTDIR':
      return 'not a folder';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EROFS':
      return 'read-only file system';
    default:
      return oneLine(error instanceof Error ? error.message : String(error));
  }
}
