import fs from 'node:fs';
import path from 'node:path';
import { cloneRepository, DEFAULT_TIMEOUT_MS, type Clone } from '../io/git/clone.js';
import { CloneError } from '../io/git/failures.js';
import { DEFAULT_MAX_BYTES } from '../io/git/size.js';
import { isGitSource, refusedSource } from '../io/git/source.js';
import { fixManifest, type ManifestSettings } from '../rules/apply-config.js';
import { readTemplateRepository, TemplateRepositoryError, type TemplateRepository } from '../io/template-repository.js';
import { displayPathOf, fileErrorReason } from '../io/paths.js';
import {
  MANIFEST_FILE,
  maskSecret,
  parseDocument,
  readMarkupEscapes,
  ReadingMask,
  WORKSPACE_FOLDER,
  type Diagnostic,
  type SecretMask,
} from '../rules/index.js';
import type { CliOptions } from './args.js';
import { ConfigResolver, settingsFor } from './config.js';
import { envNumber, MAX_TIMEOUT_SECONDS } from './env-number.js';
import { CliError } from './errors.js';
import type { CommandIo, Io } from './io.js';
import { checkRuleIds, diffOf, reportLinted, warnSkippedConfigs, writeFix, type Linted } from './lint-command.js';
import type { TemplateFacts } from '../report/report.js';
import type { LocalCheck } from './template-remote.js';
import { lintWithSkillFolders, skillFoldersOfRun } from './lint-with-skill-folders.js';

/** Environment variables that change the clone's bounds (seconds; megabytes). */
export const TIMEOUT_VARIABLE = 'MANIFEST_LINT_CLONE_TIMEOUT';
export const MAX_SIZE_VARIABLE = 'MANIFEST_LINT_CLONE_MAX_MB';

/**
 * `manifest-lint template <dir|git-url> [--ref <ref>]`: checks a template repository as the
 * platform's template validator does (SPEC section 7). A git URL is cloned into a temporary
 * folder first, which is always removed. With `--remote`, the platform's validator is asked too
 * (`template-remote.ts`).
 */
export async function templateCommand(options: CliOptions, io: CommandIo): Promise<number> {
  checkRuleIds(options);
  const { source, ref, remote } = options.template!;
  if (isGitSource(source)) {
    const refused = refusedSource(source);
    if (refused) throw new CliError(refused);
    if (options.fix) throw new CliError('--fix needs a folder: a cloned repository is removed after the check (--fix-dry-run shows the fixes)');
    const checkClone = async (): Promise<LintedRepository & LocalCheck> => {
      const clone = await cloneOf(source, ref, io.env);
      try {
        return { ...(await lintRepository(clone.dir, undefined, options, io)), ref: ref ?? clone.defaultBranch };
      } finally {
        clone.dispose();
      }
    };
    if (remote) {
      const { checkBesidePlatform } = await import('./template-remote.js');
      return checkBesidePlatform(options, io, checkClone);
    }
    return report(await checkClone(), source, options, io);
  }
  if (remote) throw new CliError(`--remote needs the repository's git URL, which the platform clones itself; ${source} is a folder`);
  if (ref !== undefined) throw new CliError(`--ref applies to a git URL, and ${source} is a folder`);
  const root = path.resolve(io.cwd, source);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch (error) {
    throw new CliError(`cannot read ${source}: ${fileErrorReason(error)}`);
  }
  if (!stat.isDirectory()) throw new CliError(`${source} is not a folder: template checks a repository folder or a git URL`);
  return report(await lintRepository(root, source, options, io), source, options, io);
}

async function cloneOf(source: string, ref: string | undefined, env: NodeJS.ProcessEnv): Promise<Clone> {
  try {
    return await cloneRepository(source, { ref, env, ...cloneBounds(env) });
  } catch (error) {
    if (error instanceof CloneError) throw new CliError(error.message);
    throw error;
  }
}

