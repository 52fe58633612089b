// What the CLI and the library do alike around a formatter, so that both print the same bytes:
// the tool's facts in its context, and the masking of what it returns.
import pkg from '../../package.json' with { type: 'json' };
import { docsUrl, type SecretMask } from '../../rules/index.js';
import { OUTPUT_FORMATS, type Format } from '../formatters.js';
import type { FileReport, FormatContext } from '../report.js';

/** The output of `format` for reports masked with `mask`, as it may be printed. */
export function formatReports(format: Format, reports: FileReport[], mask: SecretMask, context: Omit<FormatContext, 'version' | 'informationUri'>): string {
  const { formatter, builtFromMaskedParts } = OUTPUT_FORMATS[format];
  const output = formatter(reports, { ...context, version: pkg.version, informationUri: informationUri() });
  return builtFromMaskedParts ? output : mask.mask(output);
}

/** The package's homepage when it names one, else the rule documentation. */
function informationUri(): string {
  const homepage = (pkg as { homepage?: unknown }).homepage;
  if (typeof homepage === 'string' && /^https?:\/\//.test(homepage)) return homepage;
  return new URL('.', docsUrl('unused-ignore')).href;
}
