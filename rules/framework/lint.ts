import { parseDocument, type ParsedDocument } from './document.js';
import { docsUrl, internalErrorDocsUrl } from './links.js';
import type { DefinedRuleMeta, Finding, FixSpec, FrameworkFinding, Rule, RuleContext, Span } from './rule.js';
import { validateSchema, type SchemaError, type SchemaValidation } from './schema-validation.js';
import { reportable } from './incomplete.js';
import { maskDiagnostic, maskFor, maskSource, type SecretMask } from './masking.js';
import { formatFixTitle, formatMessage } from './messages.js';
import type { EngineLintOptions, EngineLintResult } from './options.js';
import type { Diagnostic, Fix, Range, Severity } from './types.js';
import type { LineIndex } from './line-index.js';

/**
 * The rules a lint runs and the schema paths they report on themselves. The framework knows no
 * rule: the engine's entry (rules/index.ts) hands it the catalog.
 */
export interface RuleSet {
  readonly rules: readonly Rule[];
  readonly coveredSchemaPaths: readonly string[];
}

/** Runs a stepwise computation such as `lintSteps` in one go. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * A lint in steps: it pauses after parsing, after the schema check and after each rule, so a
 * host with other work (an editor's requests, a newer version of the text) can interleave it
 * or drop a run that is no longer wanted. It takes manifest text, or a document already parsed
 * with `parseDocument` (the language server keeps one per version, so its features and the lint
 * share a single parse).
 */
export function* lintStepsWith(ruleSet: RuleSet, input: string | ParsedDocument, options: EngineLintOptions = {}): Generator<void, EngineLintResult> {
  const run = new LintRun(input, options);
  yield;
  run.checkSchema(ruleSet);
  yield;
  for (const rule of ruleSet.rules) {
    if (run.check(rule)) yield;
  }
  return run.finish();
}

/**
 * `lintStepsWith` without the pauses, for callers that run it to the end anyway: a generator
 * resumed some seventy times costs a tenth of a small manifest's lint.
 */
export function lintWith(ruleSet: RuleSet, input: string | ParsedDocument, options: EngineLintOptions = {}): EngineLintResult {
  const run = new LintRun(input, options);
  run.checkSchema(ruleSet);
  for (const rule of ruleSet.rules) run.check(rule);
  return run.finish();
}

/**
 * What every rule of one lint is handed. Classes, here and for the result, rather than object
 * literals with getters: see `Document` in document.ts.
 */
class RunContext implements RuleContext {
  readonly #run: LintRun;
  readonly now: Date;
  readonly templateMode: boolean;
  readonly inTemplateRepository: boolean | undefined;
  readonly skillSources: EngineLintOptions['skillSources'];
  readonly encoding: EngineLintOptions['encoding'];

  constructor(
    run: LintRun,
    readonly doc: ParsedDocument,
    options: EngineLintOptions,
    readonly repository: RuleContext['repository'],
  ) {
    this.#run = run;
    this.now = options.now ?? new Date();
    this.templateMode = options.template ?? false;
    this.inTemplateRepository = options.inTemplateRepository;
    this.skillSources = options.skillSources;
    this.encoding = options.encoding;
  }

  get schemaErrors(): readonly SchemaError[] {
    return this.#run.schemaErrorsRead();
  }

  report(finding: Finding): boolean {
    return this.#run.report(finding);
  }
}

/** A lint's findings, and the document's secrets, learned when first asked for. */
class Result implements EngineLintResult {
  readonly #doc: ParsedDocument;

  constructor(
    readonly diagnostics: Diagnostic[],
    doc: ParsedDocument,
  ) {
    this.#doc = doc;
  }