function cloneBounds(env: NodeJS.ProcessEnv): { timeoutMs: number; maxBytes: number } {
  return {
    timeoutMs: envNumber(env, TIMEOUT_VARIABLE, DEFAULT_TIMEOUT_MS / 1000, MAX_TIMEOUT_SECONDS) * 1000,
    maxBytes: envNumber(env, MAX_SIZE_VARIABLE, DEFAULT_MAX_BYTES / (1024 * 1024)) * 1024 * 1024,
  };
}

/** The repository linted, ready to report. */
type LintedRepository = Omit<LocalCheck, 'ref'> & { diffs: string[] };

/**
 * Lints the repository at `root`. `displayBase` is the folder as given on the command line
 * (paths are shown under it); for a clone it is undefined and paths are repository-relative.
 */
async function lintRepository(root: string, displayBase: string | undefined, options: CliOptions, io: CommandIo): Promise<LintedRepository> {
  let repository: TemplateRepository;
  try {
    repository = await readTemplateRepository(root, { skipInstalled: displayBase !== undefined });
  } catch (error) {
    if (error instanceof TemplateRepositoryError) throw new CliError(error.message);
    throw error;
  }
  const { facts } = repository;
  const display = (relative: string) => (displayBase === undefined ? relative : path.posix.join(displayBase.split(path.sep).join('/'), relative));
  // Like the platform, the check does not let the repository configure it: a config comes from
  // --config or the caller's own folder, never from inside the repository under test, however
  // the repository or the folder is reached (see templateConfigRefusal).
  const resolver = new ConfigResolver(
    io.cwd,
    options.config,
    options.noConfig,
    displayBase === undefined ? (absPath) => displayPathOf(root, absPath) : undefined,
    root,
  );
  const config = await resolver.forFolder(io.cwd);
  warnSkippedConfigs(resolver, io);
  const settings: ManifestSettings = { ...settingsFor(config, options), template: true, repository: facts, encoding: repository.manifestEncoding };
  const manifestPath = path.join(root, MANIFEST_FILE);
  const manifestDisplay = display(MANIFEST_FILE);

  let text = repository.manifestText ?? '';
  const diffs: string[] = [];
  const { mask } = io;
  if (repository.manifestEncoding && options.fix) {
    io.stderr.write(`manifest-lint: skipped ${manifestDisplay}: not valid UTF-8, not fixed (writing it would replace the bad bytes)\n`);
  } else if ((options.fix || options.fixDryRun) && facts.manifest) {
    const fixed = fixManifest(text, settings);
    if (fixed.output !== text && options.fixDryRun) {
      const input = { displayPath: manifestDisplay, folder: root, text, named: true, ...(displayBase === undefined ? {} : { absPath: manifestPath }) };
      diffs.push(await diffOf(input, fixed.output, mask, io.cwd));
    }
    const written = !options.fix || fixed.output === text || (await writeFix(manifestPath, manifestDisplay, text, fixed.output, io));
    if (written) text = fixed.output;
  }

  // Skill folders mapped by the caller's own project mean nothing to another repository: only a
  // config named with --config maps them; otherwise `skills/<name>/` in the repository applies.
  const folders = { manifestPath: facts.manifest ? manifestPath : undefined, config: options.config === undefined ? undefined : config, quiet: options.quiet };
  const { diagnostics, matched, mask: manifestMask } = await lintWithSkillFolders(text, folders, settings, skillFoldersOfRun(io));
  for (const entry of matched) config?.matched.add(entry);
  mask.merge(manifestMask);
  for (const file of repository.unread) io.stderr.write(`manifest-lint: warning: ${display(file.path)} is not read: ${file.reason}\n`);

  const byFile = new Map<string, Diagnostic[]>();
  const own: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.file === undefined) own.push(diagnostic);
    else byFile.set(diagnostic.file, [...(byFile.get(diagnostic.file) ?? []), diagnostic]);
  }
  const linted: Linted[] = [
    {
      displayPath: manifestDisplay,
      repositoryPath: MANIFEST_FILE,
      text,
      diagnostics: own,
      // Without a manifest file there is no text to frame.
      ...(facts.manifest ? {} : { isOther: true }),
    },
  ];
  for (const file of [...byFile.keys()].sort()) {
    linted.push({ displayPath: display(file), repositoryPath: file, text: '', diagnostics: byFile.get(file)!, isOther: true });
  }

  return { linted, resolver, diffs, mask, ...(options.format === 'api' ? { template: apiFacts(repository, text, mask) } : {}) };
}

