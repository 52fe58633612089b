#!/usr/bin/env node
// Starts a command's bundle (`<command>.bundle.cjs`, beside this file) with V8's code cache for it
// (`<command>.code-cache`, written by the build after a representative run), so a cold start
// skips compiling the bundle and the functions a run needs. When the cache does not fit this
// Node (another V8 version or flags), V8 rejects it and compiles as usual. The build copies this
// file as `manifest-lint.cjs` and as `manifest-language-server.cjs`.
'use strict';
const fs = require('node:fs');
const vm = require('node:vm');
const Module = require('node:module');

const command = __filename.replace(/\.cjs$/, '');
const bundle = `${command}.bundle.cjs`;
let cachedData;
try {
  cachedData = fs.readFileSync(`${command}.code-cache`);
} catch {
  // No cache: compile normally.
}
// The build keeps the bundle ASCII, which Latin-1 reads as it is, faster than UTF-8.
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'latin1')), {
  filename: bundle,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
// The build sets this variable for one representative run, and keeps what V8 compiled.
const writeCacheTo = process.env.AGENT_MANIFEST_WRITE_CODE_CACHE;
if (writeCacheTo) process.on('exit', () => fs.writeFileSync(writeCacheTo, script.createCachedData()));
const bundleModule = new Module(bundle, module);
bundleModule.filename = bundle;
bundleModule.paths = module.paths;
script.runInThisContext()(bundleModule.exports, Module.createRequire(bundle), bundleModule, bundle, __dirname);
