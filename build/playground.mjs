// The playground, `dist/playground/` (or the folder `--out <folder>` names): a static site
// (build/serve-playground.mjs serves it; build/pages-site.mjs publishes it).
//   index.html, playground.css, playground.js  the page: CodeMirror and the LSP client
//   worker.js                                  the language server, in a Web Worker
//   examples/<slug>.json                       the examples menu's files and the rule pages' examples
//   rules/<id>.html, rules/index.html          the rule docs, whose examples open in the editor
// Needs `node build/build.mjs` first (the generated validator and the CLI, for the rule list).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Marked } from 'marked';
import { ruleSummaries } from './extension.mjs';
import { lazyLoadPlugin, lazyModules } from './lazy-modules.mjs';
import { oneLuxon } from './one-luxon.mjs';
import { packageFacts, readPackageFacts } from './package-facts.mjs';
import { withoutRuleDocs } from './without-rule-docs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (relative) => `${root}${relative}`;
const outFlag = process.argv.indexOf('--out');
const OUT = outFlag === -1 ? at('dist/playground') : resolve(process.argv[outFlag + 1] ?? fail('--out expects a folder'));
// The folder is emptied before it is written, so it must be new, empty or an earlier build (it
// has the build's worker.js): a mistyped `--out` never empties a folder of other files.
if (existsSync(OUT) && (!statSync(OUT).isDirectory() || (readdirSync(OUT).length > 0 && !existsSync(join(OUT, 'worker.js'))))) {
  fail(`--out ${OUT} is neither an empty folder nor an earlier playground build; name a new folder`);
}
const FIRST_EXAMPLE = 'needs-work';

/** The examples menu: the bundled examples, then the mistakes the tools exist for. */
const MENU = [
  { slug: 'needs-work', title: 'Needs work: several mistakes at once', file: 'examples/needs-work/manifest.json' },
  { slug: 'reserved-port', title: 'A route on the reserved port', file: 'playground/examples/reserved-port.json' },
  { slug: 'slug-and-cid', title: 'A skill with both a slug and a CID', file: 'playground/examples/slug-and-cid.json' },
  { slug: 'task-every-30s', title: 'A task every 30 seconds', file: 'playground/examples/task-every-30s.json' },
  { slug: 'pasted-token', title: 'A bot token pasted in clear text', file: 'playground/examples/pasted-token.json' },
  { slug: 'daily-digest', title: 'Daily digest: a task too often, undeclared secrets', file: 'examples/daily-digest/manifest.json' },
  { slug: 'web-app', title: 'Web app (clean)', file: 'examples/web-app/manifest.json' },
];

const files = new Map();
const write = (path, content) => files.set(path, content);

const rules = ruleSummaries(at).map(({ id, severity, description }) => ({ id, severity, description }));
for (const { slug, file } of MENU) write(`examples/${slug}.json`, readFileSync(at(file), 'utf8'));

