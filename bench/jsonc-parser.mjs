// jsonc-parser from the repository's own install: the version the engine bundles, not the older
// copy the peer tools bring into bench/node_modules, which Node would find first from here.
import { createRequire } from 'node:module';

const fromRoot = createRequire(new URL('../package.json', import.meta.url));
export const { applyEdits, findNodeAtLocation, modify, parse, parseTree } = fromRoot('jsonc-parser');
