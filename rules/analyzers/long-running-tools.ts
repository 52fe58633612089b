/**
 * What runs long in a script, by the tools' own conventions: package scripts named to serve or
 * watch, programs that always serve, the subcommands that start a development server, the options
 * that make a builder watch, and the build command to name instead. Knowledge of tools, not a
 * rule: build-long-running reads it.
 */

/** Package scripts that by convention start a server or a watcher: `dev`, `start`, `serve:api`, `css:watch`… */
export const LONG_SCRIPT = /^(dev|develop|start|serve|server|watch|preview)(:|$)|:(watch|serve)$/;

/** Programs that serve or watch whatever their arguments. */
export const ALWAYS_LONG = new Set([
  'nodemon',
  'ts-node-dev',
  'node-dev',
  'webpack-dev-server',
  'http-server',
  'live-server',
  'lite-server',
  'serve',
  'browser-sync',
  'uvicorn',
  'gunicorn',
  'hypercorn',
  'daphne',
  'waitress-serve',
  'http.server',
  'pm2-runtime',
  'elm-live',
  'chokidar',
  'onchange',
  'watchexec',
  'entr',
]);

/** Subcommands that start a development server or a long-running process; `''` is the bare program. */
export const SERVER_SUBCOMMANDS: Record<string, readonly string[]> = {
  next: ['', 'dev', 'start'],
  nuxt: ['dev', 'preview', 'start'],
  nuxi: ['dev', 'preview', 'start'],
  astro: ['dev', 'preview'],
  remix: ['dev'],
  'react-router': ['dev'],
  'react-scripts': ['start'],
  gatsby: ['develop', 'serve'],
  ng: ['serve', 's'],
  'vue-cli-service': ['serve'],
  vitepress: ['', 'dev', 'preview'],
  expo: ['start'],
  webpack: ['serve', 'server', 's'],
  hugo: ['server', 'serve'],
  jekyll: ['serve', 's', 'server'],
  ember: ['serve', 's', 'server'],
  docusaurus: ['start', 'serve'],
  storybook: ['dev'],
  'start-storybook': [''],
  wrangler: ['dev'],
  netlify: ['dev'],
  vercel: ['dev'],
  firebase: ['serve', 'emulators:start'],
  flask: ['run'],
  streamlit: ['run'],
  jupyter: ['notebook', 'lab', 'server'],
  rails: ['server', 's'],
  tsx: ['watch'],
  parcel: ['', 'serve', 'watch'],
  vite: ['', 'dev', 'serve', 'preview'],
  sst: ['dev'],
  convex: ['dev'],
};

/** Tools whose subcommand, when it is not one of these, is a project folder to serve (`vite ./app`). */
export const NON_SERVER_SUBCOMMANDS: Record<string, ReadonlySet<string>> = {
  vite: new Set(['build', 'optimize']),
  parcel: new Set(['build']),
};

/** `--watch`-style options of known watchers and builders. */
export const WATCH_FLAGS: Record<string, readonly string[]> = {
  tsc: ['--watch', '-w'],
  webpack: ['--watch', '-w'],
  rollup: ['--watch', '-w'],
  esbuild: ['--watch', '--serve'],
  babel: ['--watch', '-w'],
  sass: ['--watch'],
  'node-sass': ['--watch', '-w'],
  stylus: ['--watch', '-w'],
  tailwindcss: ['--watch', '-w'],
  tailwind: ['--watch', '-w'],
  postcss: ['--watch', '-w'],
  vite: ['--watch', '-w'],
  tsup: ['--watch'],
  swc: ['--watch', '-w'],
  node: ['--watch', '--watch-path'],
  bun: ['--watch', '--hot'],
  deno: ['--watch'],
  jest: ['--watch', '--watchAll'],
  vitest: ['--watch'],
  mocha: ['--watch', '-w'],
  ava: ['--watch', '-w'],
  eleventy: ['--watch', '--serve'],
  '@11ty/eleventy': ['--watch', '--serve'],
  hugo: ['--watch', '-w'],
  jekyll: ['--watch', '-w'],
  'svelte-check': ['--watch'],
  tsx: ['--watch'],
  coffee: ['--watch', '-w'],
  astro: ['--watch'],
};

/** Build tools with a `build` equivalent worth naming in the message. */
export const BUILD_INSTEAD: Record<string, string> = {
  vite: 'vite build',
  next: 'next build',
  nuxt: 'nuxt build',
  nuxi: 'nuxi build',
  astro: 'astro build',
  remix: 'remix build',
  'react-router': 'react-router build',
  'react-scripts': 'react-scripts build',
  gatsby: 'gatsby build',
  ng: 'ng build',
  'vue-cli-service': 'vue-cli-service build',
  vitepress: 'vitepress build',
  parcel: 'parcel build',
  hugo: 'hugo',
  jekyll: 'jekyll build',
  docusaurus: 'docusaurus build',
  storybook: 'storybook build',
};
