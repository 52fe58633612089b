/** Document URIs as editors send them, read with vscode-uri (the parser VS Code itself uses). */
import { URI, Utils } from 'vscode-uri';

/** The file system path of a `file:` URI; undefined for other schemes (`untitled:`, …) or a malformed URI. */
export function filePathOf(uri: string): string | undefined {
  const parsed = parse(uri);
  return parsed?.scheme === 'file' ? parsed.fsPath : undefined;
}

/** The folder of a `file:` document, where the config file lookup starts; undefined for other schemes. */
export function folderOf(uri: string): string | undefined {
  const parsed = parse(uri);
  return parsed?.scheme === 'file' ? Utils.dirname(parsed).fsPath : undefined;
}

/** The last segment of a URI's path, decoded (`manifest.json`), whatever its scheme. */
export function baseNameOf(uri: string): string {
  const parsed = parse(uri);
  return parsed ? Utils.basename(parsed) : '';
}

function parse(uri: string): URI | undefined {
  try {
    return URI.parse(uri, true);
  } catch {
    return undefined;
  }
}
