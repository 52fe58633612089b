import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { transform } from 'esbuild';

/**
 * A rule's rationale, evidence and assumptions are for its page (`docs/rules/`, which the
 * terminal's `rule` command reads too): the commands and the playground never show them, yet they
 * are a tenth of a bundle, which every start reads and deserializes. Each rule's file is compiled
 * (which writes every string as one literal) and those properties' literals are left out; a value
 * of another form stays as it is. The library keeps them: its rule list is public.
 */
const DOCS_ONLY = new RegExp(
  String.raw`\b(rationale|evidence|assumptions):\s*(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\x60(?:[^\x60\\$]|\\.|\$(?!\{))*\x60)`,
  'g',
);

export const withoutRuleDocs = {
  name: 'without-rule-docs',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]rules[\\/]catalog[\\/][^\\/]+\.ts$/ }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), { loader: 'ts', format: 'esm', minifySyntax: true });
      return { contents: code.replace(DOCS_ONLY, '$1: ""'), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};
