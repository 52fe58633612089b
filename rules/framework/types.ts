/**
 * Public shapes shared by the engine, the CLI and the language server (SPEC section 4). This file
 * imports nothing, so the library's published types stand alone.
 */

export type Severity = 'error' | 'warning' | 'info' | 'hint';
export type SeveritySetting = Severity | 'off';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info', 'hint'];

/** 0-based line and UTF-16 character, as in LSP. */
export interface Position {
  line: number;
  character: number;
}

/** End exclusive. */
export interface Range {
  start: Position;
  end: Position;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface Fix {
  title: string;
  edits: TextEdit[];
  /**
   * What is left to do once the fix is applied that the file no longer says (store a token the
   * fix moved out, say): `--fix` tells the user, since the finding is gone.
   */
  afterwards?: string;
}

export type JsonPath = (string | number)[];

export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  /** The id of the message in the rule's `messages`, for a finding written that way. */
  messageId?: string;
  path: JsonPath;
  range: Range;
  /** The certain fix (at most one): it keeps the manifest's meaning, and `--fix` applies it. */
  fixes?: Fix[];
  /** Choices and guesses (a typo's repair, another port): offered, never applied by `--fix`. */
  suggestions?: Fix[];
  docsUrl: string;
  /**
   * Template mode: the repository-relative path of the file a finding is about when it is not
   * the manifest (`README.md`, `.env`…); `range` is then a range in that file (its first line,
   * or the offending line). Absent for findings about the manifest.
   */
  file?: string;
}

export type RuleCategory =
  | 'Parsing and schema'
  | 'Routes and scripts'
  | 'Skills'
  | 'Tasks'
  | 'Model, secrets, channels'
  | 'Configuration'
  | 'Template metadata'
  | 'Template repository';

export interface RuleMeta {
  id: string;
  category: RuleCategory;
  /**
   * The default severity of its findings, unless `messageSeverities` names another for a
   * message; `off` for a rule that only runs when a user turns it on (a house style, say).
   */
  severity: SeveritySetting;
  /**
   * Messages whose findings default to another severity than the rule's: where the platform's
   * sources disagree, one mistake is certain and its neighbour only doubtful (a skill count over
   * the docs' limit but within the published schema's). A user's setting for the rule applies
   * to all of its findings alike.
   */
  messageSeverities?: Readonly<Record<string, Severity>>;
  /** One line, shown by `--list-rules` and in SARIF. */
  description: string;
  /** Why it matters: what goes wrong on the platform. Opens the rule's documentation page. */
  rationale: string;
  /**
   * The sources the rule's verdict rests on: the docs page, the published schema's keyword, a
   * template or file of the platform's own, an author's commit quoting the platform. Shown on
   * the rule's page, so a user can weigh a finding against the source.
   */
  evidence: string;
  /**
   * Where the platform's documentation is silent and the rule accepts what is plausible, what
   * it assumes (shown on the documentation page).
   */
  assumptions?: string;
  /**
   * The rule's messages by id, with `{{name}}` where a finding's data goes: a finding names its
   * message by id (`messageId`), so tests assert ids and a message is written once.
   */
  messages?: Readonly<Record<string, string>>;
  /**
   * Message slots a finding fills with the schema's own words for what a value must be (its
   * `errorMessage`): written once, in the schema, for every tool that reads it; the rule's page
   * lists them.
   */
  schemaWords?: readonly string[];
  /** It offers a certain fix, which `--fix` applies. */
  fixable: boolean;
  /** It offers suggestions: choices or guesses the user picks (editor quick fixes, never `--fix`). */
  suggests?: boolean;
  /**
   * Schema keyword locations (JSON pointers into the schema, without `#`) whose failures this
   * rule reports in its own words; the generic schema diagnostic is dropped for them, so one
   * fact is reported once.
   */
  covers?: string[];
  /**
   * The rule compares sections of the manifest (a reference and what it refers to), so a
   * document cut short may lack what it looks for, written later: in a document with syntax
   * errors it reports nothing until the root object is closed by its own `}`.
   */
  crossReference?: boolean;
  /**
   * A finding's path names a key whose verdict depends on the object holding it (which keys an
   * object may have can turn on its other keys): in a document cut short, that object must be
   * complete for the finding to stand.
   */
  judgesObject?: boolean;
}
