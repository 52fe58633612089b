import path from 'node:path';
import { fixManifest, lintOptionsFor, type ManifestSettings } from '../rules/apply-config.js';
import { displayPathOf } from '../io/paths.js';
import {
  docsUrl,
  findRule,
  listRules,
  maskFor,
  parseDocument,
  reportUnusedIgnores,
  SCHEMA_URL,
  whyNotAgentManifest,
  type DecodedText,
  type SecretMask,
  type InvalidEncoding,
} from '../rules/index.js';
import type { CliOptions } from './args.js';
import { useColor } from '../report/color.js';
import { useHyperlinks } from '../report/hyperlinks.js';
import { unknownRule } from './unknown-rule.js';
import { ConfigResolver, settingsFor, type LoadedConfig } from './config.js';
import { discover } from './discover.js';
import { CliError } from './errors.js';
import type { CommandIo, Io } from './io.js';
import { readStdin, readTextFile } from './read.js';
import { STDIN_NAME, toFileReport, type FileReport, type FormatContext, type LintedFile } from '../report/report.js';
import { formatReports } from '../report/formats/output.js';
import { load as loadSchema } from '../language/lazy/manifest-schema.js';
import { isTemplateRepositoryRoot } from '../io/template-layout.js';
import { SaidOnce } from '../workspace/said-once.js';
import { envNumber } from './env-number.js';
import { lintInWorkers, threadsFor, type LintJob } from './lint-workers.js';
import { lintWithSkillFolders, skillFoldersOfRun } from './lint-with-skill-folders.js';

export interface Input {
  displayPath: string;
  /** Undefined for standard input. */
  absPath?: string;
  /** Where the config file lookup starts. */
  folder: string;
  text: string;
  /** The first byte that is not UTF-8, if any: such a file is reported and never rewritten. */
  encoding?: InvalidEncoding;
  /** Named on the command line (or standard input), rather than found in a folder. */
  named: boolean;
}

export interface Linted extends LintedFile {
  /** A config file, listed only for its own findings. */
  isConfig?: boolean;
}

/** Lints, fixes and reports as the options say; returns the exit code. */
export async function lintCommand(options: CliOptions, io: CommandIo): Promise<number> {
  checkRuleIds(options);
  if (options.listRules) {
    if (options.format === 'json') {
      io.stdout.write(`${JSON.stringify(listRules().map((rule) => ({ ...rule, docsUrl: docsUrl(rule.id) })))}\n`);
    } else {
      const { formatRuleList } = await import('./list-rules.js');
      io.stdout.write(formatRuleList(listRules()));
    }
    return 0;
  }
  if (options.printSchema) {
    io.stdout.write(`${JSON.stringify(loadSchema(), null, 2)}\n`);
    return 0;
  }

  if (options.printConfig) {
    const { printConfig } = await import('./print-config.js');
    return printConfig(options, io);
  }

  const inputs = await readInputs(options, io);
  const resolver = new ConfigResolver(io.cwd, options.config, options.noConfig);
  // Every config problem stops the run before any file is written.
  const configs: (LoadedConfig | undefined)[] = [];
  for (const input of inputs) configs.push(await resolver.forFolder(input.folder));
  warnSkippedConfigs(resolver, io);
  const linted: Linted[] = [];
  const diffs: string[] = [];
  // Every output of the run is masked with the secrets of every file of the run.
  const { mask } = io;
  const summary = new FixSummary();
  const skillFolders = skillFoldersOfRun(io);
  const settingsOf = (index: number): ManifestSettings => ({
    ...settingsFor(configs[index], options),
    encoding: inputs[index]!.encoding,
    inTemplateRepository: templateLayoutOf(inputs[index]!),
  });

  const threads = options.fix || options.fixDryRun || io.workerEntry === undefined ? 1 : threadsFor(inputs.length, lintThreadsOf(io.env));
  if (threads > 1) {
    const linted = await lintInThreads(inputs, configs, settingsOf, options, io, io.workerEntry!, threads);
    return reportLinted(linted, resolver, options, io, diffs, mask);
  }
  for (const [index, input] of inputs.entries()) {
    const config = configs[index];
    const settings = settingsOf(index);
    let text = input.text;
    if (input.encoding && options.fix) {
      io.stderr.write(`manifest-lint: skipped ${input.displayPath}: not valid UTF-8, not fixed (writing it would replace the bad bytes)\n`);
    } else if (options.fix || options.fixDryRun) {
      const fixed = fixManifest(input.text, settings);
      if (fixed.output !== input.text) {
        if (options.fixDryRun) diffs.push(await diffOf(input, fixed.output, mask, io.cwd));
      }
      const written =
        !options.fix ||
        input.absPath === undefined ||
        fixed.output === input.text ||
        (await writeFix(input.absPath, input.displayPath, input.text, fixed.output, io));
      if (written) {
        text = fixed.output;
        if (options.fix) summary.fixed(fixed.fixCount, input.displayPath, fixed.afterwards);
      }
    }
    const result = await lintWithSkillFolders(text, { manifestPath: input.absPath, config, quiet: options.quiet }, settings, skillFolders);
    for (const entry of result.matched) config?.matched.add(entry);
    // Learned when the run first shows something: a clean run in most formats shows nothing.
    mask.mergeLater(result.maskSource);
    summary.remaining(result.diagnostics.length);
    linted.push({ displayPath: input.displayPath, text, diagnostics: result.diagnostics });
  }
  const code = await reportLinted(linted, resolver, options, io, diffs, mask);
  if (options.fix) io.stderr.write(summary.text());
  return code;
}

