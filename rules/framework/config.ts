import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { LineIndex } from './line-index.js';
import { closest } from './suggest.js';
import { SEVERITIES, type Diagnostic, type JsonPath, type Range, type RuleMeta, type SeveritySetting } from './types.js';

/** An `ignore` entry of `.manifestlintrc.json`: silences findings at or under a JSON pointer. */
export interface IgnoreEntry {
  index: number;
  rule?: string;
  path: string;
  /** The entry's range in the config file, where `unused-ignore` points. */
  range: Range;
}

export interface LintConfig {
  rules: Record<string, SeveritySetting>;
  ignore: IgnoreEntry[];
  /**
   * `skillSources`: the local source folder of a skill, by skill name, as written (a relative
   * path below the config file's folder, `/`-separated). Adapters resolve and read them.
   */
  skillSources?: Record<string, string>;
}

export interface ConfigProblem {
  message: string;
  range: Range;
}

const SETTINGS: readonly SeveritySetting[] = ['off', ...SEVERITIES];

/** The rules a configuration may name: the catalog's, handed in by the engine's entry. */
export interface KnownRules {
  findRule(id: string): RuleMeta | undefined;
  ruleIds(): string[];
  /** The rule an old id was merged into. */
  mergedInto(id: string): string | undefined;
}

/** Reads `.manifestlintrc.json` text (comments and trailing commas allowed: it is our file). */
export function parseConfigWith(known: KnownRules, text: string): { config: LintConfig; problems: ConfigProblem[] } {
  const lines = new LineIndex(text);
  const config: LintConfig = { rules: {}, ignore: [] };
  const problems: ConfigProblem[] = [];
  const problem = (node: Node | undefined, message: string) => problems.push({ message, range: rangeOf(lines, node) });

  const syntaxErrors: ParseError[] = [];
  const root = parseTree(text, syntaxErrors, { allowTrailingComma: true });
  for (const error of syntaxErrors) {
    problems.push({
      message: `not valid JSON: ${printParseErrorCode(error.error)}`,
      range: { start: lines.positionAt(error.offset), end: lines.positionAt(error.offset + error.length) },
    });
  }
  if (problems.length > 0) return { config, problems };
  if (root?.type !== 'object') {
    problem(root, 'the configuration must be a JSON object with `rules` and `ignore`');
    return { config, problems };
  }

  for (const property of root.children ?? []) {
    const [key, value] = property.children ?? [];
    switch (key?.value) {
      case 'rules':
        readRules(known, value, config, problem);
        break;
      case 'ignore':
        readIgnore(known, value, lines, config, problem);
        break;
      case 'skillSources':
        readSkillSources(value, config, problem);
        break;
      default:
        problem(key, `unknown key \`${String(key?.value)}\`; the configuration has \`rules\`, \`ignore\` and \`skillSources\``);
    }
  }
  return { config, problems };
}

type Complain = (node: Node | undefined, message: string) => void;

