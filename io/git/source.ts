/**
 * Which arguments name a git repository rather than a folder, which of them are refused before
 * git runs (SPEC section 7: only the https, ssh, git and file transports), and a URL as it may be
 * shown.
 */

const URL_SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;
const SCP_LIKE = /^[A-Za-z0-9._~-]+@[A-Za-z0-9.-]+:(?!\/\/)/;
const TRANSPORT_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*::/;
const ALLOWED_SCHEMES = new Set(['https', 'ssh', 'git', 'file']);

/**
 * Whether the argument names a git repository rather than a folder: a URL (`https://`,
 * `ssh://`, `git://`, `file://`, or any other scheme, refused later), `git@host:path`, or a
 * `transport::address` form (refused).
 */
export function isGitSource(source: string): boolean {
  return URL_SCHEME.test(source) || SCP_LIKE.test(source) || TRANSPORT_PREFIX.test(source);
}

/** Why a git source is refused, or undefined when it may be cloned. */
export function refusedSource(source: string): string | undefined {
  if (TRANSPORT_PREFIX.test(source)) return `unsupported git transport in ${shownUrl(source)}: only https, ssh, git and file URLs are cloned`;
  const scheme = URL_SCHEME.exec(source)?.[1]?.toLowerCase();
  if (scheme !== undefined && !ALLOWED_SCHEMES.has(scheme)) {
    return scheme === 'http'
      ? `plain http is not allowed for ${shownUrl(source)}: use https`
      : `unsupported URL scheme "${scheme}": only https, ssh, git and file URLs are cloned`;
  }
  return undefined;
}

/** A URL without the password or token it may carry. */
export function shownUrl(url: string): string {
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^@/]*@/, '$1');
}
