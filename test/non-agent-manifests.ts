/**
 * Other formats' `manifest.json` (`test/fixtures/corpus/real3/non-agent/<folder>/manifest.json`,
 * see SOURCES.md there), with what the linter says of each when it leaves it alone.
 */
import { readdirSync, readFileSync } from 'node:fs';

export const NON_AGENT_FOLDER = new URL('./fixtures/corpus/real3/non-agent/', import.meta.url).pathname;

const REASONS: Readonly<Record<string, string>> = {
  'CodeGoy__youtube-block-browser-plugin': 'it looks like a browser extension manifest',
  'CodeKartik__CodeKartik.github.io': 'it looks like a web app manifest',
  'CodeListening__obsidian-bookxnote': 'it looks like an Obsidian plugin manifest',
  'made-up__docfx-build': 'it looks like a DocFX build manifest',
  'made-up__release-file-list': 'it is a JSON array',
  'made-up__stream-deck-plugin': 'it looks like a Stream Deck plugin manifest',
};

export interface NonAgentManifest {
  folder: string;
  text: string;
  reason: string | undefined;
}

export const NON_AGENT: readonly NonAgentManifest[] = readdirSync(NON_AGENT_FOLDER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({ folder: name, text: readFileSync(`${NON_AGENT_FOLDER}${name}/manifest.json`, 'utf8'), reason: REASONS[name] }))
  .sort((a, b) => a.folder.localeCompare(b.folder));
