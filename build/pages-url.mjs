// Where GitHub Pages publishes the project's site, derived from package.json's `repository`, so
// the address is written down once: the site's layout (build/pages-site.mjs), the SchemaStore
// copy's note (build/schemastore-contribution.mjs) and the docs (docs/schema-url.md) agree.
import { readFileSync } from 'node:fs';

/** The schema's path in the site: one major version per file, so the address never changes meaning. */
export const SITE_SCHEMA_PATH = 'schemas/manifest.v1.json';

/**
 * The Pages address of a GitHub repository, `https://<owner>.github.io/<name>/`; the owner's own
 * site (a repository named `<owner>.github.io`) is at the root.
 */
export function pagesBaseUrl(repositoryUrl) {
  const match = /^(?:git\+)?(?:https?|ssh|git):\/\/(?:git@)?github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i.exec(repositoryUrl);
  if (!match) throw new Error(`${repositoryUrl} is not a GitHub repository URL, so it has no GitHub Pages address`);
  // Pages host names are lower case, whatever the owner's spelling.
  const owner = match[1].toLowerCase();
  const name = match[2];
  return name.toLowerCase() === `${owner}.github.io` ? `https://${owner}.github.io/` : `https://${owner}.github.io/${name}/`;
}

/** The address the site serves the schema at, for the repository package.json names. */
export function publishedSchemaUrl() {
  const { repository } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return new URL(SITE_SCHEMA_PATH, pagesBaseUrl(typeof repository === 'string' ? repository : repository.url)).href;
}