/** `MANIFEST_LINT_JOBS`: how many threads lint a run's manifests (1: the command's own thread alone). */
export const JOBS_VARIABLE = 'MANIFEST_LINT_JOBS';

function lintThreadsOf(env: NodeJS.ProcessEnv): number | undefined {
  return env[JOBS_VARIABLE] ? Math.floor(envNumber(env, JOBS_VARIABLE, 1, MAX_THREADS)) : undefined;
}

/** More threads than this only wait for one another. */
const MAX_THREADS = 64;

/**
 * Lints the inputs in worker threads (see lint-workers.ts) and gathers what one thread would
 * have: the findings in the inputs' order, the ignore entries matched, every secret learned, and
 * each note about a skill folder once.
 */
async function lintInThreads(
  inputs: Input[],
  configs: (LoadedConfig | undefined)[],
  settingsOf: (index: number) => ManifestSettings,
  options: CliOptions,
  io: CommandIo,
  entry: string,
  threads: number,
): Promise<Linted[]> {
  const configList = [...new Set(configs.filter((config): config is LoadedConfig => config !== undefined))];
  const jobs: LintJob[] = [];
  for (const [index, input] of inputs.entries()) {
    const { config: _config, ...settings } = settingsOf(index);
    const config = configs[index];
    jobs.push({ text: input.text, manifestPath: input.absPath, config: config && configList.indexOf(config), settings, quiet: options.quiet });
  }
  const plainConfigs = configList.map(({ absPath, text, rules, ignore, skillSources }) => ({
    absPath,
    text,
    rules,
    ignore,
    ...(skillSources ? { skillSources } : {}),
  }));
  const results = await lintInWorkers(entry, jobs, plainConfigs, threads);
  const notes = new SaidOnce((note: string) => io.stderr.write(`manifest-lint: note: ${note}\n`));
  return results.map((result, index) => {
    const config = configs[index];
    for (const at of result.matched) config?.matched.add(config.ignore[at]!);
    io.mask.mergeSnapshot(result.mask);
    for (const note of result.notes) notes.say(note);
    return { displayPath: inputs[index]!.displayPath, text: inputs[index]!.text, diagnostics: result.diagnostics };
  });
}

/**
 * Whether a manifest read from a file lies in a template repository, where `template` is read:
 * asked only of a manifest with a `template` key, the one case the answer changes a finding.
 */
