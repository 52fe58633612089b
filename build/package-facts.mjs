import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_JSON = fileURLToPath(new URL('../package.json', import.meta.url));

/**
 * The bundles read the package's version and home page from package.json: they get those two
 * fields, not the whole file with its scripts and development dependencies.
 */
export const packageFacts = {
  name: 'package-facts',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]package\.json$/ }, (args) => {
      if (args.path !== PACKAGE_JSON) return undefined;
      const { version, homepage } = JSON.parse(readFileSync(args.path, 'utf8'));
      return { contents: JSON.stringify({ version, homepage }), loader: 'json' };
    });
  },
};

