import type { InvalidEncoding } from './encoding.js';
import type { Node } from 'jsonc-parser';
import type { ParsedDocument } from './document.js';
import type { RepositoryFacts } from './repository-facts.js';
import type { SkillSourceFacts } from './skill-source-facts.js';
import type { SchemaError } from './schema-validation.js';
import type { JsonPath, Range, RuleMeta } from './types.js';

/** A half-open range of string offsets. */
export interface Span {
  start: number;
  end: number;
}

/** A text edit in offsets; the engine turns it into an LSP range. */
export interface OffsetEdit {
  start: number;
  end: number;
  newText: string;
}

export interface FixSpec {
  /** Its title by id in the rule's `fixTitles`, with the data its placeholders take. */
  titleId: string;
  titleData?: MessageData;
  edits: OffsetEdit[];
  /** What is left to do once it is applied (`Fix.afterwards`). */
  afterwards?: string;
}

/** The values of a message's `{{placeholders}}`. */
export type MessageData = Readonly<Record<string, string | number>>;

/** What a finding says: one of its rule's `messages` by id, with the data its placeholders take. */
export interface FindingMessage {
  messageId: string;
  data?: MessageData;
}

/** What a rule reports: a place, and a message by id. */
export type Finding = FindingPlace & FindingMessage;

/** A finding the framework writes itself ("…and N more"), whose text no rule declares. */
export type FrameworkFinding = FindingPlace & { message: string };

export interface FindingPlace {
  path: JsonPath;
  span: Span;
  /** At most one: certain and keeping the manifest's meaning, so `--fix` may apply it. */
  fixes?: FixSpec[];
  /** Choices and guesses, which the user picks: quick fixes in an editor, never `--fix`. */
  suggestions?: FixSpec[];
  /**
   * A finding about another file of the repository (template mode): its path and a range in
   * it, which the diagnostic carries instead of `span` (set `span` to `{ start: 0, end: 0 }`).
   */
  file?: { path: string; range: Range };
}

export interface RuleContext {
  readonly doc: ParsedDocument;
  /** The injectable clock (SPEC section 4). */
  readonly now: Date;
  /** Checking a template submission (`EngineLintOptions.template`). */
  readonly templateMode: boolean;
  /** Whether the manifest lies at the root of a template repository (`EngineLintOptions.inTemplateRepository`), when known. */
  readonly inTemplateRepository: boolean | undefined;
  /** Template mode: the repository's facts (`EngineLintOptions.repository`), when known. */
  readonly repository: RepositoryFacts | undefined;
  /** The local source folders of skills pinned by `cid`, by name (`EngineLintOptions.skillSources`), when known. */
  readonly skillSources: Readonly<Record<string, SkillSourceFacts>> | undefined;
  /** The first invalid UTF-8 byte of the file the text was read from (`EngineLintOptions.encoding`). */
  readonly encoding: InvalidEncoding | undefined;
  /** Schema failures left after root-cause selection and after removing what rules cover. */
  readonly schemaErrors: readonly SchemaError[];
  /**
   * Reports a finding. Returns false once the rule is past its cap: that finding and the later
   * ones are only counted, the first giving its place to the closing finding, so a rule with
   * costly messages may report the rest by place alone (`unlisted`).
   */
  report(finding: Finding): boolean;
}

/** A finding past the cap, which is counted and never shown: its place, and no message of the rule. */
export function unlisted(path: Finding['path'], span: Span): Finding {
  return { path, span, messageId: '' };
}

/**
 * A rule's metadata as `defineRule` takes it: the public `RuleMeta`, and the titles of the fixes
 * and suggestions it offers, which its findings name by id as they name their messages.
 */
export interface DefinedRuleMeta extends RuleMeta {
  /** Fix and suggestion titles by id, with `{{name}}` where a fix's data goes (as in `messages`). */
  fixTitles?: Readonly<Record<string, string>>;
}

export interface Rule {
  meta: DefinedRuleMeta;
  check(context: RuleContext): void;
}

export function spanOf(node: Node): Span {
  return { start: node.offset, end: node.offset + node.length };
}

/** `defineRule` only fixes the type, so each rule file reads as metadata followed by its check. */
export function defineRule(rule: Rule): Rule {
  return rule;
}
