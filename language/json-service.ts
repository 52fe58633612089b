import type {
  ClientCapabilities as JsonClientCapabilities,
  JSONDocument,
  JSONSchema,
  JSONWorkerContribution,
  LanguageService,
} from 'vscode-json-languageservice';
import type { ClientCapabilities } from 'vscode-languageserver';
import { load as loadJsonLanguageService } from './lazy/json-languageservice.js';
import { load as loadSchema } from './lazy/manifest-schema.js';
import { SCHEMA_URL } from '../rules/index.js';
import type { OpenDocument } from './documents.js';

/**
 * Above this size the JSON language service (which builds its own tree and matches it against
 * the schema on every request) is skipped, so that features stay responsive; our own providers
 * still answer.
 */
export const JSON_SERVICE_LIMIT = 1_000_000;

/**
 * `vscode-json-languageservice` with the bundled schema. The schema request service answers the
 * official URL with the bundled file and fails everything else: nothing is fetched.
 */
export function createJsonService(client: ClientCapabilities, contributions: JSONWorkerContribution[]): LanguageService {
  const schema = loadSchema() as unknown as JSONSchema;
  const service = loadJsonLanguageService().getLanguageService({
    schemaRequestService: (uri) =>
      uri === SCHEMA_URL ? Promise.resolve(JSON.stringify(schema)) : Promise.reject(new Error(`schemas are not fetched (${uri})`)),
    contributions,
    clientCapabilities: jsonClientCapabilities(client),
  });
  // Validation stays with the engine: users see each problem once, with our rule ids. The schema
  // is asked for by its URL: the service parses a copy of its own, since it resolves `$ref`s in
  // place, and the one every other part reads (the hovers' lookups, `--print-schema`) stays as written.
  service.configure({ validate: false, allowComments: false, schemas: [{ uri: SCHEMA_URL, fileMatch: ['*'] }] });
  return service;
}

/** Whether the JSON language service may look at this version of a document. */
export function jsonServiceApplies(document: OpenDocument): boolean {
  // A refused document (too deep for a recursive parser, or too long) never reaches it either.
  return document.text.length <= JSON_SERVICE_LIMIT && document.parsed.refusal === undefined;
}

/** The service's parse of the current version, made once per version. */
export function jsonDocument(service: LanguageService, document: OpenDocument): JSONDocument {
  return document.cached('json-document', () => service.parseJSONDocument(document.document));
}

function jsonClientCapabilities(client: ClientCapabilities): JsonClientCapabilities {
  const completionItem = client.textDocument?.completion?.completionItem;
  const capabilities: JsonClientCapabilities = { textDocument: {} };
  capabilities.textDocument!.completion = {
    completionItem: {
      documentationFormat: completionItem?.documentationFormat ?? ['markdown', 'plaintext'],
      commitCharactersSupport: completionItem?.commitCharactersSupport ?? false,
      labelDetailsSupport: completionItem?.labelDetailsSupport ?? false,
    },
  };
  capabilities.textDocument!.hover = { contentFormat: client.textDocument?.hover?.contentFormat ?? ['markdown', 'plaintext'] };
  return capabilities;
}
