/**
 * Runs a documented terminal transcript — `$ command` lines, each followed by what it printed,
 * where a line `…` stands for lines left out — and gives back what the commands print now, in the
 * transcript's shape, for a test to compare with the page: `manifest-lint` (or `npx
 * manifest-lint`) is the built CLI installed in the folder's project (see installed-package.ts),
 * standard error is interleaved with standard output as a terminal shows them, and npm stays
 * offline.
 */
import { spawnSync } from 'node:child_process';
import type { DocBlock } from './doc-snippets.js';
import { PATH_WITHOUT_THE_TOOL, withPackage } from './installed-package.js';

export interface Transcript {
  /** The block's text. */
  expected: string;
  /** The block as the commands print now: equal to `expected` when each command printed what it shows. */
  actual: string;
}

const ELIDED = '…';

/** Whether `printed` is `shown`, where a line `…` of `shown` stands for any number of lines. */
function printedAsShown(shown: string[], printed: string[]): boolean {
  const escape = (line: string) => line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = shown.map((line) => (line === ELIDED ? '(?:[^\\n]*\\n)*?' : `${escape(line)}\\n`)).join('');
  return new RegExp(`^${pattern}$`).test(printed.map((line) => `${line}\n`).join(''));
}

export function runTranscript(block: DocBlock, cwd: string): Transcript {
  withPackage(cwd);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${cwd}/node_modules/.bin:${PATH_WITHOUT_THE_TOOL}`,
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
  };
  delete env.NODE_OPTIONS;
  delete env.FORCE_COLOR;
  const lines = block.code.replace(/\n$/, '').split('\n');
  const actual: string[] = [];
  for (let at = 0; at < lines.length; ) {
    const command = lines[at]!;
    if (!command.startsWith('$ ')) throw new Error(`${block.page}:${block.line}: a transcript starts each command with "$ ": ${command}`);
    let end = at + 1;
    while (end < lines.length && !lines[end]!.startsWith('$ ')) end++;
    const shown = lines.slice(at + 1, end);
    const run = spawnSync('sh', ['-c', `exec 2>&1\n${command.slice(2)}`], { cwd, env, encoding: 'utf8' });
    const printed = run.stdout === '' ? [] : run.stdout.replace(/\n$/, '').split('\n');
    actual.push(command, ...(printedAsShown(shown, printed) ? shown : printed));
    at = end;
  }
  return { expected: block.code, actual: `${actual.join('\n')}\n` };
}