function templateLayoutOf(input: Input): boolean | undefined {
  if (input.absPath === undefined || !input.text.includes('"template"')) return undefined;
  return isTemplateRepositoryRoot(path.dirname(input.absPath));
}

/** One line on standard error per config file passed over. */
export function warnSkippedConfigs(resolver: ConfigResolver, io: Io): void {
  for (const { path: shown, reason } of resolver.skippedConfigs) io.stderr.write(`manifest-lint: warning: ${shown} is not used: ${reason}\n`);
}

/**
 * Writes a fixed manifest over `original`, unless the file is read-only or was edited meanwhile:
 * then it says so and keeps the file (the findings reported are those of what is on disk).
 */
export async function writeFix(absPath: string, displayPath: string, original: string, output: string, io: Io): Promise<boolean> {
  const { writeFileAtomic } = await import('./write-atomic.js');
  const skipped = writeFileAtomic(absPath, output, displayPath, original);
  if (skipped === 'read-only') io.stderr.write(`manifest-lint: skipped ${displayPath}: read-only, not fixed\n`);
  if (skipped === 'changed') io.stderr.write(`manifest-lint: skipped ${displayPath}: changed while it was being fixed; run again\n`);
  return skipped === undefined;
}

/** `fixed 3 problems in 2 files; 1 remains`, what `--fix` ends with. */
export class FixSummary {
  private problems = 0;
  private files = 0;
  private left = 0;
  /** What the fixes leave for the user to do, by file (a token moved out must reach the vault). */
  private afterwards: string[] = [];

  fixed(problems: number, displayPath: string, afterwards: readonly string[]): void {
    if (problems === 0) return;
    this.problems += problems;
    this.files += 1;
    for (const step of afterwards) this.afterwards.push(`manifest-lint: ${displayPath}: ${step}\n`);
  }

  remaining(count: number): void {
    this.left += count;
  }

  text(): string {
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    const counts = `fixed ${plural(this.problems, 'problem', 'problems')} in ${plural(this.files, 'file', 'files')}; ${this.left} ${this.left === 1 ? 'remains' : 'remain'}`;
    return `manifest-lint: ${counts}\n${this.afterwards.join('')}`;
  }
}

export function checkRuleIds(options: CliOptions): void {
  for (const id of Object.keys(options.rules)) {
    if (!findRule(id)) throw unknownRule(id);
  }
}

/**
 * Reports the linted files (and the config files' unused ignore entries) in the chosen format,
 * or the dry-run diffs; returns the exit code.
 */
export async function reportLinted(
  linted: Linted[],
  resolver: ConfigResolver,
  options: CliOptions,
  io: Io,
  diffs: string[],
  mask: SecretMask,
  extra: Pick<FormatContext, 'template'> = {},
): Promise<number> {
  const reports = fileReports(linted, resolver, options, mask);
  if (options.fixDryRun) {
    io.stdout.write(mask.mask(diffs.join('')));
  } else {
    const reportStream = options.stdin && options.fix ? io.stderr : io.stdout;
    if (options.stdin && options.fix) io.stdout.write(linted[0]?.text ?? '');
    reportStream.write(
      formatReports(options.format, reports, mask, {
        color: useColor(reportStream, io.env),
        hyperlinks: useHyperlinks(reportStream, io.env),
        cwd: io.cwd,
        ...extra,
      }),
    );
  }
  return exitCodeOf(reports, options, io);
}

/**
 * What the formats are given: the linted files (with `--quiet`, their errors only) and the config
 * files' unused ignore entries, masked; other files and config files only when they have findings.
 */
export function fileReports(linted: Linted[], resolver: ConfigResolver, options: CliOptions, mask: SecretMask): FileReport[] {
  for (const config of resolver.configs) {
    const unused = config.ignore.filter((entry) => !config.matched.has(entry));
    if (unused.length === 0) continue;
    const diagnostics = reportUnusedIgnores(unused, lintOptionsFor(settingsFor(config, options)));
    if (diagnostics.length > 0) {
      mask.learn(config.text);
      linted.push({ displayPath: config.displayPath, text: config.text, diagnostics, isConfig: true });
    }
  }
  return linted
    .map((entry) => toReport(entry, options.quiet, mask))
    .filter((report, index) => !(linted[index]?.isConfig || linted[index]?.isOther) || report.diagnostics.length > 0);
}

