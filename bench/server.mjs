#!/usr/bin/env node
// Benchmarks for manifest-language-server (SPEC sections 10 and 11). `npm run bench` runs it after
// bench/run.mjs; it can also run alone once dist/ is built:
//
//   node bench/server.mjs [--edits N] [--large-edits N] [--completions N] [--soak N] [--soak-warmup N] [--seed N]
//
// The built server runs as a child process (`node --expose-gc dist/manifest-language-server.cjs
// --stdio`, from a copy of the packed layout in a temporary folder) driven over standard input and output as
// an editor drives it: push diagnostics, `workspace/configuration`, incremental changes, and
// `initializationOptions.debounceMs` set to 0 so that no timer is waited for on purpose.
//
// 1. Change -> diagnostics, for bench/fixtures/typical.json and bench/fixtures/large.json (1 MB):
//    cycles of small incremental edits (typing two characters at the end of the description of
//    the middle entry of `secrets`, changing the last digit of the first route's port, deleting
//    the two characters, changing the port back). After each change the client waits for the
//    diagnostics of that version, then asks `agentManifest/status` for the work the server
//    measured itself (applying the change, linting, converting). Two numbers per edit: that work,
//    and the round trip the client saw from sending the change to receiving the diagnostics
//    (adding JSON-RPC, the pipes, and the 1 ms minimum of Node's zero timer).
// 2. Completion round trips (client-observed) at a route key, an `env:` value and a `tz` value.
// 3. A soak in a fresh server on typical.json: seeded random edits (typing inside strings and
//    numbers while the JSON is valid; fragments, deletes, replaces and pastes anywhere after the
//    `$schema` line, which break it; undo until it parses again), with completions and hovers in
//    between. The `$schema` line stays, so the document stays an agent manifest, which is all the
//    server lints. The heap
//    after a forced GC, once after the warm-up edits and once after the soak, both with the
//    document back at its original text, is held against SPEC 11: at most 10% or 5 MB
//    (5,000,000 bytes) more, whichever is larger.
//
// Prints PASS/FAIL against each target and writes a "Language server" section into
// bench/results/latest.md (replacing an earlier one, keeping bench/run.mjs's table) and every raw
// sample into bench/results/server.json. Exit code: 0 when everything ran (whatever the
// verdicts), 1 when the server is not built, crashed or stopped answering, or a request failed
// (a feature error logged, a completion without items), 2 for a usage error.

import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyEdits, findNodeAtLocation, modify, parseTree } from './jsonc-parser.mjs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { machine, median, percentile, writeResultsSection } from './measure.mjs';
import { seededRandom } from './seeded-random.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '..');
const resultsDir = join(benchDir, 'results');
const fixturesDir = join(benchDir, 'fixtures');
const SERVER = join(root, 'dist', 'manifest-language-server.cjs');
const NODE = process.execPath;
const NOW = '2026-11-23T09:00:00Z';
const rel = (file) => relative(root, file) || '.';

/** Targets: SPEC section 10 (work per change) and section 11 (heap after the soak). */
const TARGET_TYPICAL_MS = 5;
const TARGET_LARGE_MS = 100;
const HEAP_SLACK_RATIO = 0.1;
const HEAP_SLACK_BYTES = 5_000_000;
const MB = 1e6;

/** No single answer may take longer than this; the whole soak stops by itself after SOAK_LIMIT_MS. */
const ANSWER_TIMEOUT_MS = 30_000;
const SOAK_LIMIT_MS = 15 * 60_000;

// ------------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  const options = { edits: 300, 'large-edits': 90, completions: 100, soak: 3000, 'soak-warmup': 1000, seed: 20261123 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(
        'usage: node bench/server.mjs [--edits N (>= 60)] [--large-edits N (>= 30)] [--completions N (>= 30)] [--soak N (>= 3000)] [--soak-warmup N (>= 100)] [--seed N]',
      );
      process.exit(0);
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match || !(match[1] in options)) usage(`unknown argument ${arg}`);
    const value = Number(match[2] ?? argv[++i]);
    if (!Number.isInteger(value) || value < 0) usage(`${arg} needs a non-negative integer`);
    options[match[1]] = value;
  }
  if (options.edits < 60) usage('--edits must be at least 60');
  if (options['large-edits'] < 30) usage('--large-edits must be at least 30');
  if (options.completions < 30) usage('--completions must be at least 30');
  if (options.soak < 3000) usage('--soak must be at least 3000 (SPEC 11: thousands of edits)');
  if (options['soak-warmup'] < 100) usage('--soak-warmup must be at least 100');
  return options;
}

function usage(message) {
  console.error(`bench/server: ${message}`);
  process.exit(2);
}

