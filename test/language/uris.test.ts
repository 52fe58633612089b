import { describe, expect, it } from 'vitest';
import { baseNameOf, filePathOf } from '../../language/uris.js';

describe('document URIs', () => {
  it('give the path of a file: URI, decoded', () => {
    expect(filePathOf('file:///home/me/my%20agent/manifest.json')).toBe('/home/me/my agent/manifest.json');
    expect(filePathOf('file:///tmp/%C3%A9t%C3%A9/manifest.json')).toBe('/tmp/été/manifest.json');
  });

  it('give no path for other schemes or a malformed URI', () => {
    expect(filePathOf('untitled:Untitled-1')).toBeUndefined();
    expect(filePathOf('vscode-vfs://github/me/repo/manifest.json')).toBeUndefined();
    expect(filePathOf('not a uri')).toBeUndefined();
  });

  it('name the last segment whatever the scheme, without query or fragment', () => {
    expect(baseNameOf('file:///a/b/manifest.json')).toBe('manifest.json');
    expect(baseNameOf('vscode-vfs://github/me/repo/manifest.json?ref=main#L3')).toBe('manifest.json');
    expect(baseNameOf('file:///a/my%20manifest.json')).toBe('my manifest.json');
    expect(baseNameOf('untitled:Untitled-1')).toBe('Untitled-1');
  });
});
