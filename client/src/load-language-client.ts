// Loads the language client module on first use. In the packaged extension, the build replaces
// this file with a `require` of `language-client.cjs`, a bundle of its own beside `extension.cjs`,
// so that activation (which happens for any JSON file) loads only the small extension bundle.
export function loadLanguageClient(): Promise<typeof import('./language-client.js')> {
  return import('./language-client.js');
}
