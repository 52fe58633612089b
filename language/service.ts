/**
 * The language service: every editor feature over a document and a position, in the protocol's
 * shapes (0-based lines, UTF-16 characters), everything shown masked. One object serves every
 * host: the language server registers its handlers from it, the library wraps it for plain text,
 * and the playground's worker runs the server. The host owns the documents and their versions
 * and hands each call the document it is about; the service holds no document of its own. Its
 * feature methods are made from the table in `language/features.ts`.
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { ConfigFile } from '../rules/apply-config.js';
import type { RepositoryFacts } from '../rules/index.js';
import type { HoldsSecretResult } from '../protocol/holds-secret.js';
import type { TemplateReport } from '../protocol/template-report.js';
import { completionContribution } from './completion.js';
import { analyze, isServed, type Analysis, type FeatureContext } from './context.js';
import { toLspDiagnostic } from './convert.js';
import type { OpenDocument } from './documents.js';
import { FEATURE_NAMES, FEATURES, type AnyFeature, type Features, type FeatureTools } from './features.js';
import { createJsonService } from './json-service.js';
import { holdsSecret } from './secrets.js';
import { templateReport } from './template-report.js';

/** A feature's answer, or `null` for a document the service does not serve (a promise of it for a feature that awaits). */
export type Served<Answer> = Answer extends Promise<infer Value> ? Promise<Value | null> : Answer | null;

/** The service's method for each feature of the table: the document, then the feature's arguments. */
export type FeatureMethods = {
  [Name in keyof Features]: (document: OpenDocument, ...args: ReturnType<Features[Name]['args']>) => Served<ReturnType<Features[Name]['answer']>>;
};

/**
 * Each feature answers `null` (or nothing) for a document it does not serve: one that is not an
 * agent manifest, or switched off in its settings. `prepareRename` throws a `ResponseError`
 * saying why on a "name" that is a pasted credential; `rename` anywhere but on a secret's name,
 * on a clash or on a credential.
 */
export interface LanguageService extends FeatureMethods {
  /** Whether the service serves the document (see above). */
  serves(document: OpenDocument): boolean;
  /** The lint of the document's current version with its settings and config, kept per version; in slices that give way to other requests. */
  analyze(document: OpenDocument): Promise<Analysis>;
  /** The findings, as LSP diagnostics (code: the rule id; codeDescription: its page). */
  diagnostics(document: OpenDocument): Promise<LspDiagnostic[]>;
  /** Whether a document holds a secret the masking would hide; one the host does not have counts as holding one. */
  holdsSecret(document: OpenDocument | undefined): HoldsSecretResult;
  /** A template repository checked as a whole, with the facts and the configuration the host read for it. */
  templateReport(folderUri: string, facts: RepositoryFacts, diskText: string | undefined, config: ConfigFile | undefined): Promise<TemplateReport>;
}

export function createLanguageService(ports: FeatureContext): LanguageService {
  // The JSON language service is built on first use: diagnostics alone never need it.
  let jsonService: ReturnType<typeof createJsonService> | undefined;
  const tools: FeatureTools = { ports, json: () => (jsonService ??= createJsonService(ports.client, [completionContribution(ports)])) };
  const serves = (document: OpenDocument) => isServed(ports, document);
  /** The service's method for one feature of the table. */
  const method =
    (feature: AnyFeature) =>
    (document: OpenDocument, ...args: unknown[]): unknown => {
      if (serves(document)) return feature.answer(tools, document, ...args);
      return feature.awaits ? Promise.resolve(null) : null;
    };
  const features = Object.fromEntries(FEATURE_NAMES.map((name) => [name, method(FEATURES[name] as AnyFeature)])) as unknown as FeatureMethods;

  return {
    ...features,
    serves,
    analyze: (document) => analyze(ports, document),
    async diagnostics(document) {
      if (!serves(document)) return [];
      return (await analyze(ports, document)).lint.diagnostics.map(toLspDiagnostic);
    },
    holdsSecret,
    templateReport: (folderUri, facts, diskText, config) => templateReport(ports, folderUri, facts, diskText, config),
  };
}
