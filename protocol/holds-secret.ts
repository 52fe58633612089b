/**
 * `agentManifest/holdsSecret`: whether an open manifest's text holds a literal secret (a token
 * or key of a known shape, a generated-looking channel token), as the engine's masking finds
 * them. The playground asks before it puts the text in a share link. Name and types only, so
 * the page's bundle takes nothing else.
 */
export const HOLDS_SECRET_REQUEST = 'agentManifest/holdsSecret';

export interface HoldsSecretParams {
  uri: string;
}

export interface HoldsSecretResult {
  holdsSecret: boolean;
}
