/** The official schema URL: `$schema` of real manifests, the schema's `$id`, the server's selector. */
export const SCHEMA_URL = 'https://agents.pinata.cloud/schemas/manifest.v1.json';

const DOCS_BASE = 'https://github.com/agent-manifest/agent-manifest/blob/main/docs/rules/';

export function docsUrl(ruleId: string): string {
  return `${DOCS_BASE}${ruleId}.md`;
}
