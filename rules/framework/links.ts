/** The official schema URL: `$schema` of real manifests, the schema's `$id`, the server's selector. */
export const SCHEMA_URL = 'https://agents.pinata.cloud/schemas/manifest.v1.json';

const DOCS = 'https://github.com/agent-manifest/agent-manifest/blob/main/docs/';

export function docsUrl(ruleId: string): string {
  return `${DOCS}rules/${ruleId}.md`;
}

/** What an `internal-error` finding means, and how to report one. */
export function internalErrorDocsUrl(): string {
  return `${DOCS}internal-error.md`;
}
