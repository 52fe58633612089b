/**
 * Every language feature over one document, declared once: the request it answers, what the
 * server announces for it, how the service answers it and how the library offers it. The
 * service's methods (`language/service.ts`), the server's handlers and capabilities
 * (`server/server.ts`) and the library's text-based methods (`lib/language-service.ts`) are all
 * made from `FEATURES`: a new feature is its module and one entry there.
 */
import {
  CodeActionKind,
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  InlayHintRequest,
  PrepareRenameRequest,
  RenameRequest,
  type ClientCapabilities,
  type CodeActionContext,
  type FormattingOptions,
  type Position,
  type Range,
  type RequestType,
  type ServerCapabilities,
} from 'vscode-languageserver';
import type { LanguageService as JsonLanguageService } from 'vscode-json-languageservice';
import { FIX_ALL_KIND, provideCodeActions } from './code-actions.js';
import { provideCompletion } from './completion.js';
import type { FeatureContext } from './context.js';
import { provideDefinition } from './definition.js';
import type { OpenDocument } from './documents.js';
import { provideFoldingRanges } from './folding.js';
import { provideFormatting, provideRangeFormatting } from './formatting.js';
import { provideHover } from './hover.js';
import { provideInlayHints } from './inlay-hints.js';
import { prepareRename, rename } from './rename.js';
import { provideSymbols } from './symbols.js';

/** What an answer works with: the host's ports, and the JSON language service (built on first use). */
export interface FeatureTools {
  ports: FeatureContext;
  json(): JsonLanguageService;
}

/** What every request about one document carries. */
export interface DocumentParams {
  textDocument: { uri: string };
}

/**
 * How the library offers a feature over plain text: `answer`, the service's answer as is; `list`,
 * an empty list in place of none.
 */
export type LibraryForm = 'answer' | 'list';

/**
 * One feature. Its method in the service takes the document, then `Args`; the server reads those
 * from the request's params (`args`). A document the service does not serve (`isServed`) gets
 * `null`, as a promise when the feature `awaits`.
 */
export interface Feature<P extends DocumentParams, Args extends unknown[], Answer, Form extends LibraryForm | undefined> {
  /** What the server's log calls it when it fails. */
  name: string;
  request: RequestType<P, unknown, unknown>;
  /** What the server announces for it, given what the client can do; none when another feature's announcement covers it. */
  capability?(client: ClientCapabilities): ServerCapabilities;
  args(params: P): Args;
  /** The answer for a document the service serves. */
  answer(tools: FeatureTools, document: OpenDocument, ...args: Args): Answer;
  /** The answer is a promise (it waits for the lint or the JSON service). */
  awaits?: boolean;
  /** The library's method of the same name (`lib/language-service.ts`); none when that is written by hand, or the library has none. */
  library?: Form;
}

/** `awaits` is said exactly when the answer is a promise. */
type SaysWhetherItAwaits<Answer> = Answer extends PromiseLike<unknown> ? { awaits: true } : { awaits?: never };

/**
 * A feature for the table, its answer checked against the request's result. (`Args` constrained
 * so that `args` is read as a tuple, not as an array.)
 */
function feature<
  P extends DocumentParams,
  Result,
  Args extends [] | unknown[],
  Answer extends Result | Promise<Result>,
  Form extends LibraryForm | undefined = undefined,
>(declaration: Feature<P, Args, Answer, Form> & { request: RequestType<P, Result, unknown> } & SaysWhetherItAwaits<Answer>): Feature<P, Args, Answer, Form> {
  return declaration;
}

/** The whole document, for a request about a part of it that names none. */
const wholeDocument = (document: OpenDocument): Range => ({ start: { line: 0, character: 0 }, end: document.positionAt(document.text.length) });

