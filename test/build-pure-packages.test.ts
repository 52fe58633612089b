import { build, type Plugin } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { purePackages } from '../build/pure-packages.mjs';

const ENGINE = fileURLToPath(new URL('../rules/index.ts', import.meta.url));

/** The jsonc-parser modules a bundle of the engine holds, with the given plugins. */
async function jsoncModules(plugins: Plugin[]): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [ENGINE],
    bundle: true,
    write: false,
    outfile: 'engine.mjs',
    metafile: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
    plugins,
  });
  // What the output holds of each input (an input read, then left out, holds nothing).
  const [output] = Object.values(metafile.outputs);
  return Object.entries(output!.inputs)
    .filter(([input, { bytesInOutput }]) => input.includes('node_modules/jsonc-parser/') && bytesInOutput > 0)
    .map(([input]) => input)
    .map((input) => input.replace(/.*\/impl\//, 'impl/'));
}

describe('the pure-packages build plugin', () => {
  it("leaves out of a bundle the strings jsonc-parser's formatter builds when loaded, which the engine never uses", async () => {
    // Without the plugin esbuild keeps them: the package does not say its modules are pure.
    expect(await jsoncModules([])).toContain('impl/string-intern.js');
    const kept = await jsoncModules([purePackages]);
    expect(kept).not.toContain('impl/string-intern.js');
    expect(kept).toEqual(expect.arrayContaining(['impl/parser.js', 'impl/scanner.js']));
  });
});
