// The one map of format name to formatter, for the CLI, the library and the Action alike. The CLI
// imports this module when a run reports (never at start-up), so a run that prints no report
// (`--help`, `--version`, `--print-config`) loads no formatter.
import type { Format } from './format-names.js';
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

export const FORMATTERS: Readonly<Record<Format, Formatter>> = {
  stylish: formatStylish,
  compact: formatCompact,
  github: formatGithub,
  json: formatJson,
  sarif: formatSarif,
  api: formatApi,
  gitlab: formatGitlab,
  junit: formatJunit,
  checkstyle: formatCheckstyle,
};
