import { parseDocument, type ParsedDocument } from './document.js';
import { docsUrl, internalErrorDocsUrl } from './links.js';
import type { Finding, FixSpec, FrameworkFinding, Rule, RuleContext, Span } from './rule.js';
import { validateSchema } from './schema-validation.js';
import { reportable } from './incomplete.js';
import { maskDiagnostic, maskFor } from './masking.js';
import { formatMessage } from './messages.js';
import type { LintOptions, LintResult } from './options.js';
import type { Diagnostic, Fix, Range, RuleMeta, Severity } from './types.js';
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
export function* lintStepsWith(ruleSet: RuleSet, input: string | ParsedDocument, options: LintOptions = {}): Generator<void, LintResult> {
  const doc = typeof input === 'string' ? parseDocument(input) : input;
  yield;
  const schema = validateSchema(doc, ruleSet.coveredSchemaPaths);
  yield;
  const now = options.now ?? new Date();
  const diagnostics: Diagnostic[] = [];
  // One context for every rule; `report` reads which rule is running and at what severity.
  let ruleId = '';
  let severity: Severity = 'error';
  const placeable = certainPlaces(doc);
  const toDiagnostic = (finding: Finding | FrameworkFinding): Diagnostic => {
    const fixes = finding.fixes?.filter((fix) => ruleId === SYNTAX_RULE || placeable(fix));
    const suggestions = finding.suggestions?.filter(placeable);
    return {
      ruleId,
      severity,
      ...('message' in finding ? { message: finding.message } : { message: formatMessage(meta!, finding.messageId, finding.data), messageId: finding.messageId }),
      path: finding.path,
      range: finding.file ? finding.file.range : toRange(doc.lines, finding.span),
      ...(fixes?.length ? { fixes: fixes.map((fix) => toFix(doc.lines, fix)) } : {}),
      ...(suggestions?.length ? { suggestions: suggestions.map((fix) => toFix(doc.lines, fix)) } : {}),
      docsUrl: docsUrl(ruleId),
      ...(finding.file ? { file: finding.file.path } : {}),
    };
  };
  const cap = new FindingCap();
  const canReport = reportable(doc);
  let meta: RuleMeta | undefined;
  // Rules that read the schema's failures may have more past the schema check's bound.
  const readsSchema = new Set<string>();
  const context: RuleContext = {
    doc,
    now,
    templateMode: options.template ?? false,
    repository: options.template ? options.repository : undefined,
    encoding: options.encoding,
    get schemaErrors() {
      if (schema.partial) readsSchema.add(ruleId);
      return schema.errors;
    },
    report: (finding) => {
      if (ruleId !== SYNTAX_RULE && meta && !canReport(finding, meta)) return true;
      const listed = cap.admit(ruleId, finding);
      if (listed) diagnostics.push(toDiagnostic(finding));
      return listed;
    },
  };
  // A repository without a manifest file: only the repository checks have something to look at.
  const manifestMissing = context.repository?.manifest === false;
  for (const rule of ruleSet.rules) {
    const setting = options.rules?.[rule.meta.id] ?? rule.meta.severity;
    if (setting === 'off') continue;
    if (manifestMissing && rule.meta.category !== 'Template repository') continue;
    ruleId = rule.meta.id;
    severity = setting;
    meta = rule.meta;
    try {
      rule.check(context);
    } catch (error) {
      diagnostics.push(internalError(doc, rule.meta.id, error));
    }
    const omitted = cap.omitted(ruleId, readsSchema.has(ruleId));
    if (omitted) diagnostics.push(toDiagnostic(omitted));
    yield;
  }
  diagnostics.sort(compareDiagnostics);
  // Messages and fix titles quote values: a secret among them is masked before anyone sees it.
  // Fix texts stay whole, since applying a fix must keep the text it moves.
  const masked = diagnostics.length > 0 ? diagnostics.map((d) => maskDiagnostic(d, maskFor(doc), { fixTexts: false })) : diagnostics;
  return {
    diagnostics: masked,
    get mask() {
      return maskFor(doc);
    },
  };
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

function toFix(lines: LineIndex, fix: FixSpec): Fix {
  return {
    title: fix.title,
    edits: fix.edits.map((edit) => ({ range: toRange(lines, edit), newText: edit.newText })),
  };
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