/** 1 for errors or more warnings than `--max-warnings` (saying so), else 0. */
export function exitCodeOf(reports: FileReport[], options: CliOptions, io: Io): number {
  let errors = 0;
  let warnings = 0;
  for (const report of reports) {
    for (const d of report.diagnostics) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
    }
  }
  if (errors > 0) return 1;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    io.stderr.write(`manifest-lint: too many warnings (${warnings}; the maximum is ${options.maxWarnings})\n`);
    return 1;
  }
  return 0;
}

async function readInputs(options: CliOptions, io: Io): Promise<Input[]> {
  const { cwd } = io;
  if (options.stdin) {
    const name = options.stdinFilename;
    const displayPath = name ?? STDIN_NAME;
    const inputs: Input[] = [
      {
        displayPath,
        folder: name === undefined ? cwd : path.dirname(path.resolve(cwd, name)),
        ...withEncoding(await readStdin(displayPath, io.stdin)),
        named: true,
      },
    ];
    const invalid = inputs[0]!.encoding;
    // With --fix the text goes back out on standard output, where the bad bytes would be lost.
    if (invalid && options.fix) {
      throw new CliError(
        `standard input is not valid UTF-8 (byte 0x${invalid.byte.toString(16).toUpperCase()} at byte offset ${invalid.byteOffset}); --fix would change it, so nothing was fixed`,
      );
    }
    return agentManifests(inputs, options, io);
  }
  const targets = await discover(options.paths, cwd, (message) => io.stderr.write(`manifest-lint: warning: ${message}\n`));
  const inputs = targets.map((target) => ({
    displayPath: target.displayPath,
    absPath: target.absPath,
    folder: path.dirname(target.absPath),
    ...withEncoding(readTextFile(target.absPath, target.displayPath)),
    named: target.named,
  }));
  return agentManifests(inputs, options, io);
}

/**
 * Leaves out the files whose content does not show an agent manifest (a web app's or a browser
 * extension's `manifest.json`, a build's file list…), unless --force: with a line when named,
 * silently when found in a folder (with a line too under --verbose).
 */
function agentManifests(inputs: Input[], options: CliOptions, io: Io): Input[] {
  if (options.force) return inputs;
  return inputs.filter((input) => {
    const reason = whyNotAgentManifest(input.text);
    if (reason === undefined) return true;
    if (input.named) {
      io.stderr.write(
        `manifest-lint: ${input.displayPath} is not an agent manifest (${reason}), so it was not linted; --force lints it anyway, and so does "$schema": "${SCHEMA_URL}" in it\n`,
      );
    } else if (options.verbose) io.stderr.write(`manifest-lint: skipped ${input.displayPath}: not an agent manifest (${reason})\n`);
    return false;
  });
}

function withEncoding({ text, invalid }: DecodedText): Pick<Input, 'text' | 'encoding'> {
  return invalid ? { text, encoding: invalid } : { text };
}

function toReport(entry: Linted, quiet: boolean, mask: SecretMask): FileReport {
  const kept = quiet ? entry.diagnostics.filter((d) => d.severity === 'error') : entry.diagnostics;
  return toFileReport({ ...entry, diagnostics: kept }, mask);
}

/** The dry-run diff of one file; `mask` learns the secrets of both versions. */
export async function diffOf(input: Input, output: string, mask: SecretMask, cwd: string): Promise<string> {
  const { unifiedDiff } = await import('./diff.js');
  for (const text of [input.text, output]) mask.merge(maskFor(parseDocument(text)));
  const name = input.absPath === undefined ? input.displayPath : displayPathOf(cwd, input.absPath);
  return unifiedDiff(input.text, output, name, (line) => mask.mask(line));
}
