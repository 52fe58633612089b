/** How the library reads its options: one reading for `lint`, `fix` and the language service. */
import { parseConfig, type LintConfig } from '../rules/index.js';
import type { Config } from './options.js';

/** The configuration, checked as a config file's text is (an object is checked as its JSON), or none. */
export function configOf(config: Config | string | undefined): (LintConfig & { text: string }) | undefined {
  if (config === undefined) return undefined;
  const text = typeof config === 'string' ? config : JSON.stringify(config);
  const { config: parsed, problems } = parseConfig(text);
  if (problems[0]) throw new TypeError(`config: ${problems[0].message}`);
  return { ...parsed, text };
}

/** The clock, when one is given; a value that names no time is refused. */
export function clockOf(now: Date | string | undefined): Date | undefined {
  if (now === undefined) return undefined;
  const date = new Date(now);
  if (Number.isNaN(date.getTime())) throw new TypeError(`now is not a time: ${String(now)}`);
  return date;
}
