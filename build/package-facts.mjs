import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_JSON = fileURLToPath(new URL('../package.json', import.meta.url));

/** What the build takes from package.json: the version and the home page, nothing else. */
export function readPackageFacts() {
  const { version, homepage } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8'));
  return { version, homepage };
}

/**
 * The bundles read the package's version and home page from package.json: they get those two
 * fields, not the whole file with its scripts and development dependencies.
 */
export const packageFacts = {
  name: 'package-facts',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]package\.json$/ }, (args) =>
      args.path === PACKAGE_JSON ? { contents: JSON.stringify(readPackageFacts()), loader: 'json' } : undefined,
    );
  },
};
