/**
 * The language service: every editor feature over a document and a position, in the protocol's
 * shapes (0-based lines, UTF-16 characters), everything shown masked. One object serves every
 * host: the language server registers its handlers from it, the library wraps it for plain text,
 * and the playground's worker runs the server. The host owns the documents and their versions
 * and hands each call the document it is about; the service holds no document of its own.
 */
import type {
  CodeAction,
  CodeActionContext,
  CompletionList,
  Diagnostic as LspDiagnostic,
  DocumentSymbol,
  FoldingRange,
  FormattingOptions,
  Hover,
  InlayHint,
  Location,
  Position,
  Range,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import type { ConfigFile } from '../rules/apply-config.js';
import type { RepositoryFacts } from '../rules/index.js';
import type { HoldsSecretResult } from '../protocol/holds-secret.js';
import type { TemplateReport } from '../protocol/template-report.js';
import { provideCodeActions } from './code-actions.js';
import { completionContribution, provideCompletion } from './completion.js';
import { analyze, isServed, type Analysis, type FeatureContext } from './context.js';
import { toLspDiagnostic } from './convert.js';
import { provideDefinition } from './definition.js';
import type { OpenDocument } from './documents.js';
import { provideFoldingRanges } from './folding.js';
import { provideFormatting, provideRangeFormatting } from './formatting.js';
import { provideHover } from './hover.js';
import { provideInlayHints } from './inlay-hints.js';
import { createJsonService } from './json-service.js';
import { prepareRename, rename } from './rename.js';
import { holdsSecret } from './secrets.js';
import { provideSymbols } from './symbols.js';
import { templateReport } from './template-report.js';

/**
 * Each feature answers `null` (or nothing) for a document it does not serve: one that is not an
 * agent manifest, or switched off in its settings.
 */
export interface LanguageService {
  /** Whether the service serves the document (see above). */
  serves(document: OpenDocument): boolean;
  /** The lint of the document's current version with its settings and config, kept per version; in slices that give way to other requests. */
  analyze(document: OpenDocument): Promise<Analysis>;
  /** The findings, as LSP diagnostics (code: the rule id; codeDescription: its page). */
  diagnostics(document: OpenDocument): Promise<LspDiagnostic[]>;
  completion(document: OpenDocument, position: Position): Promise<CompletionList | null>;
  hover(document: OpenDocument, position: Position): Promise<Hover | null>;
  codeActions(document: OpenDocument, range: Range, context: Pick<CodeActionContext, 'only'>): Promise<CodeAction[] | null>;
  symbols(document: OpenDocument): DocumentSymbol[] | SymbolInformation[] | null;
  foldingRanges(document: OpenDocument): FoldingRange[] | null;
  formatting(document: OpenDocument, options: FormattingOptions): TextEdit[] | null;
  rangeFormatting(document: OpenDocument, range: Range, options: FormattingOptions): TextEdit[] | null;
  definition(document: OpenDocument, position: Position): Location[] | null;
  /** Throws a `ResponseError` saying why on a "name" that is a pasted credential. */
  prepareRename(document: OpenDocument, position: Position): { range: Range; placeholder: string } | null;
  /** Throws a `ResponseError` saying why anywhere but on a secret's name, on a clash or on a credential. */
  rename(document: OpenDocument, position: Position, newName: string): WorkspaceEdit | null;
  inlayHints(document: OpenDocument, range: Range): InlayHint[] | null;
  /** Whether a document holds a secret the masking would hide; one the host does not have counts as holding one. */
  holdsSecret(document: OpenDocument | undefined): HoldsSecretResult;
  /** A template repository checked as a whole, with the facts and the configuration the host read for it. */
  templateReport(folderUri: string, facts: RepositoryFacts, diskText: string | undefined, config: ConfigFile | undefined): Promise<TemplateReport>;
}

export function createLanguageService(ports: FeatureContext): LanguageService {
  // The JSON language service is built on first use: diagnostics alone never need it.
  let jsonService: ReturnType<typeof createJsonService> | undefined;
  const json = () => (jsonService ??= createJsonService(ports.client, [completionContribution(ports)]));
  const serves = (document: OpenDocument) => isServed(ports, document);
  /** A feature for served documents only; `null` for the others. */
  const served =
    <A extends unknown[], R>(feature: (document: OpenDocument, ...args: A) => R) =>
    (document: OpenDocument, ...args: A): R | null =>
      serves(document) ? feature(document, ...args) : null;

  return {
    serves,
    analyze: (document) => analyze(ports, document),
    async diagnostics(document) {
      if (!serves(document)) return [];
      return (await analyze(ports, document)).lint.diagnostics.map(toLspDiagnostic);
    },
    completion: async (document, position) => (serves(document) ? provideCompletion(json(), document, position) : null),
    hover: async (document, position) => (serves(document) ? provideHover(ports, json(), document, position) : null),
    codeActions: async (document, range, context) => (serves(document) ? provideCodeActions(ports, document, range, context) : null),
    symbols: served((document) => provideSymbols(ports, document)),
    foldingRanges: served((document) => provideFoldingRanges(ports, json(), document)),
    formatting: served(provideFormatting),
    rangeFormatting: served(provideRangeFormatting),
    definition: served(provideDefinition),
    prepareRename: served(prepareRename),
    rename: served(rename),
    inlayHints: served((document, range: Range) => provideInlayHints(ports, document, range)),
    holdsSecret,
    templateReport: (folderUri, facts, diskText, config) => templateReport(ports, folderUri, facts, diskText, config),
  };
}
