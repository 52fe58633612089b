/**
 * Files that hold secrets when they are committed: `.env`-style files with values and private
 * keys. Pure: the adapter asks `wantsContent` which files to read, and the rule reads the text
 * it was given. Nothing here ever returns a secret's value.
 */
import { looksLikeToken } from '../framework/secret-detector.js';

export type SecretFileKind =
  /** `.env`, `.env.local`, `prod.env`, `.envrc`: variables with values. */
  | 'env'
  /** `.env.example`, `example.env`…: meant to be committed, with empty or placeholder values. */
  | 'env-example'
  /** `id_rsa`, `id_ed25519`… (not `.pub`): SSH private keys by name. */
  | 'ssh-key'
  /** `*.pem`, `*.key`, `*.p8`: a private key when it holds a `PRIVATE KEY` block. */
  | 'key-file'
  /** `*.p12`, `*.pfx`: binary PKCS #12 keystores, which hold a private key. */
  | 'keystore';

const SSH_KEY_NAMES = new Set(['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'id_ecdsa_sk', 'id_ed25519_sk']);
const EXAMPLE_PART = /(^|[._-])(example|examples|sample|samples|template|tpl|dist|defaults?|schema)([._-]|$)/i;
const KEY_FILE = /\.(pem|key|p8)$/i;
const KEYSTORE = /\.(p12|pfx)$/i;

/**
 * The names `secretFileKind` reads the text of, as glob patterns (keystores are binary and judged
 * by name alone): what an editor watches to check such files again when they change.
 */
export const SECRET_FILE_GLOBS: readonly string[] = ['.env', '.env.*', '*.env', '.envrc', '*.pem', '*.key', '*.p8', ...SSH_KEY_NAMES];

/** Files larger than this are not read for their text (a `.env` file or a key is a few kilobytes). */
export const MAX_SECRET_FILE_BYTES = 256 * 1024;

/** What kind of secret file a path may be, by its name alone. */
export function secretFileKind(path: string): SecretFileKind | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const lower = name.toLowerCase();
  if (lower === '.env' || lower === '.envrc' || lower.startsWith('.env.') || lower.endsWith('.env')) {
    return EXAMPLE_PART.test(lower.replace(/^\.env(rc)?/, '').replace(/\.env$/, '')) ? 'env-example' : 'env';
  }
  if (SSH_KEY_NAMES.has(name)) return 'ssh-key';
  if (KEY_FILE.test(name)) return 'key-file';
  if (KEYSTORE.test(name)) return 'keystore';
  return undefined;
}

/** Whether the adapter should pass the file's text along (when it is at most `MAX_SECRET_FILE_BYTES`). */
export function wantsContent(path: string): boolean {
  const kind = secretFileKind(path);
  return kind !== undefined && kind !== 'keystore';
}

/** Credential shapes beyond the chat tokens and provider keys `looksLikeToken` knows. */
const CREDENTIAL_SHAPES: readonly RegExp[] = [
  /^AKIA[0-9A-Z]{16}$/,
  /^(sk|rk)_live_[A-Za-z0-9]{16,}$/,
  /^glpat-[A-Za-z0-9_-]{20,}$/,
  /^AIza[0-9A-Za-z_-]{35}$/,
  /^npm_[A-Za-z0-9]{36}$/,
  /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/,
];

/** Whether a value has the shape of a real credential (an API key or token). */
export function credentialLike(value: string): boolean {
  return looksLikeToken(value) || CREDENTIAL_SHAPES.some((shape) => shape.test(value));
}

const PRIVATE_KEY_BLOCK = /^-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY-----\s*$/;

/** The 0-based line of the first `-----BEGIN … PRIVATE KEY-----` header, if the text has one. */
export function privateKeyLine(text: string): { line: number; length: number } | undefined {
  const lines = text.split(/\r\n|\r|\n/);
  for (const [line, content] of lines.entries()) {
    if (PRIVATE_KEY_BLOCK.test(content)) return { line, length: content.trimEnd().length };
  }
  return undefined;
}
