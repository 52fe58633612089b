/**
 * The playground: the manifest in a CodeMirror editor, talking LSP to the language server in a
 * Web Worker, the same server code as in VS Code. Findings show as squiggles and in the problems
 * list beside the editor; examples, share links, rule severities and downloads are this page's.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { formatDocument, formatKeymap, hoverTooltips, LSPClient, LSPPlugin } from '@codemirror/lsp-client';
import { EditorState, type Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { examples, firstExample } from 'playground:site-data';
import type * as lsp from 'vscode-languageserver-protocol';
import { HOLDS_SECRET_REQUEST, type HoldsSecretParams, type HoldsSecretResult } from '../protocol/holds-secret.js';
import { keyAwareCompletion } from './completion.js';
import { changesOf, Findings } from './findings.js';
import { renderProblems } from './problems.js';
import { SeverityPanel } from './severities.js';
import { shareFragment, textOfFragment } from './share.js';
import { workerTransport } from './worker-transport.js';

const URI = 'file:///manifest.json';
const FIX_ALL_KIND = 'source.fixAll.agentManifest';
const EXAMPLE_PREFIX = 'example=';

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const notice = element<HTMLParagraphElement>('notice');
const say = (message: string, tone: 'info' | 'warning' = 'info') => {
  notice.textContent = message;
  notice.dataset.tone = tone;
};

/** Measured by the page itself, for the browser test and the README's numbers. */
const timings = { firstDiagnosticsMs: undefined as number | undefined, keystrokeToSquigglesMs: [] as number[] };
const changedAt = new Map<number, number>();
Object.assign(window, { agentManifestPlayground: { timings } });

const findings = new Findings();
findings.onRefused = (message) => say(message, 'warning');
findings.onChange = (list, version) => {
  const now = performance.now();
  if (timings.firstDiagnosticsMs === undefined) timings.firstDiagnosticsMs = now;
  const changed = changedAt.get(version);
  if (changed !== undefined) {
    timings.keystrokeToSquigglesMs.push(now - changed);
    changedAt.delete(version);
  }
  renderProblems(element('problem-list'), element('problem-count'), list, (from) => {
    view.dispatch({ selection: { anchor: from }, scrollIntoView: true });
    view.focus();
  });
};

const client = new LSPClient({
  // Diagnostics as soon as the text changes: linting a manifest takes a few milliseconds.
  initializationOptions: { debounceMs: 0 },
  // The server's log is for editors' output panels.
  notificationHandlers: { 'window/logMessage': () => true },
}).connect(workerTransport(new Worker('worker.js')));

/**
 * The findings of the version just sent. The client declares pull diagnostics (so the server
 * does not push) but leaves pulling to the page.
 */
async function pullDiagnostics(): Promise<void> {
  const file = client.workspace.getFile(URI);
  if (!file) return;
  const version = file.version;
  const number = findings.request();
  const report = await client
    .request<lsp.DocumentDiagnosticParams, lsp.DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri: URI } })
    .catch(() => undefined);
  if (report?.kind === 'full') findings.publish(client, number, { uri: URI, version, diagnostics: report.items });
}

/** Each edit goes to the server at once (the client's own sync waits half a second). */
const syncEachChange = EditorView.updateListener.of((update) => {
  if (!update.docChanged) return;
  const plugin = LSPPlugin.get(update.view);
  if (!plugin) return;
  plugin.client.sync();
  const file = plugin.client.workspace.getFile(plugin.uri);
  if (file) changedAt.set(file.version, performance.now());
  void pullDiagnostics();
});

const view = new EditorView({
  parent: element('editor'),
  state: EditorState.create({
    doc: firstExample.text,
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      foldGutter(),
      drawSelection(),
      history(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      autocompletion({ override: [keyAwareCompletion] }),
      highlightActiveLine(),
      syntaxHighlighting(defaultHighlightStyle),
      json(),
      lintGutter(),
      client.plugin(URI, 'json'),
      hoverTooltips(),
      syncEachChange,
      EditorView.contentAttributes.of({ 'aria-label': 'manifest.json' }),
      keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap, ...formatKeymap]),
    ],
  }),
});

function setText(text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 } });
}

// The examples menu, and what the address asks to open.
const menu = element<HTMLSelectElement>('examples');
for (const example of examples) menu.add(new Option(example.title, example.slug));
menu.value = firstExample.slug;
menu.addEventListener('change', () => void openExample(menu.value));

