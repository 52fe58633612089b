/**
 * The language service over plain text, for editors that are not LSP clients (a web playground,
 * a CodeMirror or Monaco integration): each call takes the manifest's current text and returns
 * what the server would send, in the protocol's shapes (0-based lines, UTF-16 characters). It is
 * the server's own service (`language/service.ts`) with this host's ports: settings and a config
 * from the options, nothing read from disk, everything shown masked as in the server. The host
 * keeps one document, a new version whenever the text changes.
 */
import { NO_SKILL_SOURCES } from '../language/skill-sources.js';
import type { ClientCapabilities } from 'vscode-languageserver';
import type { ConfigFile } from '../io/config-files.js';
import type { FeatureContext } from '../language/context.js';
import { OpenDocument } from '../language/documents.js';
import { FEATURE_NAMES, FEATURES, type AnyFeature, type Features } from '../language/features.js';
import { createLanguageService as createService, type FeatureMethods } from '../language/service.js';
import type { Settings } from '../language/settings.js';
import type {
  CodeAction,
  CompletionList,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Location,
  LspDiagnostic,
  Position,
  Range,
  TextEdit,
  WorkspaceEdit,
} from './editor-types.js';
import type { LintOptions } from './options.js';
import { clockOf, configOf } from './read-options.js';

/** What decides the findings, as for `lint`. */
export type LanguageServiceOptions = Pick<LintOptions, 'config' | 'rules' | 'now' | 'template'>;

export interface ManifestLanguageService {
  /** The findings, as LSP diagnostics (code: the rule id; codeDescription: its page). */
  diagnostics(text: string): Promise<LspDiagnostic[]>;
  /** Keys, values and snippets at the cursor, from the schema and the rules' knowledge. */
  complete(text: string, position: Position): Promise<CompletionList | null>;
  /** Documentation of the key under the cursor, and what a value means (a schedule's next runs…). */
  hover(text: string, position: Position): Promise<Hover | null>;
  /** Quick fixes for the findings in `range`, and "Fix all problems". */
  codeActions(text: string, range: Range, only?: string[]): Promise<CodeAction[]>;
  /** The outline: agent, model, secrets, skills, tasks, scripts, routes, channels, template. */
  symbols(text: string): DocumentSymbol[];
  foldingRanges(text: string): FoldingRange[];
  /** Formatting edits for the whole text, or the smallest part enclosing `range`. */
  format(text: string, options?: { tabSize?: number; insertSpaces?: boolean; range?: Range }): TextEdit[];
  /** Where a reference leads: an `env:` value to its secret, a delivery channel to its config. */
  definition(text: string, position: Position): Location[];
  /**
   * Whether the name under the cursor is a secret's (its declaration or an `env:` reference), and
   * its range; throws, saying why, on a "name" that is a pasted credential.
   */
  prepareRename(text: string, position: Position): { range: Range; placeholder: string } | null;
  /** Renames that secret with every reference; throws, saying why, anywhere else, on a clash or on a credential. */
  rename(text: string, position: Position, newName: string): WorkspaceEdit | null;
  /** Inline hints: what a schedule means, when a task runs next. */
  inlayHints(text: string, range?: Range): InlayHint[];
}

/** The document's name, in the protocol's shapes (a definition's location): a manifest, in no folder. */
const URI = 'untitled:/manifest.json';

/** What the service tells the feature modules about its "client": markdown, snippets, a tree outline. */
const CLIENT: ClientCapabilities = {
  textDocument: {
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } } },
  },
};

export function createLanguageService(options: LanguageServiceOptions = {}): ManifestLanguageService {
  const now = clockOf(options.now);
  const checked = configOf(options.config);
  // What the server would read from a `.manifestlintrc.json` beside the document.
  const config: ConfigFile | undefined = checked && { absPath: '.manifestlintrc.json', text: checked.text, rules: checked.rules, ignore: checked.ignore };
  const settings: Settings = { enable: true, rules: { ...options.rules }, templateChecks: options.template ? 'on' : 'auto' };
  let document: OpenDocument | undefined;
  const ports: FeatureContext = {
    openDocument: (uri) => (uri === URI ? document : undefined),
    settings: { generation: 0, known: () => settings, get: () => Promise.resolve(settings) },
    configs: { generation: 0, forFolder: () => Promise.resolve(config) },
    templates: { generation: 0, facts: () => Promise.resolve(undefined) },
    skillSources: NO_SKILL_SOURCES,
    client: CLIENT,
    messagesHandled: () => 0,
    now: () => (now ? new Date(now.getTime()) : new Date()),
  };
  const service = createService(ports);

  /** The document with `text` as its current version; the same text keeps its parse and lint. */
  const current = (text: string): OpenDocument => {
    if (document?.text !== text) document = OpenDocument.of(URI, (document?.version ?? 0) + 1, text);
    return document;
  };

  const methods: ManifestLanguageService = {
    ...textMethods(service, current),
    // Written here: their shapes differ from the service's (the kinds asked for, the outline's
    // tree form, one method for whole and range formatting), or they are not a feature of the table.
    diagnostics: (text) => service.diagnostics(current(text)),
    codeActions: async (text, range, only) => (await service.codeActions(current(text), range, only ? { only } : {})) ?? [],
    symbols: (text) => (service.symbols(current(text)) as DocumentSymbol[] | null) ?? [],
    format(text, { range, tabSize = 2, insertSpaces = true } = {}) {
      const options = { tabSize, insertSpaces };
      return (range ? service.rangeFormatting(current(text), range, options) : service.formatting(current(text), options)) ?? [];
    },
  };
  return methods;
}

/** How the library offers a feature of the table (`library`); `never` when it is written by hand, or not offered. */
type FormOf<Name extends keyof Features> = NonNullable<Features[Name]['library']>;
/** The features the library offers as the service has them, with the text in place of the document. */
type TextFeatureName = { [Name in keyof Features]: [FormOf<Name>] extends [never] ? never : Name }[keyof Features];
/** A `list` feature's answer with an empty list in place of none (and a type no method matches for one that answers no list). */
type Listed<Answer> = Answer extends Promise<infer Value> ? Promise<ListOf<Value>> : ListOf<Answer>;
type ListOf<Answer> = NonNullable<Answer> extends readonly unknown[] ? NonNullable<Answer> : 'only a feature answering a list is offered as a list';
type TextMethods = {
  [Name in TextFeatureName]: (
    text: string,
    ...args: Parameters<FeatureMethods[Name]> extends [OpenDocument, ...infer Args] ? Args : never
  ) => FormOf<Name> extends 'list' ? Listed<ReturnType<FeatureMethods[Name]>> : ReturnType<FeatureMethods[Name]>;
};

const orEmptyList = (answer: unknown) => answer ?? [];

/** The service's features that the library offers as they are, over the text `current` makes a document of. */
function textMethods(service: FeatureMethods, current: (text: string) => OpenDocument): TextMethods {
  const offered = FEATURE_NAMES.filter((name) => (FEATURES[name] as AnyFeature).library !== undefined);
  return Object.fromEntries(
    offered.map((name) => {
      const { library, awaits } = FEATURES[name] as AnyFeature;
      const answer = service[name] as (document: OpenDocument, ...args: unknown[]) => unknown;
      const overText = (text: string, ...args: unknown[]) => {
        const value = answer(current(text), ...args);
        if (library === 'answer') return value;
        return awaits ? (value as Promise<unknown>).then(orEmptyList) : orEmptyList(value);
      };
      return [name, overText];
    }),
  ) as unknown as TextMethods;
}