function readRules(known: KnownRules, node: Node | undefined, config: LintConfig, problem: Complain): void {
  if (node?.type !== 'object') return problem(node, '`rules` must be an object of rule id to severity');
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    const id = String(key?.value);
    if (!known.findRule(id)) {
      const merged = known.mergedInto(id);
      const suggestion = closest(id, known.ruleIds());
      problem(
        key,
        merged
          ? `\`${id}\` is now part of \`${merged}\`: name that rule instead`
          : `unknown rule \`${id}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`,
      );
    } else if (!SETTINGS.includes(value?.value)) {
      problem(value, `severity of \`${id}\` must be one of ${SETTINGS.map((s) => `\`${s}\``).join(', ')}`);
    } else {
      config.rules[id] = value!.value as SeveritySetting;
    }
  }
}

function readIgnore(known: KnownRules, node: Node | undefined, lines: LineIndex, config: LintConfig, problem: Complain): void {
  if (node?.type !== 'array') return problem(node, '`ignore` must be an array of `{ "rule": "<id>", "path": "/json/pointer" }`');
  (node.children ?? []).forEach((entry, index) => {
    if (entry.type !== 'object') return problem(entry, 'an ignore entry must be an object with `path` and optionally `rule`');
    const properties = entry.children ?? [];
    for (const property of properties) {
      const key = property.children?.[0];
      if (key?.value !== 'rule' && key?.value !== 'path') {
        problem(key, `unknown key \`${String(key?.value)}\` in an ignore entry; it has \`rule\` and \`path\``);
      }
    }
    const valueOf = (name: string) => properties.find((p) => p.children?.[0]?.value === name)?.children?.[1];
    const rule = valueOf('rule');
    const path = valueOf('path');
    if (rule && (rule.type !== 'string' || !known.findRule(rule.value))) {
      return problem(rule, `\`rule\` must be a rule id; \`${String(rule.value)}\` is not one`);
    }
    if (path?.type !== 'string' || !(path.value === '' || String(path.value).startsWith('/'))) {
      return problem(path ?? entry, '`path` must be a JSON pointer such as `/tasks/0` (`""` is the whole manifest)');
    }
    config.ignore.push({
      index,
      ...(rule ? { rule: rule.value as string } : {}),
      path: path.value as string,
      range: rangeOf(lines, entry),
    });
  });
}

function readSkillSources(node: Node | undefined, config: LintConfig, problem: Complain): void {
  if (node?.type !== 'object') return problem(node, '`skillSources` must be an object of skill name to folder, such as `{ "notes": "skills/notes" }`');
  const sources: Record<string, string> = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    const name = String(key?.value);
    if (value?.type !== 'string' || value.value === '') {
      problem(value ?? key, `the folder of the skill \`${name}\` must be a non-empty path relative to the configuration file's folder`);
      continue;
    }
    const why = writtenFolderProblem(value.value as string);
    if (why) {
      problem(value, `the folder of the skill \`${name}\` ${why}: \`skillSources\` names folders below the configuration file's folder, relative to it`);
      continue;
    }
    Object.defineProperty(sources, name, { value: value.value as string, enumerable: true, writable: true, configurable: true });
  }
  config.skillSources = sources;
}

/** Why a folder written in the config cannot be used (it does not stay below the config's folder, say), if it cannot. */
function writtenFolderProblem(written: string): string | undefined {
  if (/^([/\\]|[a-zA-Z]:)/.test(written)) return 'is an absolute path';
  // A backslash separates folders on Windows only: elsewhere it would be part of a name.
  if (written.includes('\\')) return 'holds a backslash (write folders with `/`, on every system)';
  let depth = 0;
  for (const segment of written.split('/')) {
    if (segment === '..') depth--;
    else if (segment !== '' && segment !== '.') depth++;
    if (depth < 0) return 'leads outside that folder (`..`)';
  }
  return depth === 0 ? 'is that folder itself, not a folder below it' : undefined;
}

function rangeOf(lines: LineIndex, node: Node | undefined): Range {
  const start = node?.offset ?? 0;
  return { start: lines.positionAt(start), end: lines.positionAt(start + (node?.length ?? 0)) };
}

/** JSON pointer of a diagnostic's path, as `ignore` entries write it. */
export function toPointer(path: JsonPath): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Drops the findings that an entry silences, and tells which entries were used. */
export function applyIgnores(diagnostics: Diagnostic[], ignore: readonly IgnoreEntry[]): { kept: Diagnostic[]; matched: Set<IgnoreEntry> } {
  const matched = new Set<IgnoreEntry>();
  const kept = diagnostics.filter((diagnostic) => {
    const pointer = toPointer(diagnostic.path);
    const silencing = ignore.filter(
      (entry) => (entry.rule === undefined || entry.rule === diagnostic.ruleId) && (pointer === entry.path || pointer.startsWith(`${entry.path}/`)),
    );
    silencing.forEach((entry) => matched.add(entry));
    return silencing.length === 0;
  });
  return { kept, matched };
}
