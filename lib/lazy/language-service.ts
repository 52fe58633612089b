// Loaded on first use (see rules/analyzers/lazy/README.md): the language service brings the JSON
// language service and the server's feature modules, which `lint` and `fix` never need.
import * as languageService from '../language-service.js';

export function load(): typeof languageService {
  return languageService;
}
