// Loaded on first use (see rules/analyzers/lazy/README.md): the JSON language service serves
// completion, hover and folding, never diagnostics.
import * as jsonLanguageService from 'vscode-json-languageservice';

export function load(): typeof jsonLanguageService {
  return jsonLanguageService;
}
