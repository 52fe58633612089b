/**
 * An error as one line for the log, with quoted parts left out: messages of parsers and of
 * `JSON.parse` quote the text they failed on, and a manifest's text may hold a token.
 */
export function describeError(error: unknown): string {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n')[0] ?? '';
  return `${name}: ${firstLine.replace(/"[^"]*"?|'[^']*'?|`[^`]*`?/g, '"…"').slice(0, 200)}`;
}
