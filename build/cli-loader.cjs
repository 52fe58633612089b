#!/usr/bin/env node
// Starts the bundled CLI (`manifest-lint.bundle.cjs`) with V8's code cache for it
// (`manifest-lint.code-cache`, written by the build after a representative run), so a cold start
// skips compiling the bundle and the functions a lint runs. When the cache does not fit this
// Node (another V8 version or flags), V8 rejects it and compiles as usual.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const bundle = path.join(__dirname, 'manifest-lint.bundle.cjs');
const cacheFile = path.join(__dirname, 'manifest-lint.code-cache');
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  // No cache: compile normally.
}
const script = new vm.Script(Module.wrap(fs.readFileSync(bundle, 'utf8')), {
  filename: bundle,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
// The build sets this variable for one representative run, and keeps what V8 compiled.
const writeCacheTo = process.env.MANIFEST_LINT_WRITE_CODE_CACHE;
if (writeCacheTo) process.on('exit', () => fs.writeFileSync(writeCacheTo, script.createCachedData()));
const bundleModule = new Module(bundle, module);
bundleModule.filename = bundle;
bundleModule.paths = module.paths;
script.runInThisContext()(bundleModule.exports, Module.createRequire(bundle), bundleModule, bundle, __dirname);