const options = parseArgs(process.argv.slice(2));

// ------------------------------------------------------------------------------------------------

function stats(samples) {
  if (samples.length === 0) return undefined;
  return { median: median(samples), p90: percentile(samples, 90), max: Math.max(...samples), n: samples.length };
}

const fmt = (value, digits = 2) => (value === undefined ? '–' : value.toFixed(digits));
const mb = (bytes) => `${(bytes / MB).toFixed(2)} MB`;

// ------------------------------------------------------------------------------------------------
// The server, over stdio

class ServerGone extends Error {}

/** What an editor with push diagnostics advertises. */
const CAPABILITIES = {
  workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: {
    synchronization: { dynamicRegistration: false },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
  },
};

class Server {
  /** Errors the server logged (`window/logMessage` type 1): a feature that failed and answered nothing. */
  errors = [];
  stderr = '';
  exit = undefined;
  /** uri -> [{ version, resolve }] */
  waiters = new Map();
  /** uri -> { version, at, count, syntax } of the latest publication */
  latest = new Map();

  constructor() {
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    this.child = spawn(NODE, ['--expose-gc', serverCopy, '--stdio'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.on('data', (chunk) => {
      if (this.stderr.length < 100_000) this.stderr += chunk.toString('utf8');
    });
    this.gone = new Promise((_, reject) => {
      this.child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        reject(
          new ServerGone(`the server exited (${signal ?? code})${this.stderr ? `; stderr: ${this.stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`),
        );
      });
    });
    this.gone.catch(() => undefined);
    const c = createProtocolConnection(new StreamMessageReader(this.child.stdout), new StreamMessageWriter(this.child.stdin));
    this.connection = c;
    c.onNotification('textDocument/publishDiagnostics', (params) => {
      const at = performance.now();
      const version = params.version ?? -1;
      const entry = { version, at, count: params.diagnostics.length, syntax: params.diagnostics.some((d) => d.code === 'json-syntax') };
      this.latest.set(params.uri, entry);
      const list = this.waiters.get(params.uri) ?? [];
      this.waiters.set(
        params.uri,
        list.filter((w) => (version >= w.version ? (w.resolve(entry), false) : true)),
      );
    });
    const logged = (params) => {
      if (params.type === 1 && this.errors.length < 1000) this.errors.push(params.message);
    };
    c.onNotification('window/logMessage', logged);
    c.onNotification('window/showMessage', logged);
    c.onRequest('window/showMessageRequest', () => null);
    c.onRequest('workspace/configuration', (params) => params.items.map(() => null));
    c.onRequest('client/registerCapability', () => null);
    c.onError(() => undefined);
    c.listen();
  }

  async initialize() {
    await this.request('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: CAPABILITIES,
      initializationOptions: { now: NOW, debounceMs: 0 },
    });
    await this.connection.sendNotification('initialized', {});
  }

  /** A request that must be answered within ANSWER_TIMEOUT_MS, by a server that is still running. */
  request(method, params) {
    return this.bounded(this.connection.sendRequest(method, params), method);
  }

  notify(method, params) {
    return this.bounded(this.connection.sendNotification(method, params), method);
  }

  /** Resolves with { version, at, count, syntax } once diagnostics for `uri` at `version` or later arrive. */
  diagnostics(uri, version) {
    const latest = this.latest.get(uri);
    if (latest && latest.version >= version) return Promise.resolve(latest);
    const arrived = new Promise((resolve) => {
      const list = this.waiters.get(uri) ?? [];
      list.push({ version, resolve });
      this.waiters.set(uri, list);
    });
    return this.bounded(arrived, `diagnostics for version ${version}`);
  }

  status(gc = false) {
    return this.request('agentManifest/status', { gc });
  }

  bounded(promise, what) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new ServerGone(`no answer to ${what} within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
    });
    return Promise.race([promise, this.gone, timeout]).finally(() => clearTimeout(timer));
  }

  async stop() {
    if (this.exit) return;
    try {
      await this.request('shutdown');
      await this.notify('exit');
    } catch {
      // Killed below.
    }
    await Promise.race([this.gone.catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
    this.connection.dispose();
    if (!this.exit) this.child.kill();
  }
}

/** The client's copy of an open document, kept in step with the incremental changes it sends. */
class Doc {
  constructor(server, uri, text) {
    this.server = server;
    this.uri = uri;
    this.doc = TextDocument.create(uri, 'json', 1, text);
  }

  get text() {
    return this.doc.getText();
  }

  get version() {
    return this.doc.version;
  }

  open() {
    return this.server.notify('textDocument/didOpen', { textDocument: { uri: this.uri, languageId: 'json', version: 1, text: this.text } });
  }

  close() {
    return this.server.notify('textDocument/didClose', { textDocument: { uri: this.uri } });
  }

  position(offset) {
    return this.doc.positionAt(offset);
  }

  /**
   * Replaces [start, end) with `text` as one incremental change. Returns the new version and the
   * offsets really replaced: an offset between `\r` and `\n` has no position of its own, and the
   * position of one maps back to the offset before the `\r`.
   */
  change(start, end, text) {
    const range = { start: this.doc.positionAt(start), end: this.doc.positionAt(end) };
    const replaced = { start: this.doc.offsetAt(range.start), end: this.doc.offsetAt(range.end) };
    const version = this.doc.version + 1;
    this.doc = TextDocument.update(this.doc, [{ range, text }], version);
    /** When the change left the client (its own copy already updated): the round trip starts here. */
    this.sentAt = performance.now();
    const sent = this.server.notify('textDocument/didChange', { textDocument: { uri: this.uri, version }, contentChanges: [{ range, text }] });
    return { version, sent, ...replaced };
  }
}

// ------------------------------------------------------------------------------------------------
// Fixtures and the places the edits and completions go

const workDir = mkdtempSync(join(os.tmpdir(), 'manifest-server-bench-'));
// A repository root of its own, so the config file lookup stops here.
mkdirSync(join(workDir, '.git'));
/** A `file:` URI for a manifest in its own folder of the workspace, written to disk as an editor's file would be. */
function manifestFile(name, text) {
  const file = join(workDir, name, 'manifest.json');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return pathToFileURL(file).href;
}
/**
 * The servers run from a copy of what the package ships (package.json's `files`: the bundles,
 * their chunks, the schema the hover reads), laid out as an install lays it out, taken once at the
 * start: a partial copy would measure failing requests, and a rebuild while the benchmark runs
 * (which deletes dist/ first) cannot pull a file away.
 */
let serverCopy = SERVER;

function copyPackedLayout(into) {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const entry of ['package.json', ...files]) {
    const from = join(root, entry);
    // Type declarations (npm run build:types) run in no process: the server does without them.
    if (entry.endsWith('.d.ts') && !existsSync(from)) continue;
    if (!existsSync(from)) throw new Error(`${entry}, which the package ships, is missing (run npm run build)`);
    mkdirSync(dirname(join(into, entry)), { recursive: true });
    cpSync(from, join(into, entry), { recursive: true });
  }
  return join(into, 'dist', 'manifest-language-server.cjs');
}

function offsetsOf(text, path) {
  const node = findNodeAtLocation(parseTree(text), path);
  if (!node) throw new Error(`${JSON.stringify(path)} not found`);
  return node;
}

const typical = readFileSync(join(fixturesDir, 'typical.json'), 'utf8');
const large = readFileSync(join(fixturesDir, 'large.json'), 'utf8');

/**
 * A fixture with what its completions need: a last route being written (only its port so far,
 * so key completion has keys left to offer), a Telegram channel whose token is an `env:`
 * value, and the task's schedule as a cron object with a time zone.
 */
function forCompletion(text) {
  const formattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };
  const set = (out, path, value, extra = {}) => applyEdits(out, modify(out, path, value, { formattingOptions, ...extra }));
  const routes = offsetsOf(text, ['routes']).children.length;
  let out = set(text, ['routes', routes], { port: 8080 }, { isArrayInsertion: true });
  out = set(out, ['tasks', 0, 'schedule'], { kind: 'cron', expr: '0 9 * * *', tz: 'Europe/Lisbon' });
  return set(out, ['channels'], { telegram: { botToken: 'env:MY_SECRET', dmPolicy: 'pairing' } });
}
const typicalPlus = forCompletion(typical);
/** The soak's document up to the end of its `$schema` line, which no random edit touches. */
const KEPT_PREFIX = typicalPlus.indexOf('\n', typicalPlus.indexOf('"$schema"')) + 1;

/** The edit cycle: type two characters at the end of a description, change a port, undo both. */
function editCycle(text) {
  const secrets = offsetsOf(text, ['secrets']);
  const middle = Math.floor((secrets.children?.length ?? 1) / 2);
  const description = offsetsOf(text, ['secrets', middle, 'description']);
  const port = offsetsOf(text, ['routes', 0, 'port']);
  const end = description.offset + description.length - 1; // before the closing quote
  const portText = String(port.value);
  const changed = portText.slice(0, -1) + (portText.endsWith('9') ? '8' : '9');
  const portEnd = port.offset + port.length;
  // Steps are [kind, start, end, text]. The port comes after the description (checked), so it
  // moves by the two typed characters while they are there.
  if (port.offset < description.offset) throw new Error('the fixture has its routes before its secrets');
  return [
    ['type', end, end, 'o'],
    ['type', end + 1, end + 1, 'k'],
    ['port', port.offset + 2, portEnd + 2, changed],
    ['type', end + 1, end + 2, ''],
    ['type', end, end + 1, ''],
    ['port', port.offset, portEnd, portText],
  ];
}

/** Where completion is asked: the last route's key position (after its `{`), a token, a time zone. */
function completionPlaces(text) {
  const routes = offsetsOf(text, ['routes']);
  const route = routes.children.at(-1);
  const token = offsetsOf(text, ['channels', 'telegram', 'botToken']);
  const tz = offsetsOf(text, ['tasks', 0, 'schedule', 'tz']);
  return [
    { name: 'a key inside a route', offset: route.offset + 1 },
    { name: 'an env: value (botToken)', offset: token.offset + 1 },
    { name: 'a tz value', offset: tz.offset + 1 },
  ];
}

// ------------------------------------------------------------------------------------------------
// 1. Change -> diagnostics

const problems = [];
const notes = [];
const raw = { changes: {}, completions: {}, soak: {} };

async function measureChanges(server, name, text, timed, warmup) {
  const doc = new Doc(server, manifestFile(name, text), text);
  await doc.open();
  await server.diagnostics(doc.uri, 1);
  const cycle = editCycle(text);
  const samples = { type: { work: [], trip: [] }, port: { work: [], trip: [] } };
  let mismatched = 0;
  for (let i = 0; i < warmup + timed; i += 1) {
    const [kind, start, end, insert] = cycle[i % cycle.length];
    const { version, sent } = doc.change(start, end, insert);
    const t0 = doc.sentAt;
    await sent;
    const { at } = await server.diagnostics(doc.uri, version);
    const status = await server.status();
    if (i < warmup) continue;
    samples[kind].trip.push(at - t0);
    if (status.lastLint?.uri === doc.uri && status.lastLint.version === version) samples[kind].work.push(status.lastLint.millis);
    else mismatched += 1;
    progress(`${name}: edit ${i + 1 - warmup}/${timed}`);
  }
  progress('');
  if (doc.text !== text) problems.push(`${name}: the edit cycle did not restore the text`);
  if (mismatched) problems.push(`${name}: ${mismatched} status answers named another run than the change's`);
  await doc.close();
  raw.changes[name] = samples;
  return samples;
}

// ------------------------------------------------------------------------------------------------
// 2. Completion

async function measureCompletions(server, name, text, timed, warmup) {
  const doc = new Doc(server, manifestFile(`${name}-completion`, text), text);
  await doc.open();
  await server.diagnostics(doc.uri, 1);
  const rows = [];
  for (const place of completionPlaces(text)) {
    const trips = [];
    let items = 0;
    for (let i = 0; i < warmup + timed; i += 1) {
      const t0 = performance.now();
      const result = await server.request('textDocument/completion', { textDocument: { uri: doc.uri }, position: doc.position(place.offset) });
      const t = performance.now() - t0;
      items = Array.isArray(result) ? result.length : (result?.items?.length ?? 0);
      if (i >= warmup) trips.push(t);
    }
    rows.push({ fixture: name, place: place.name, items, ...stats(trips) });
    raw.completions[`${name}: ${place.name}`] = trips;
  }
  await doc.close();
  return rows;
}

// ------------------------------------------------------------------------------------------------
// 3. Soak

const FRAGMENTS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  ' ',
  '\n',
  '\n    ',
  '\r\n',
  '\t',
  'true',
  'false',
  'null',
  '0',
  '-1',
  '1e309',
  '18789',
  '5173',
  '"x"',
  '""',
  '"name": "x"',
  '"port": 3000,',
  '"path": "/app"',
  '"env:MY_SECRET"',
  '"env:',
  'env:',
  '"tz": "Europe/Lisbon"',
  '"tz": "Mars/Olympus"',
  '{ "kind": "cron", "expr": "*/5 * * * *" }',
  '"0 9 * * *"',
  '"* * *"',
  '"schedule": "0 9 * * 1-5",',
  '"everyMs": 60000',
  '"cid": "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"',
  '"__proto__": {}',
  '"routes": [{ "port": 18789 }]',
  '{ "name": "t", "prompt": "p", "schedule": "0 0 * * *" }',
  '// comment',
  '/* block */',
  '\\u0000',
  '\\"',
  'é',
  '🧠',
  '\ud83e',
  '\u0000',
  '\ufeff',
  '"' + 'a'.repeat(300) + '"',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz_-ABCXYZ0123456789 ';

async function soak(total) {
  const random = seededRandom(options.seed);
  const int = (n) => Math.floor(random() * n);
  const pick = (list) => list[int(list.length)];
  const server = new Server();
  await server.initialize();
  const doc = new Doc(server, manifestFile('soak', typicalPlus), typicalPlus);
  await doc.open();
  await server.diagnostics(doc.uri, 1);
  const history = []; // inverse edits: [start, end, text]
  const counts = { edits: 0, typed: 0, inserts: 0, deletes: 0, replaces: 0, pastes: 0, undos: 0, reverts: 0, completions: 0, hovers: 0, waited: 0, broken: 0 };
  const work = [];
  const trip = [];
  const answer = [];

  function apply(start, end, text) {
    const before = doc.text;
    const change = doc.change(start, end, text);
    history.push([change.start, change.start + text.length, before.slice(change.start, change.end)]);
    return change;
  }

  function undo() {
    const [start, end, text] = history.pop();
    counts.undos += 1;
    return doc.change(start, end, text);
  }

  /** Back to the original text in one change, as reverting the file does. */
  function revert() {
    history.length = 0;
    counts.reverts += 1;
    return doc.change(0, doc.text.length, typicalPlus);
  }

  /** Whether the client's copy parses without a syntax error (comments count as errors, as in the engine). */
  function parses() {
    const errors = [];
    parseTree(doc.text, errors, { disallowComments: true });
    return errors.length === 0;
  }

  /** Strings and numbers of the current text, when it parses: where typing keeps the JSON valid. */
  function leaves() {
    const out = [];
    const visit = (node) => {
      if (node.type === 'string' || node.type === 'number') out.push(node);
      for (const child of node.children ?? []) visit(child);
    };
    const tree = parseTree(doc.text, [], { disallowComments: true });
    if (tree) visit(tree);
    return out;
  }

  let brokenFor = 0;
  let patience = 1 + int(8);
  let repairing = false;

  /**
   * One edit. Typing inside strings and numbers keeps valid JSON valid; fragments, deletes,
   * replaces and pastes anywhere break it. After `patience` edits in a row with the JSON broken,
   * the edits are undone one at a time until it parses again (or the file is reverted), as a
   * person repairs what they broke.
   */
  function randomEdit() {
    const length = doc.text.length;
    // Edits fall after the official `$schema` line, which keeps the document an agent manifest:
    // the server lints nothing else, so a document edited into another format gets no diagnostics.
    const from = KEPT_PREFIX;
    const anywhere = () => from + int(length - from + 1);
    const valid = parses();
    brokenFor = valid ? 0 : brokenFor + 1;
    if (valid) repairing = false;
    else if (brokenFor > patience) repairing = true;
    if (history.length > 100 || (repairing && history.length === 0)) {
      repairing = false;
      patience = 1 + int(8);
      return revert();
    }
    if (repairing) return undo();
    if (history.length > 0 && random() < 0.08) return undo();
    // Valid JSON: mostly typing inside values; now and then an edit that breaks it.
    if (valid && random() < 0.75) {
      const candidates = leaves().filter((node) => node.offset >= from);
      if (candidates.length > 0) {
        counts.typed += 1;
        const node = pick(candidates);
        if (node.type === 'number') return apply(node.offset, node.offset + node.length, String(int(70000)));
        // Inside the quotes: type a few letters, or delete one character.
        const inner = node.length - 2;
        if (inner > 0 && random() < 0.3) {
          const at = node.offset + 1 + int(inner);
          if (!/[\\"\ud800-\udfff]/.test(doc.text.slice(at - 1, at + 1))) return apply(at, at + 1, '');
        }
        const at = node.offset + 1 + int(inner + 1);
        return apply(at, at, Array.from({ length: 1 + int(3) }, () => pick(LETTERS)).join(''));
      }
    }
    const r = random();
    if (r < 0.6 || length === 0) {
      counts.inserts += 1;
      const text = random() < 0.7 ? pick(FRAGMENTS) : Array.from({ length: 1 + int(8) }, () => pick(LETTERS)).join('');
      const at = anywhere();
      return apply(at, at, text);
    }
    if (r < 0.8) {
      counts.deletes += 1;
      const start = Math.min(anywhere(), length - 1);
      return apply(start, Math.min(length, start + 1 + int(random() < 0.9 ? 8 : 200)), '');
    }
    if (r < 0.96) {
      counts.replaces += 1;
      const start = Math.min(anywhere(), length - 1);
      return apply(start, Math.min(length, start + 1 + int(12)), pick(FRAGMENTS));
    }
    counts.pastes += 1;
    const copied = int(length);
    const slice = doc.text.slice(copied, copied + 1 + int(2000));
    const at = anywhere();
    return apply(at, at, slice);
  }

  async function step(measure) {
    const { version, sent } = randomEdit();
    const t0 = doc.sentAt;
    await sent;
    counts.edits += 1;
    // Mostly one change at a time; sometimes a burst, as fast typing sends.
    if (random() < 0.75) {
      const { at, syntax } = await server.diagnostics(doc.uri, version);
      counts.waited += 1;
      if (syntax) counts.broken += 1;
      if (measure) {
        trip.push(at - t0);
        const status = await server.status();
        if (status.lastLint?.version === version) work.push(status.lastLint.millis);
      }
    }
    const r = random();
    if (r < 0.1) {
      counts.completions += 1;
      const t = performance.now();
      await server.request('textDocument/completion', { textDocument: { uri: doc.uri }, position: doc.position(int(doc.text.length + 1)) });
      if (measure) answer.push(performance.now() - t);
    } else if (r < 0.2) {
      counts.hovers += 1;
      const t = performance.now();
      await server.request('textDocument/hover', { textDocument: { uri: doc.uri }, position: doc.position(int(doc.text.length + 1)) });
      if (measure) answer.push(performance.now() - t);
    }
  }

  /** Undo the edits still in the history, one change at a time, and wait for the last diagnostics. */
  async function restore() {
    while (history.length > 0) await undo().sent;
    if (doc.text !== typicalPlus) throw new Error('undoing every edit did not give the original text back');
    await server.diagnostics(doc.uri, doc.version);
  }

  async function heap() {
    await server.status(true);
    const status = await server.status(true);
    if (!status.collected) throw new Error('the server did not collect garbage (was it started with --expose-gc?)');
    return status;
  }

  const warmupEdits = options['soak-warmup'];
  const started = performance.now();
  for (let i = 0; i < warmupEdits; i += 1) await step(false);
  await restore();
  const afterWarmup = await heap();
  let done = 0;
  const deadline = performance.now() + SOAK_LIMIT_MS;
  const soakStart = performance.now();
  const before = { ...counts };
  for (; done < total && performance.now() < deadline; done += 1) {
    await step(true);
    if (done % 50 === 0) progress(`soak: edit ${done}/${total}`);
  }
  progress('');
  const soakSeconds = (performance.now() - soakStart) / 1000;
  const soakCounts = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v - before[k]]));
  await restore();
  const afterSoak = await heap();
  // Still answering: a completion and a hover on the restored document.
  const place = completionPlaces(typicalPlus)[2];
  const final = await server.request('textDocument/completion', { textDocument: { uri: doc.uri }, position: doc.position(place.offset) });
  const hover = await server.request('textDocument/hover', { textDocument: { uri: doc.uri }, position: doc.position(place.offset) });
  const alive = (final?.items?.length ?? 0) > 0 && hover !== null && server.exit === undefined;
  await doc.close();
  const errors = server.errors.slice();
  await server.stop();
  raw.soak = { work, trip, answer, counts: soakCounts, warmupEdits };
  return {
    done,
    total,
    soakSeconds,
    totalSeconds: (performance.now() - started) / 1000,
    counts: soakCounts,
    work,
    trip,
    answer,
    afterWarmup,
    afterSoak,
    alive,
    errors,
    warmupEdits,
  };
}

function progress(text) {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
}

// ------------------------------------------------------------------------------------------------
// Running and reporting

const verdict = (value, target) => (value === undefined ? 'n/a' : value < target ? 'PASS' : 'FAIL');

async function main() {
  if (!existsSync(SERVER)) throw new Error(`${rel(SERVER)} is missing (run npm run build)`);
  serverCopy = copyPackedLayout(join(workDir, 'package'));
  const info = machine();
  const report = { info, options, changeRows: [], completionRows: [], soak: undefined };

  const server = new Server();
  await server.initialize();
  for (const [name, text, timed, warmup, target] of [
    ['typical', typical, options.edits, 30, TARGET_TYPICAL_MS],
    ['large', large, options['large-edits'], 6, TARGET_LARGE_MS],
  ]) {
    const samples = await measureChanges(server, name, text, timed, warmup);
    const all = { work: [...samples.type.work, ...samples.port.work], trip: [...samples.type.trip, ...samples.port.trip] };
    for (const [label, s, isTotal] of [
      ['type or delete a character in a description', samples.type, false],
      ['change a route port', samples.port, false],
      ['all edits', all, true],
    ]) {
      const work = stats(s.work);
      const trip = stats(s.trip);
      report.changeRows.push({
        fixture: name,
        bytes: Buffer.byteLength(text),
        label,
        work,
        trip,
        target: isTotal ? target : undefined,
        verdict: isTotal ? verdict(work?.median, target) : '',
      });
    }
  }
  for (const [name, text] of [
    ['typical', typicalPlus],
    ['large', forCompletion(large)],
  ]) {
    report.completionRows.push(...(await measureCompletions(server, name, text, options.completions, 10)));
  }
  if (Buffer.byteLength(large) > 1_000_000) {
    notes.push(
      "large.json is above the JSON language service's limit (1,000,000 characters, language/json-service.ts): there keys come " +
        "from the schema directly (language/schema-keys.ts) and values from the server's own completions",
    );
  }
  if (server.errors.length)
    problems.push(`${server.errors.length} feature error(s) logged during the latency runs (first: ${server.errors[0].split('\n')[0]})`);
  for (const row of report.completionRows) if (row.items === 0) problems.push(`${row.fixture}: completion at ${row.place} returned no item`);
  await server.stop();

  report.soak = await soak(options.soak);
  const { afterWarmup, afterSoak } = report.soak;
  const allowed = Math.max(HEAP_SLACK_RATIO * afterWarmup.heapUsed, HEAP_SLACK_BYTES);
  const growth = afterSoak.heapUsed - afterWarmup.heapUsed;
  report.heap = { allowed, growth, verdict: growth <= allowed ? 'PASS' : 'FAIL' };
  report.soak.verdict = report.soak.alive && report.soak.done >= report.soak.total && report.soak.errors.length === 0 ? 'PASS' : 'FAIL';
  if (report.soak.errors.length)
    problems.push(`${report.soak.errors.length} feature error(s) logged during the soak (first: ${report.soak.errors[0].split('\n')[0]})`);
  return report;
}

function textTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

function changeCells(r) {
  return [
    r.fixture,
    r.label,
    String(r.work?.n ?? 0),
    fmt(r.work?.median),
    fmt(r.work?.p90),
    fmt(r.work?.max),
    fmt(r.trip?.median),
    fmt(r.trip?.p90),
    r.target === undefined ? '' : `< ${r.target}`,
    r.verdict,
  ];
}
const CHANGE_HEADER = [
  'fixture',
  'change -> diagnostics',
  'n',
  'work median ms',
  'work p90 ms',
  'work max ms',
  'round trip median ms',
  'round trip p90 ms',
  'target (work median)',
  'verdict',
];
const completionCells = (r) => [r.fixture, r.place, String(r.n), fmt(r.median), fmt(r.p90), fmt(r.max), String(r.items)];
const COMPLETION_HEADER = ['fixture', 'completion at', 'n', 'round trip median ms', 'p90 ms', 'max ms', 'items'];

function soakLines(report) {
  const s = report.soak;
  const work = stats(s.work);
  const answer = stats(s.answer);
  const c = s.counts;
  return [
    `Soak (typical.json with a channel and a zoned cron schedule, seed ${options.seed}): ${s.done} of ${s.total} random edits in ${s.soakSeconds.toFixed(1)} s ` +
      `after ${s.warmupEdits} warm-up edits (${c.typed} typed inside strings and numbers, ${c.inserts} inserts, ${c.deletes} deletes, ${c.replaces} replaces, ${c.pastes} pastes, ${c.undos} undos, ${c.reverts} reverts to the original; ` +
      `${c.waited} waited for their diagnostics, ${c.broken} of those with the JSON broken (a json-syntax finding); ` +
      `${c.completions} completions and ${c.hovers} hovers in between).`,
    `Soak work per diagnostics run: median ${fmt(work?.median)} ms, p90 ${fmt(work?.p90)} ms, max ${fmt(work?.max)} ms (n ${work?.n ?? 0}); ` +
      `completion/hover round trips: median ${fmt(answer?.median)} ms, p90 ${fmt(answer?.p90)} ms, max ${fmt(answer?.max)} ms.`,
    `Soak survival: ${s.alive ? 'the server stayed alive and answered a completion and a hover after the soak' : 'the server did NOT stay alive and answering'}; ` +
      `${s.errors.length} feature error(s) logged${s.errors.length ? ` (first: ${s.errors[0].split('\n')[0]})` : ''} — ${s.verdict}.`,
    `Heap after a forced GC, document restored to its original text: after warm-up ${mb(s.afterWarmup.heapUsed)}, after the soak ${mb(s.afterSoak.heapUsed)}, ` +
      `growth ${mb(report.heap.growth)}; allowed ${mb(report.heap.allowed)} (10% or 5 MB, whichever is larger) — ${report.heap.verdict}. ` +
      `RSS ${mb(s.afterWarmup.rss)} -> ${mb(s.afterSoak.rss)}.`,
  ];
}

/** One line with every target and its verdict. */
function verdictLine(report) {
  const total = (fixture) => report.changeRows.find((r) => r.fixture === fixture && r.target !== undefined);
  const typicalRow = total('typical');
  const largeRow = total('large');
  return (
    `Verdicts: typical change -> diagnostics work ${fmt(typicalRow.work?.median)} ms < ${TARGET_TYPICAL_MS} ms ${typicalRow.verdict}; ` +
    `large (1 MB) ${fmt(largeRow.work?.median)} ms < ${TARGET_LARGE_MS} ms ${largeRow.verdict}; ` +
    `soak of ${report.soak.done} edits survived ${report.soak.verdict}; heap growth ${mb(report.heap.growth)} <= ${mb(report.heap.allowed)} ${report.heap.verdict}.`
  );
}

function printReport(report) {
  const { info } = report;
  const lines = [];
  lines.push('', 'Language server (bench/server.mjs)');
  lines.push(`Machine: ${info.cpu}, ${info.cores} cores, ${info.memory}, ${info.os}; Node ${info.node}; load ${info.load}`);
  lines.push(
    "Work = the server's own time from receiving a change to diagnostics ready (agentManifest/status); round trip = change sent -> diagnostics received by the client.",
  );
  lines.push('');
  lines.push(...textTable(CHANGE_HEADER, report.changeRows.map(changeCells)));
  lines.push('');
  lines.push(...textTable(COMPLETION_HEADER, report.completionRows.map(completionCells)));
  lines.push('');
  lines.push(...soakLines(report));
  for (const n of notes) lines.push(`Note: ${n}.`);
  for (const p of problems) lines.push(`Problem: ${p}`);
  lines.push('', verdictLine(report));
  console.log(lines.join('\n'));
}

const SECTION_BEGIN = '<!-- language-server:begin -->';
const SECTION_END = '<!-- language-server:end -->';

function markdown(report) {
  const cell = (s) => String(s).replace(/\|/g, '\\|');
  const row = (cells) => `| ${cells.map(cell).join(' | ')} |`;
  const { info } = report;
  const out = [SECTION_BEGIN, '## Language server', ''];
  out.push(`Run ${new Date().toISOString()} by \`node bench/server.mjs\` (the last step of \`npm run bench\`).`, '');
  out.push(`Machine: ${info.cpu}, ${info.cores} cores, ${info.memory}, ${info.os}; Node ${info.node}; load average at start ${info.load}.`, '');
  out.push(
    'The built server over stdio, `debounceMs: 0`. Work is what the server measures itself (`agentManifest/status`: applying the ' +
      'incremental change, linting, converting to LSP diagnostics); the round trip is what the client sees from sending the change to ' +
      `receiving the diagnostics. ${options.edits} timed edits on typical.json and ${options['large-edits']} on large.json after warm-up, ` +
      `${options.completions} timed requests per completion place.`,
    '',
  );
  out.push(row(CHANGE_HEADER), row(CHANGE_HEADER.map((_, i) => (i < 2 || i === CHANGE_HEADER.length - 1 ? '---' : '---:'))));
  for (const r of report.changeRows) out.push(row(changeCells(r)));
  out.push('', row(COMPLETION_HEADER), row(COMPLETION_HEADER.map((_, i) => (i < 2 ? '---' : '---:'))));
  for (const r of report.completionRows) out.push(row(completionCells(r)));
  out.push('', ...soakLines(report).map((l) => `- ${l}`));
  for (const n of notes) out.push(`- Note: ${cell(n)}.`);
  for (const p of problems) out.push(`- Problem: ${cell(p)}`);
  out.push('', `**${verdictLine(report)}**`);
  out.push(SECTION_END);
  return out.join('\n');
}

function writeResults(report) {
  const file = writeResultsSection(resultsDir, markdown(report), SECTION_BEGIN, SECTION_END);
  writeFileSync(join(resultsDir, 'server.json'), `${JSON.stringify({ ...report, raw }, null, 2)}\n`);
  console.log(`\nWritten ${rel(file)} (section "Language server") and ${rel(join(resultsDir, 'server.json'))}.`);
}

let exitCode = 0;
try {
  const report = await main();
  printReport(report);
  writeResults(report);
  // A benchmark whose requests failed measured failures: it says so, and fails.
  if (problems.length > 0) {
    console.error(`bench/server: FAIL: ${problems.length} problem(s), listed above`);
    exitCode = 1;
  }
} catch (error) {
  console.error(`bench/server: ${error instanceof ServerGone ? 'FAIL: ' : ''}${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
