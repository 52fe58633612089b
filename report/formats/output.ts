// What the CLI and the library do alike around a formatter, so that both print the same bytes:
// the tool's facts in its context, and the masking of what it returns.
import pkg from '../../package.json' with { type: 'json' };
import { docsUrl, type SecretMask } from '../../rules/index.js';
import type { Format } from '../format-names.js';
import type { FileReport, FormatContext, Formatter } from '../report.js';

/**
 * Formats whose output is built from masked parts (JSON and XML): masking their text again could
 * split an escape or a character reference. The others are masked once more as a whole.
 */
const BUILT_FROM_MASKED_PARTS: ReadonlySet<Format> = new Set<Format>(['json', 'sarif', 'api', 'gitlab', 'junit', 'checkstyle']);

/** The output of `format` for reports masked with `mask`, as it may be printed. */
export function formatReports(
  format: Format,
  formatter: Formatter,
  reports: FileReport[],
  mask: SecretMask,
  context: Omit<FormatContext, 'version' | 'informationUri'>,
): string {
  const output = formatter(reports, { ...context, version: pkg.version, informationUri: informationUri() });
  return BUILT_FROM_MASKED_PARTS.has(format) ? output : mask.mask(output);
}

/** The package's homepage when it names one, else the rule documentation. */
function informationUri(): string {
  const homepage = (pkg as { homepage?: unknown }).homepage;
  if (typeof homepage === 'string' && /^https?:\/\//.test(homepage)) return homepage;
  return new URL('.', docsUrl('unused-ignore')).href;
}