async function report(repository: LintedRepository, source: string, options: CliOptions, io: Io): Promise<number> {
  const { linted, resolver, diffs, mask, template } = repository;
  const code = await reportLinted(linted, resolver, options, io, diffs, mask, template ? { template } : {});
  // The terminal's format ends a check without errors with its verdict: a clean check would print nothing.
  if (options.format === 'stylish' && !options.fixDryRun && !options.quiet) {
    const errors = linted.reduce((count, entry) => count + entry.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length, 0);
    if (errors === 0) io.stdout.write(`${source}: a valid template repository, as the platform's template validator checks one\n`);
  }
  return code;
}

/** What `--format api` prints besides the findings: the masked manifest, the README, the workspace files. */
function apiFacts(repository: TemplateRepository, text: string, mask: SecretMask): TemplateFacts {
  const { facts } = repository;
  const prefix = `${WORKSPACE_FOLDER}/`;
  const readme = facts.readme === undefined ? null : maskedReadme(facts.readme, mask);
  return {
    manifest: facts.manifest ? maskedManifest(text, mask) : null,
    readme,
    files: facts.files
      .filter((file) => file.path.startsWith(prefix))
      .map((file) => ({ path: mask.mask(file.path), size: file.size }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
  };
}

/**
 * The README as written, its secrets hidden also where HTML or Markdown escapes write them
 * (`sk_l&#105;ve_…`, `xoxb\-…`): they are found in its reading. The run's mask learns them, for
 * every other output.
 */
function maskedReadme(readme: string, mask: SecretMask): string {
  const readmeMask = new ReadingMask(readMarkupEscapes).merge(mask).learn(readme);
  mask.merge(readmeMask);
  return readmeMask.mask(readme);
}

const TOKEN_KEYS = new Set(['botToken', 'appToken']);

/**
 * The manifest as the platform parses it (null when it is not strict JSON), every secret masked
 * and literal channel tokens masked whatever their shape.
 */
function maskedManifest(text: string, secretMask: SecretMask): unknown {
  const doc = parseDocument(text);
  if (doc.refusal || doc.root === undefined || doc.syntaxErrors.length > 0) return null;
  const mask = (value: unknown, key: string | undefined, inChannel: boolean): unknown => {
    if (typeof value === 'string') {
      if (inChannel && key !== undefined && TOKEN_KEYS.has(key) && !value.startsWith('env:')) return maskSecret(value);
      return secretMask.mask(value);
    }
    if (Array.isArray(value)) return value.map((item) => mask(item, undefined, false));
    if (value !== null && typeof value === 'object') {
      const result: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value)) {
        const masked = mask(child, name, inChannel);
        Object.defineProperty(result, secretMask.mask(name), { value: masked, enumerable: true, writable: true, configurable: true });
      }
      return result;
    }
    return value;
  };
  const value = doc.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return mask(value, undefined, false);
  const result: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    const masked =
      name === 'channels' && child !== null && typeof child === 'object' && !Array.isArray(child)
        ? Object.fromEntries(Object.entries(child).map(([channel, settings]) => [secretMask.mask(channel), mask(settings, undefined, true)]))
        : mask(child, name, false);
    Object.defineProperty(result, secretMask.mask(name), { value: masked, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
