import { readFileSync } from 'node:fs';
import path from 'node:path';
import { docsUrl, findRule } from '../rules/index.js';
import { useColor } from '../report/color.js';
import { CliError } from './errors.js';
import type { Io } from './io.js';
import { renderMarkdown } from './terminal-markdown.js';
import { unknownRule } from './unknown-rule.js';

/**
 * The package's `docs/rules/`, the pages generated from the rule metadata: the folder beside
 * `dist/`, where the bundle runs, as beside `cli/`, where this file is. Found from the command's
 * own files, never from the working folder.
 */
export const RULE_PAGES = path.join(__dirname, '..', 'docs', 'rules');

/** `manifest-lint rule <id>`: the rule's page, drawn for the terminal; exit 0, or 2 for a wrong id. */
export function ruleCommand(argv: readonly string[], io: Io): number {
  const [id, ...rest] = argv;
  if (id === undefined) throw new CliError('rule expects a rule id, for example: manifest-lint rule route-port-reserved (see --list-rules)');
  if (id.startsWith('-')) throw new CliError(`unknown option: ${id} (rule takes a rule id; see --help)`);
  if (rest.length > 0) throw new CliError(`rule takes one rule id, got ${argv.length}`);
  const rule = findRule(id);
  if (!rule) throw unknownRule(id);
  const page = readRulePage(rule.id);
  const url = docsUrl(rule.id);
  if (page === undefined) {
    // A build of the command without the package's files around it (a single-file build).
    io.stdout.write(`${rule.id}: ${rule.description}\n\nThis build of manifest-lint carries no rule pages; read the page at\n${url}\n`);
    return 0;
  }
  io.stdout.write(`${renderMarkdown(page, useColor(io.stdout, io.env))}\nOnline: ${url}\n`);
  return 0;
}

function readRulePage(ruleId: string): string | undefined {
  try {
    return readFileSync(path.join(RULE_PAGES, `${ruleId}.md`), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`cannot read the page of ${ruleId}: ${(error as Error).message}`);
  }
}
