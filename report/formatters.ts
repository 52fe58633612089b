// The one table of output formats, for the CLI, the library and the Action alike: a new format is
// its file in `formats/` and its entry here.
import type { Formatter } from './report.js';
import { formatApi } from './formats/api.js';
import { formatCheckstyle } from './formats/checkstyle.js';
import { formatCompact } from './formats/compact.js';
import { formatGithub } from './formats/github.js';
import { formatGitlab } from './formats/gitlab.js';
import { formatJson } from './formats/json.js';
import { formatJunit } from './formats/junit.js';
import { formatSarif } from './formats/sarif.js';
import { formatStylish } from './formats/stylish.js';

interface OutputFormat {
  formatter: Formatter;
  /**
   * Its output is built from masked parts (JSON and XML): masking its text again could split an
   * escape or a character reference. Any other output is masked once more as a whole.
   */
  builtFromMaskedParts: boolean;
  /** Only `manifest-lint template` offers it (the platform's validation response). */
  templateOnly?: true;
}

/** Every output format, in the order `--help` lists them. */
export const OUTPUT_FORMATS = {
  stylish: { formatter: formatStylish, builtFromMaskedParts: false },
  json: { formatter: formatJson, builtFromMaskedParts: true },
  sarif: { formatter: formatSarif, builtFromMaskedParts: true },
  github: { formatter: formatGithub, builtFromMaskedParts: false },
  compact: { formatter: formatCompact, builtFromMaskedParts: false },
  gitlab: { formatter: formatGitlab, builtFromMaskedParts: true },
  junit: { formatter: formatJunit, builtFromMaskedParts: true },
  checkstyle: { formatter: formatCheckstyle, builtFromMaskedParts: true },
  api: { formatter: formatApi, builtFromMaskedParts: true, templateOnly: true },
} as const satisfies Record<string, OutputFormat>;

export type Format = keyof typeof OUTPUT_FORMATS;

/** The formats of `manifest-lint template`: every one. */
export const TEMPLATE_FORMATS = Object.keys(OUTPUT_FORMATS) as Format[];
/** The formats of a lint. */
export const FORMATS = TEMPLATE_FORMATS.filter((name) => !('templateOnly' in OUTPUT_FORMATS[name]));