  get mask(): SecretMask {
    return maskFor(this.#doc);
  }

  get maskSource(): () => SecretMask {
    return maskSource(this.#doc);
  }
}

/** One lint of one document: the parse, the schema check, each rule in turn, the result. */
class LintRun {
  private readonly doc: ParsedDocument;
  /** The user's severities by rule id; undefined when there are none, as for most lints. */
  private readonly settings: EngineLintOptions['rules'];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly cap = new FindingCap();
  private readonly canReport: ReturnType<typeof reportable>;
  private readonly placeable: (fix: FixSpec) => boolean;
  /** Rules that read the schema's failures may have more past the schema check's bound. */
  private readonly readsSchema = new Set<string>();
  private schema: SchemaValidation = { errors: [], partial: false };
  /** The rule running, read by the one context every rule is handed. */
  private meta: DefinedRuleMeta | undefined;
  /** The user's setting for the running rule, which overrides every default of its findings. */
  private setting: Severity | undefined;
  private readonly context: RuleContext;
  /** A repository without a manifest file: only the repository checks have something to look at. */
  private readonly manifestMissing: boolean;

  constructor(input: string | ParsedDocument, options: EngineLintOptions) {
    const doc = typeof input === 'string' ? parseDocument(input) : input;
    this.doc = doc;
    // An empty object is looked up by every rule's id, some ninety look-ups of keys it lacks.
    this.settings = options.rules && hasAnyKey(options.rules) ? options.rules : undefined;
    this.canReport = reportable(doc);
    this.placeable = certainPlaces(doc);
    const repository = options.template ? options.repository : undefined;
    this.manifestMissing = repository?.manifest === false;
    this.context = new RunContext(this, doc, options, repository);
  }

  private get ruleId(): string {
    return this.meta?.id ?? '';
  }

  /** The schema's failures, as the running rule reads them; noted when the check was partial. */
  schemaErrorsRead(): readonly SchemaError[] {
    if (this.schema.partial) this.readsSchema.add(this.ruleId);
    return this.schema.errors;
  }

  checkSchema(ruleSet: RuleSet): void {
    this.schema = validateSchema(this.doc, ruleSet.coveredSchemaPaths);
  }

  /** Runs one rule; false when its settings turn it off, so there was nothing to pause after. */
  check(rule: Rule): boolean {
    const setting = this.settings?.[rule.meta.id];
    if ((setting ?? rule.meta.severity) === 'off') return false;
    if (this.manifestMissing && rule.meta.category !== 'Template repository') return false;
    this.meta = rule.meta;
    this.setting = setting as Severity | undefined;
    try {
      rule.check(this.context);
    } catch (error) {
      this.diagnostics.push(internalError(this.doc, rule.meta.id, error));
    }
    if (this.cap.anyLeftOut) {
      const omitted = this.cap.omitted(rule.meta.id, this.readsSchema.has(rule.meta.id));
      if (omitted) this.diagnostics.push(this.toDiagnostic(omitted));
    }
    return true;
  }

  finish(): EngineLintResult {
    const { doc, diagnostics } = this;
    diagnostics.sort(compareDiagnostics);
    // Messages and fix titles quote values: a secret among them is masked before anyone sees it.
    // Fix texts stay whole, since applying a fix must keep the text it moves.
    const masked = diagnostics.length > 0 ? diagnostics.map((d) => maskDiagnostic(d, maskFor(doc), { fixTexts: false })) : diagnostics;
    return new Result(masked, doc);
  }

  report(finding: Finding): boolean {
    const meta = this.meta!;
    if (meta.id !== SYNTAX_RULE && !this.canReport(finding, meta)) return true;
    const listed = this.cap.admit(meta.id, finding);
    if (listed) this.diagnostics.push(this.toDiagnostic(finding));
    return listed;
  }

  private severityOf(finding: Finding | FrameworkFinding): Severity {
    const meta = this.meta!;
    // A rule that is off by default runs only with a setting, so its own default is never read.
    return this.setting ?? ('messageId' in finding ? meta.messageSeverities?.[finding.messageId] : undefined) ?? (meta.severity as Severity);
  }

  private toDiagnostic(finding: Finding | FrameworkFinding): Diagnostic {
    const { doc, meta, ruleId } = this;
    const fixes = finding.fixes?.filter((fix) => (ruleId === SYNTAX_RULE || this.placeable(fix)) && !copiesSecret(doc, fix));
    const suggestions = finding.suggestions?.filter((fix) => this.placeable(fix) && !copiesSecret(doc, fix));
    // Fields set one by one, in the order the output formats show them: spreading the optional
    // ones in costs several times more, at every finding.
    const written = 'message' in finding;
    const diagnostic: Diagnostic = {
      ruleId,
      severity: this.severityOf(finding),
      message: written ? finding.message : formatMessage(meta!, finding.messageId, finding.data),
    } as Diagnostic;
    if (!written) diagnostic.messageId = finding.messageId;
    diagnostic.path = finding.path;
    diagnostic.range = finding.file ? finding.file.range : toRange(doc.lines, finding.span);
    if (fixes?.length) diagnostic.fixes = fixes.map((fix) => toFix(doc.lines, meta!, fix));
    if (suggestions?.length) diagnostic.suggestions = suggestions.map((fix) => toFix(doc.lines, meta!, fix));
    diagnostic.docsUrl = docsUrl(ruleId);
    if (finding.file) diagnostic.file = finding.file.path;
    return diagnostic;
  }
}

const SYNTAX_RULE = 'json-syntax';

/** The id of the finding that stands for a rule that failed (it is no rule of the catalog). */
export const INTERNAL_ERROR = 'internal-error';

/**
 * A rule that throws is a bug of ours, not of the manifest: one finding says which rule could
 * not check the file, at its start, and the other rules' findings stand. It names the error's
 * kind only: an error's message may quote the manifest.
 */
function internalError(doc: ParsedDocument, ruleId: string, error: unknown): Diagnostic {
  const kind = error instanceof Error ? error.name : typeof error;
  return {
    ruleId: INTERNAL_ERROR,
    severity: 'error',
    message: `The rule \`${ruleId}\` failed on this manifest (${kind}), so its findings are missing; the other rules ran. This is a bug in the linter: please report it with the manifest (secrets removed).`,
    path: [],
    range: toRange(doc.lines, { start: 0, end: 0 }),
    docsUrl: internalErrorDocsUrl(),
  };
}

/** Findings listed per rule and per file; past them, one closing finding counts the rest. */
export const MAX_FINDINGS_PER_RULE = 100;
export const MAX_FINDINGS_PER_FILE = 1000;

/**
 * Bounds what one file can produce: a million bad items give a hundred findings and one "and N
 * more", so output, memory and the work of masking and formatting stay small.
 */
class FindingCap {
  private listed = 0;
  private listedByRule = new Map<string, number>();
  private rest = new Map<string, { count: number; first: Finding }>();

  admit(ruleId: string, finding: Finding): boolean {
    const listed = this.listedByRule.get(ruleId) ?? 0;
    if (listed < MAX_FINDINGS_PER_RULE && this.listed < MAX_FINDINGS_PER_FILE) {
      this.listedByRule.set(ruleId, listed + 1);
      this.listed += 1;
      return true;
    }
    const rest = this.rest.get(ruleId);
    if (rest) rest.count += 1;
    else this.rest.set(ruleId, { count: 1, first: finding });
    return false;
  }

  /** Whether any rule reported more than it may list (a lint asks after every rule). */
  get anyLeftOut(): boolean {
    return this.rest.size > 0;
  }

  /**
   * The closing finding for a rule that reported more than it may list, at the first one left
   * out; `atLeast` when entries past the schema check's bound went uncounted.
   */
  omitted(ruleId: string, atLeast: boolean): FrameworkFinding | undefined {
    const rest = this.rest.get(ruleId);
    if (!rest) return undefined;
    const count = `${atLeast ? 'at least ' : ''}${rest.count.toLocaleString('en-US')}`;
    const { first } = rest;
    return {
      path: first.path,
      span: first.span,
      ...(first.file ? { file: first.file } : {}),
      message:
        `…and ${count} more ${ruleId} finding${rest.count === 1 ? '' : 's'} in this file from here on, not listed ` +
        `(at most ${MAX_FINDINGS_PER_RULE} per rule and ${MAX_FINDINGS_PER_FILE} per file are): fix the ones above and lint again.`,
    };
  }
}

/**
 * Where a fix can be placed with certainty. In a document with syntax errors, the parser's
 * recovery decides what lies after the first error (a file cut short has no end to append to),
 * so only fixes that change the text before it are offered — besides `json-syntax`'s own
 * repairs. Applying fixes twice then gives the bytes of applying them once.
 */
function certainPlaces(doc: ParsedDocument): (fix: FixSpec) => boolean {
  const firstError = doc.syntaxErrors.reduce((first, error) => Math.min(first, error.offset), Number.POSITIVE_INFINITY);
  return (fix) => fix.edits.every((edit) => edit.end < firstError);
}

export function toRange(lines: LineIndex, span: Span): Range {
  return { start: lines.positionAt(span.start), end: lines.positionAt(span.end) };
}

/**
 * Whether a fix would write a secret into a new place of the file (a name, a description, a key)
 * or in a form of its own (lower-cased into a slug). A fix that moves or re-quotes a token
 * replaces as many secrets as it writes, each as it was; one that copies writes more.
 */
function copiesSecret(doc: ParsedDocument, fix: FixSpec): boolean {
  const mask = maskFor(doc);
  let written = 0;
  const writtenParts: string[] = [];
  for (const edit of fix.edits) {
    for (const span of mask.hiddenSpans(edit.newText)) {
      written++;
      writtenParts.push(edit.newText.slice(span.start, span.end));
    }
  }
  if (written === 0) return false;
  let replaced = 0;
  const replacedTexts = fix.edits.map((edit) => doc.text.slice(edit.start, edit.end));
  for (const text of replacedTexts) replaced += mask.hiddenSpans(text).length;
  return written > replaced || writtenParts.some((part) => !replacedTexts.some((text) => text.includes(part)));
}

function toFix(lines: LineIndex, meta: DefinedRuleMeta, fix: FixSpec): Fix {
  return {
    title: formatFixTitle(meta, fix.titleId, fix.titleData),
    edits: fix.edits.map((edit) => ({ range: toRange(lines, edit), newText: edit.newText })),
    ...(fix.afterwards ? { afterwards: fix.afterwards } : {}),
  };
}

function hasAnyKey(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  // The manifest's findings first, then other files' by path.
  const fileA = a.file ?? '';
  const fileB = b.file ?? '';
  if (fileA !== fileB) return fileA < fileB ? -1 : 1;
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    a.range.end.line - b.range.end.line ||
    a.range.end.character - b.range.end.character ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}
