/**
 * Tests that need a program this machine may lack (a real editor, a browser, pre-commit) are
 * skipped without it, outside CI. Vitest counts skipped tests but does not say why, so the file
 * says it in the test output, once, with what to install.
 */
export function unlessAvailable(available: boolean, what: string, install: string): boolean {
  if (!available) console.warn(`skipped: ${what}, which need ${install}`);
  return available;
}