/** Every feature over a document, by the name of its method in the service (and the library). */
export const FEATURES = {
  complete: feature({
    name: 'Completion',
    request: CompletionRequest.type,
    capability: () => ({ completionProvider: { triggerCharacters: ['"', ':', '/'] } }),
    args: (params) => [params.position],
    answer: ({ json }, document, position: Position) => provideCompletion(json(), document, position),
    awaits: true,
    library: 'answer',
  }),
  hover: feature({
    name: 'Hover',
    request: HoverRequest.type,
    capability: () => ({ hoverProvider: true }),
    args: (params) => [params.position],
    answer: ({ ports, json }, document, position: Position) => provideHover(ports, json(), document, position),
    awaits: true,
    library: 'answer',
  }),
  codeActions: feature({
    name: 'Code actions',
    request: CodeActionRequest.type,
    capability: (client) => ({
      codeActionProvider: client.textDocument?.codeAction?.codeActionLiteralSupport
        ? { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, FIX_ALL_KIND] }
        : true,
    }),
    args: (params) => [params.range, params.context],
    answer: ({ ports }, document, range: Range, context: Pick<CodeActionContext, 'only'>) => provideCodeActions(ports, document, range, context),
    awaits: true,
  }),
  symbols: feature({
    name: 'Document symbols',
    request: DocumentSymbolRequest.type,
    capability: () => ({ documentSymbolProvider: { label: 'Agent manifest' } }),
    args: () => [],
    answer: ({ ports }, document) => provideSymbols(ports, document),
  }),
  formatting: feature({
    name: 'Formatting',
    request: DocumentFormattingRequest.type,
    capability: () => ({ documentFormattingProvider: true }),
    args: (params) => [params.options],
    answer: (_, document, options: FormattingOptions) => provideFormatting(document, options),
  }),
  rangeFormatting: feature({
    name: 'Range formatting',
    request: DocumentRangeFormattingRequest.type,
    capability: () => ({ documentRangeFormattingProvider: true }),
    args: (params) => [params.range, params.options],
    answer: (_, document, range: Range, options: FormattingOptions) => provideRangeFormatting(document, range, options),
  }),
  foldingRanges: feature({
    name: 'Folding',
    request: FoldingRangeRequest.type,
    capability: () => ({ foldingRangeProvider: true }),
    args: () => [],
    answer: ({ ports, json }, document) => provideFoldingRanges(ports, json(), document),
    library: 'list',
  }),
  definition: feature({
    name: 'Definition',
    request: DefinitionRequest.type,
    capability: () => ({ definitionProvider: true }),
    args: (params) => [params.position],
    answer: (_, document, position: Position) => provideDefinition(document, position),
    library: 'list',
  }),
  // Announced with rename, which says whether the client may ask it first.
  prepareRename: feature({
    name: 'Rename',
    request: PrepareRenameRequest.type,
    args: (params) => [params.position],
    answer: (_, document, position: Position) => prepareRename(document, position),
    library: 'answer',
  }),
  rename: feature({
    name: 'Rename',
    request: RenameRequest.type,
    capability: (client) => ({ renameProvider: client.textDocument?.rename?.prepareSupport ? { prepareProvider: true } : true }),
    args: (params) => [params.position, params.newName],
    answer: (_, document, position: Position, newName: string) => rename(document, position, newName),
    library: 'answer',
  }),
  inlayHints: feature({
    name: 'Inlay hints',
    request: InlayHintRequest.type,
    capability: () => ({ inlayHintProvider: true }),
    args: (params): [range?: Range] => [params.range],
    answer: ({ ports }, document, range?: Range) => provideInlayHints(ports, document, range ?? wholeDocument(document)),
    library: 'list',
  }),
};

export type Features = typeof FEATURES;
export type FeatureName = keyof Features;
/** Any one feature, its types set aside: what a loop over the table sees. */
export type AnyFeature = Feature<DocumentParams, unknown[], unknown, LibraryForm | undefined>;

export const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];

/** What the server announces for the features, given what the client can do. */
export function announcedCapabilities(client: ClientCapabilities): ServerCapabilities {
  return Object.assign({}, ...FEATURE_NAMES.map((name) => (FEATURES[name] as AnyFeature).capability?.(client)));
}