async function openExample(slug: string): Promise<void> {
  const response = await fetch(`examples/${encodeURIComponent(slug)}.json`).catch(() => undefined);
  if (!response?.ok) {
    say(`There is no example named "${slug}".`, 'warning');
    return;
  }
  setText(await response.text());
  // A rule page's example is not in the menu: it names none, so any example can be picked again.
  menu.value = examples.some((example) => example.slug === slug) ? slug : '';
  window.history.replaceState(null, '', `#${EXAMPLE_PREFIX}${encodeURIComponent(slug)}`);
  say('');
}

async function openFromAddress(): Promise<void> {
  const fragment = location.hash;
  if (fragment.startsWith(`#${EXAMPLE_PREFIX}`)) return openExample(decodeURIComponent(fragment.slice(EXAMPLE_PREFIX.length + 1)));
  if (fragment.length > 1) {
    const text = await textOfFragment(fragment);
    if (text === undefined) say('This link does not hold a manifest the playground can read; the first example is open instead.', 'warning');
    else {
      setText(text);
      menu.value = '';
    }
  }
}
void openFromAddress();
window.addEventListener('hashchange', () => void openFromAddress());

// Share: the text goes into the link, unless it holds a secret. The text shared is the very
// version the server checked; one changed meanwhile is checked again on the next click.
element('share').addEventListener('click', async () => {
  client.sync();
  const plugin = LSPPlugin.get(view)!;
  const checked = plugin.syncedDoc;
  const { holdsSecret } = await client.request<HoldsSecretParams, HoldsSecretResult>(HOLDS_SECRET_REQUEST, { uri: URI });
  const field = element<HTMLInputElement>('share-link');
  if (plugin.syncedDoc !== checked) {
    say('The text changed while it was checked; share again.', 'warning');
    return;
  }
  if (holdsSecret) {
    field.hidden = true;
    say(
      'Not shared: the text holds a secret (a token or key), and a link would give it to everyone who sees it. Replace it with an env: reference first.',
      'warning',
    );
    return;
  }
  const fragment = await shareFragment(checked.toString());
  window.history.replaceState(null, '', fragment);
  field.value = location.href;
  field.hidden = false;
  field.select();
  const copied = await navigator.clipboard?.writeText(location.href).then(
    () => true,
    () => false,
  );
  say(copied ? 'The link is copied: it holds the whole text, so nothing is stored anywhere.' : 'The link holds the whole text, so nothing is stored anywhere.');
});

/**
 * The server's "Fix all problems" (every certain fix, as `--fix` applies them) for the text as
 * it is now: the edit, and the version of the text it applies to.
 */
async function fixAll(): Promise<{ plugin: LSPPlugin; doc: Text; edit: lsp.WorkspaceEdit | undefined }> {
  client.sync();
  const plugin = LSPPlugin.get(view)!;
  const doc = plugin.syncedDoc;
  const actions = await client.request<lsp.CodeActionParams, lsp.CodeAction[] | null>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: { start: { line: 0, character: 0 }, end: plugin.toPosition(doc.length, doc) },
    context: { diagnostics: [], only: [FIX_ALL_KIND] },
  });
  return { plugin, doc, edit: actions?.find((action) => action.kind === FIX_ALL_KIND)?.edit };
}

element('fix-all').addEventListener('click', async () => {
  const { plugin, doc, edit } = await fixAll();
  if (!edit) say('There is nothing to fix automatically; the problems list shows what is left and the suggestions to choose from.');
  else {
    findings.applyEdit(view, plugin, doc, edit);
    say('');
  }
});

element('download').addEventListener('click', async () => {
  const { plugin, doc, edit } = await fixAll();
  const fixed = changesOf(plugin, doc, edit).apply(doc).toString();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([fixed], { type: 'application/json' }));
  link.download = 'manifest.json';
  link.click();
  // Revoked once the browser has had time to start the download (at once, it may not).
  setTimeout(() => URL.revokeObjectURL(link.href), 30_000);
  say(edit ? 'Downloaded manifest.json with every certain fix applied.' : 'Downloaded manifest.json: there was nothing to fix automatically.');
});

element('format').addEventListener('click', () => {
  formatDocument(view);
  view.focus();
});

// Rule severities, kept in this browser and sent to the server as its settings.
const severities = new SeverityPanel(element('severity-list'), (rules) => {
  client.notification('workspace/didChangeConfiguration', { settings: { agentManifest: { rules } } });
  void pullDiagnostics();
});
const toggle = element<HTMLButtonElement>('severities-toggle');
toggle.addEventListener('click', () => {
  const panel = element('severities');
  panel.hidden = !panel.hidden;
  toggle.setAttribute('aria-expanded', String(!panel.hidden));
});
void client.initializing.then(() => severities.announce());
