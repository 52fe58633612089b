// The entry of the release's single-file CLI (`manifest-lint.cjs`, which build/build.mjs bundles
// with every lazy module inlined, so it needs no other file): started by Node.js, it is the CLI;
// required, it gives the library's `formatJsonResults`, with which the GitHub Action makes its
// annotations and SARIF file from the one run's JSON (action/run.mjs).
export { formatJsonResults } from '../lib/index.js';

// The bundle is CommonJS: `require.main` tells a start from a require.
if (require.main === module) require('./main.js');
