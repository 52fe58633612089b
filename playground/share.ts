/**
 * Share links carry the manifest in the URL fragment, which browsers never send to a server:
 * `#text=` and the text's UTF-8 bytes, compressed with raw DEFLATE, in base64url.
 */
const PREFIX = 'text=';

export async function shareFragment(text: string): Promise<string> {
  const compressed = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  let binary = '';
  for (const byte of compressed) binary += String.fromCharCode(byte);
  return `#${PREFIX}${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The text a share fragment carries; undefined when the fragment is not one or is damaged. */
export async function textOfFragment(fragment: string): Promise<string | undefined> {
  const body = fragment.replace(/^#/, '');
  if (!body.startsWith(PREFIX)) return undefined;
  try {
    const binary = atob(body.slice(PREFIX.length).replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(await pipe(bytes, new DecompressionStream('deflate-raw')));
  } catch {
    return undefined;
  }
}

async function pipe(bytes: Uint8Array<ArrayBuffer>, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
