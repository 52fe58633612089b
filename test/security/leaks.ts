/**
 * What counts as a leak, written apart from the product's own masking: an output leaks a secret
 * when it holds any run of `RUN` letters and digits from the part of the secret after the
 * characters a mask may show, whatever the case and whatever stands between them (an upper-cased
 * variable name, a lower-cased slug, a JSON- or URL-escaped form all count).
 */
export const RUN = 8;

/** Characters a mask may show: at most 4, never half of the secret. */
export function shownLengthOf(secret: string): number {
  return Math.min(4, Math.floor(secret.length / 2));
}

/** Lower-cased letters and digits only, JSON escapes (`\n`, `\"`) dropped whole. */
function skeleton(text: string): string {
  return text
    .replace(/\\[nrtbf"\\/]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The runs of a secret that no output may hold. */
export function forbiddenRuns(part: string): string[] {
  const hidden = skeleton(part.slice(shownLengthOf(part)));
  const runs = new Set<string>();
  for (let i = 0; i + RUN <= hidden.length; i++) runs.add(hidden.slice(i, i + RUN));
  return [...runs];
}

/** The first forbidden run an output holds, if any. */
export function leakIn(output: string, runs: readonly string[]): string | undefined {
  const shown = skeleton(output);
  return runs.find((run) => shown.includes(run));
}
