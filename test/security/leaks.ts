/**
 * What counts as a leak, written apart from the product's own masking: an output leaks a secret
 * when it holds any run of `RUN` letters and digits from the part of the secret after the
 * characters a mask may show, whatever the case and whatever stands between them (an upper-cased
 * variable name, a lower-cased slug, a JSON- or URL-escaped form all count), and whatever escapes
 * write its characters (`\u0078`, `&#105;`, `&#x73;`, `&lowbar;`, `\_`).
 */
export const RUN = 8;

/** Characters a mask may show: at most 4, never half of the secret. */
export function shownLengthOf(secret: string): number {
  return Math.min(4, Math.floor(secret.length / 2));
}

/**
 * Lower-cased letters and digits only: JSON `\u` escapes and HTML numeric references read as
 * their characters, other JSON escapes (`\n`, `\"`) and named references (`&lowbar;`) dropped whole.
 */
function skeleton(text: string): string {
  return text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));?/g, (written, decimal?: string, hex?: string) => {
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : written;
    })
    .replace(/&[A-Za-z]+;/g, '')
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