// The rule pages: each doc rendered, its examples opening in the editor.
const { homepage } = readPackageFacts();
// Links between rule docs stay in the site; others (the README, the schema) go to the project.
// HTML written in a doc is shown as text, never passed into the page; only the build's own goes in.
const marked = new Marked({ renderer: { html: (token) => (token.ours ? token.text : escape(token.text)) } });
function siteLink(token) {
  if (token.type !== 'link') return;
  const ruleDoc = /^([\w-]+)\.md(#.*)?$/.exec(token.href);
  if (ruleDoc) token.href = `${ruleDoc[1]}.html${ruleDoc[2] ?? ''}`;
  else if (!/^[a-z]+:|^#/.test(token.href)) token.href = homepage;
}
const page = (title, body, up) =>
  `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
  `<title>${escape(title)} · Agent Manifest playground</title>\n<link rel="stylesheet" href="${up}playground.css">\n</head>\n<body>\n` +
  `<header><h1>Agent Manifest</h1><nav aria-label="Site"><a href="${up}index.html">Playground</a><a href="${up}rules/index.html">Rules</a></nav></header>\n` +
  `<main class="doc">\n${body}</main>\n</body>\n</html>\n`;
for (const { id } of rules) {
  const tokens = marked.lexer(readFileSync(at(`docs/rules/${id}.md`), 'utf8'));
  let heading = '';
  const withLinks = tokens.flatMap((token) => {
    if (token.type === 'heading') heading = token.text;
    const example = /^Example that (fails|passes)/.exec(heading);
    if (token.type !== 'code' || token.lang !== 'json' || !example) return [token];
    const slug = `rule-${id}-${example[1]}`;
    write(`examples/${slug}.json`, `${token.text}\n`);
    const link = `<p><a class="open-example" href="../index.html#example=${slug}">Open this example in the playground</a></p>\n`;
    return [token, { type: 'html', raw: link, text: link, block: true, pre: false, ours: true }];
  });
  marked.walkTokens(withLinks, siteLink);
  write(`rules/${id}.html`, page(id, marked.parser(withLinks), '../'));
}
write(
  'rules/index.html',
  page(
    'Rules',
    `<h1>Rules</h1>\n<table>\n<thead><tr><th>rule</th><th>default</th><th>what it finds</th></tr></thead>\n<tbody>\n${rules
      .map(
        ({ id, severity, description }) =>
          `<tr><td class="rule-id"><a href="${id}.html">${id}</a></td><td>${severity}</td><td>${marked.parseInline(description)}</td></tr>`,
      )
      .join('\n')}\n</tbody>\n</table>\n`,
    '../',
  ),
);

// The page's data: the menu, the rules, and the first example's text.
const firstExample = { slug: FIRST_EXAMPLE, text: files.get(`examples/${FIRST_EXAMPLE}.json`) };
const siteData = {
  name: 'site-data',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^playground:site-data$/ }, () => ({ path: 'site-data', namespace: 'playground' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'playground' }, () => ({
      contents: JSON.stringify({ examples: MENU.map(({ slug, title }) => ({ slug, title })), rules, firstExample }),
      loader: 'json',
    }));
  },
};

/**
 * In the worker, a lazy module (build/lazy-modules.mjs) loads `chunks/<name>.js` on its first
 * call, with `importScripts`, which is synchronous like the Node bundles' `require`: the first
 * visit transfers what its first lint needs, and hover, completion or a cron schedule bring the
 * rest when used.
 */
const lazy = lazyModules(root);
const CHUNKS = '__agentManifestChunks';
const loadInWorker = lazyLoadPlugin('load-in-worker', lazy, ({ name }) => {
  const key = JSON.stringify(name);
  return `if (!self.${CHUNKS}?.[${key}]) importScripts('chunks/' + ${key} + '.js'); return self.${CHUNKS}[${key}];`;
});

/** The LSP client's Markdown renderer: ours (playground/markdown.ts) instead of `marked`. */
const ownMarkdown = {
  name: 'own-markdown',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^marked$/ }, () => ({ path: at('playground/markdown.ts') }));
  },
};

// The metafile's paths are relative to the working folder: the root, wherever the build is run from.
const browser = {
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  write: false,
  logLevel: 'warning',
  absWorkingDir: root,
};
const [pageBundle, workerBundle] = await Promise.all([
  build({ ...browser, entryPoints: [at('playground/app.ts')], format: 'esm', plugins: [siteData, ownMarkdown], outfile: `${OUT}/playground.js` }),
  build({
    ...browser,
    entryPoints: [at('server/worker.ts')],
    format: 'iife',
    plugins: [loadInWorker, packageFacts, withoutRuleDocs],
    metafile: true,
    outfile: `${OUT}/worker.js`,
  }),
]);
write('playground.js', pageBundle.outputFiles[0].text);
write('worker.js', workerBundle.outputFiles[0].text);
// A chunk for each lazy module the worker reaches: the package's exports, or the file's value.
const reached = lazy.filter(({ source }) => workerBundle.metafile.inputs[source.slice(root.length)] !== undefined);
const chunks = await Promise.all(
  reached.map(({ name, specifier, bundled }) =>
    build({
      ...browser,
      stdin: {
        contents: `import ${bundled ? '* as value' : 'value'} from ${JSON.stringify(specifier)};\n(self.${CHUNKS} ??= {})[${JSON.stringify(name)}] = value;`,
        resolveDir: root,
      },
      format: 'iife',
      plugins: [oneLuxon],
    }).then((output) => [name, output.outputFiles[0].text]),
  ),
);
for (const [name, code] of chunks) write(`chunks/${name}.js`, code);
write('index.html', readFileSync(at('playground/index.html'), 'utf8').replace('%HOMEPAGE%', homepage));
write('playground.css', readFileSync(at('playground/playground.css'), 'utf8'));

rmSync(OUT, { recursive: true, force: true });
for (const [path, content] of files) {
  mkdirSync(dirname(`${OUT}/${path}`), { recursive: true });
  writeFileSync(`${OUT}/${path}`, content);
}
const bytes = [...files.values()].reduce((sum, content) => sum + Buffer.byteLength(content), 0);
process.stderr.write(
  `playground: wrote ${files.size} files (${Math.round(bytes / 1024)} KiB) to ${relative(process.cwd(), OUT) || '.'}; npm run playground serves them\n`,
);

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function escape(text) {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);
}
