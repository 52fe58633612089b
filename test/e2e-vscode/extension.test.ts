/**
 * The packaged extension in a real VS Code: code-server 4.100.3 in Debian's Chromium, driven by
 * playwright-core, the `.vsix` this build packs installed into it. What is asserted is what a user
 * sees: the Problems panel, hovers, the suggestion list, the text after a quick fix, fix-all and
 * formatting, notifications, and the extension host's log once the window is closed.
 *
 * Without the editor (see `install-code-server.mjs`) or Chromium the tests are skipped, except in
 * CI (`CI` set), where they fail: `.ci/run` installs both. A failing test leaves a screenshot in
 * `test-results/e2e-vscode/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { packagedVsix, ROOT } from '../client/vsix.js';
import { workspace } from '../workspace.js';
import { closeBrowser, startEditor, type Editor } from './code-server.js';
import { CHROMIUM, codeServerEntry, missingSystemTools } from './editor-paths.mjs';
import { unlessAvailable } from '../skipped.js';

const IN_CI = process.env.CI !== undefined && !['', '0', 'false'].includes(process.env.CI.toLowerCase());
const ENTRY = codeServerEntry();
const READY = unlessAvailable(
  ENTRY !== undefined && fs.existsSync(CHROMIUM),
  'the VS Code tests',
  'code-server (node test/e2e-vscode/install-code-server.mjs) and Chromium (apt-get install chromium ripgrep libkrb5-dev)',
);
const SCREENSHOTS = path.join(ROOT, 'test-results', 'e2e-vscode');

/** Four problems, each on a line of its own. */
const PROBLEMS = `{
  "version": 1,
  "agent": { "name": "Port Clash" },
  "scripts": { "start": "node server.js --port 18790" },
  "routes": [
    { "port": 18789, "path": "/app/", "protcted": true }
  ],
  "tasks": [
    {
      "name": "weekday-brief",
      "schedule": { "kind": "cron", "expr": "0 9 * * 1-5" },
      "payload": { "kind": "agentTurn", "text": "Summarise the news" }
    }
  ]
}
`;

/** A clean manifest with a secret and a channel, where completion is tried. */
const COMPLETE = `{
  "version": 1,
  "agent": { "name": "Helper" },
  "secrets": [{ "name": "TELEGRAM_BOT_TOKEN", "description": "Bot token" }, { "name": "OPS_API_KEY", "description": "Ops" }],
  "channels": { "telegram": { "botToken": "" } },
  "routes": [{ "port": 3000, "path": "/app" }]
}
`;

/** Two routes, the second one's path still to write. */
const ROUTES = `{
  "version": 1,
  "agent": { "name": "Two Apps" },
  "scripts": { "start": "node server.js" },
  "routes": [
    { "port": 3000, "path": "/app" },
    { "port": 3001, "path": "" }
  ]
}
`;

/** A browser extension's manifest, which this extension must leave to the built-in JSON support. */
const BROWSER_EXTENSION = `{
  "manifest_version": 3,
  "name": "Tab Saver",
  "version": "1.0.0",
  "permissions": ["tabs", "storage"]
}
`;

let brokenEditor: Promise<Editor> | undefined;
beforeAll(() => {
  if (!READY) return;
  brokenEditor = startBrokenEditor();
  // Its failure is reported by the test that awaits it.
  brokenEditor.catch(() => undefined);
});
afterAll(async () => {
  // Stopped by its test, unless that test did not run.
  await (await brokenEditor?.catch(() => undefined))?.stop();
  // One browser shows both editors.
  await closeBrowser();
});

describe.runIf(!READY && IN_CI)('the real-editor tests in CI', () => {
  it('have code-server and Chromium installed', () => {
    throw new Error(`missing: ${[...(ENTRY ? [] : ['code-server (node test/e2e-vscode/install-code-server.mjs)']), ...missingSystemTools()].join(', ')}`);
  });
});

// A real editor under a loaded CI machine: a minute for each step.
describe.runIf(READY)('the extension in a real VS Code', { timeout: 180_000 }, () => {
  let vsix: string;
  let folder: string;
  let editor: Editor;

  beforeAll(async () => {
    vsix = await packagedVsix();
    folder = workspace({
      'problems/manifest.json': PROBLEMS,
      'complete/manifest.json': COMPLETE,
      'paths/manifest.json': ROUTES,
      'format/manifest.json': '{"version":1,"agent":{"name":"Compact","description":"Written on one line"}}\n',
      'browser-extension/manifest.json': BROWSER_EXTENSION,
      'closing/manifest.json': PROBLEMS,
      // A README and no manifest at the root: where "New manifest" writes one.
      'README.md': '# Notes\n',
    });
    editor = await startEditor({ entry: ENTRY!, vsix, workspace: folder });
  }, 180_000);

  afterEach(async (context) => screenshotOnFailure(context, editor?.page));
  afterAll(async () => {
    await editor?.stop();
  });

  it('lists each finding of a manifest once in the Problems panel, with its rule id and place', async () => {
    const { page } = editor;
    await openFile(page, 'problems/manifest.json');
    const problems = await problemsOf(page, 'problems', 4);
    expect(problems.sort()).toEqual(['route-path-trailing-slash 6:30', 'route-port-reserved 6:15', 'start-port-mismatch 4:48', 'unknown-property 6:39']);
    await screenshotForDocs(page, 'problems', true);
  });

  it("shows the manifest's findings in the status bar, which opens the output on a click", async () => {
    const { page } = editor;
    await openFile(page, 'problems/manifest.json');
    const item = statusItem(page);
    await expect.poll(() => item.textContent()).toContain('Agent Manifest: 4');
    await item.click();
    await expect.poll(() => page.locator('.part.panel .composite-bar .action-item.checked').textContent()).toMatch(/output/i);
    await page.keyboard.press('Control+Shift+M');
  });

  it('shows manifests with their own file icon', async () => {
    const { page } = editor;
    await openFile(page, 'problems/manifest.json');
    const icon = page.locator('.tabs-container .tab.active .monaco-icon-label');
    // Run in the page, where `getComputedStyle` exists (this file is type-checked for Node).
    type Styles = { getComputedStyle(element: unknown, pseudo: string): { backgroundImage: string } };
    await expect
      .poll(() => icon.evaluate((label) => (globalThis as unknown as Styles).getComputedStyle(label, '::before').backgroundImage))
      .toContain('file-icon.png');
  });

  it('reads a cron expression in English on hover', async () => {
    const { page } = editor;
    await openFile(page, 'problems/manifest.json');
    await page.locator('.view-lines span', { hasText: '0 9 * * 1-5' }).last().hover();
    const hover = page.locator('.monaco-hover-content').last();
    await expect.poll(() => hover.textContent({ timeout: 10_000 }), { timeout: 15_000 }).toContain('Runs at 09:00, Monday through Friday');
    await screenshotForDocs(page, 'cron-hover');
  });

  it('applies a quick fix and fix-all, which change the text', async () => {
    const { page } = editor;
    await askForQuickFixes(page, 'problems');
    await page.locator('.action-widget', { hasText: 'Rename to `protected`' }).waitFor();
    await screenshotForDocs(page, 'quick-fix');
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page)).toContain('"protected": true');
    await runCommand(page, 'Agent Manifest: Fix all problems');
    await expect.poll(() => editorText(page)).toContain('"path": "/app",');
    // A guess is never part of fix-all: the reserved port stays until the user picks another.
    expect(await editorText(page)).toContain('"port": 18789');
  });

  it('completes the keys of a route and the env: names of the secrets', async () => {
    const { page } = editor;
    await openFile(page, 'complete/manifest.json');
    // Inside the route object, after its last property.
    await goTo(page, placeOf(COMPLETE, '"/app"', '"/app"'.length));
    await page.keyboard.type(', "');
    // Asked again until the server answers (before it has started, VS Code offers the document's words).
    await expect.poll(() => suggestions(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(['protected']));
    await page.keyboard.press('Escape');
    // Inside the bot token's quotes.
    await goTo(page, placeOf(COMPLETE, '"botToken": ""', '"botToken": "'.length));
    await page.keyboard.type('env:');
    await expect.poll(() => suggestions(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(['"env:TELEGRAM_BOT_TOKEN"', '"env:OPS_API_KEY"']));
    await page.keyboard.press('Escape');
  });

  it('completes a route path with none that another route uses', async () => {
    const { page } = editor;
    await openFile(page, 'paths/manifest.json');
    await goTo(page, placeOf(ROUTES, '"path": ""', '"path": "'.length));
    // The server's answer (schema examples), not the document's words, and not the path in use.
    await expect.poll(() => suggestions(page), { timeout: 20_000 }).toContain('"/api"');
    expect(await suggestions(page)).not.toContain('"/app"');
    await page.keyboard.press('Escape');
  });

  it('formats a manifest written on one line', async () => {
    const { page } = editor;
    await openFile(page, 'format/manifest.json');
    await runCommand(page, 'Format Document');
    // Indented as the editor's settings say (this file's: VS Code's default of 4 spaces).
    await expect.poll(() => editorText(page)).toMatch(/^\{\n {4}"version": 1,\n {4}"agent": \{\n {8}"name": "Compact",/);
  });

  it("leaves a browser extension's manifest.json to the JSON support, without a finding", async () => {
    const { page } = editor;
    await openFile(page, 'browser-extension/manifest.json');
    await expect.poll(() => page.locator('#status\\.editor\\.mode').textContent()).toBe('JSON');
    // Time for a lint, had there been one: the agent manifests' findings are still listed.
    await page.waitForTimeout(2_000);
    expect((await problemsIn(page, 'problems')).length).toBeGreaterThan(0);
    expect(await problemsIn(page, 'browser-extension')).toEqual([]);
  });

  it('"New manifest" writes a starter manifest at the folder\'s root, opens it, and it has no finding', async () => {
    const { page } = editor;
    await runCommand(page, 'Agent Manifest: New manifest');
    await expect.poll(() => fs.existsSync(path.join(folder, 'manifest.json')), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => editorText(page)).toContain('"name": "My Agent"');
    const item = statusItem(page);
    await expect.poll(() => item.locator('.codicon-check').count(), { timeout: 30_000 }).toBe(1);
    await screenshotForDocs(page, 'new-manifest');
    // Run again, it opens the manifest as it is. Closed first, so that only the command can show it.
    await runCommand(page, 'View: Close Editor');
    await expect.poll(() => editorText(page)).not.toContain('"name": "My Agent"');
    fs.writeFileSync(path.join(folder, 'manifest.json'), '{ "version": 1, "agent": { "name": "Kept" } }\n');
    await runCommand(page, 'Agent Manifest: New manifest');
    // Shown in the editor (the command's last step): it is done before the next one starts.
    await expect.poll(() => editorText(page), { timeout: 15_000 }).toContain('"Kept"');
    expect(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')).toContain('"Kept"');
  });

  it('"Validate template repository…" checks the folder as the template validator, and lists the findings', async () => {
    // The root now holds a manifest without `template` and a README, and no `workspace/`.
    const { page } = editor;
    await runCommand(page, 'Agent Manifest: Validate template repository…');
    // Read in the notification center, which keeps it: its toast hides by itself after a while,
    // sooner than a loaded machine may get to it.
    await runCommand(page, 'Notifications: Show Notifications');
    const summary = page.locator('.notifications-center .notification-list-item', { hasText: 'for the template validator' });
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toContain('2 errors for the template validator');
    await summary.locator('.monaco-button', { hasText: 'Show findings' }).click();
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([expect.stringContaining('template-metadata-missing'), expect.stringContaining('template-workspace-missing')]);
    await page.keyboard.press('Escape');
  });

  it('opens its walkthrough from "Welcome: Open Walkthrough…", the first step with its picture', async () => {
    const { page } = editor;
    await runCommand(page, 'Welcome: Open Walkthrough...');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with Agent Manifest' }).click();
    const walkthrough = page.locator('.gettingStartedContainer');
    await expect.poll(() => walkthrough.textContent(), { timeout: 20_000 }).toContain('Create a manifest');
    // The step's picture, by its alternative text, loaded (its source is set once it is shown).
    const picture = walkthrough.locator('img[alt*="A starter manifest.json"]');
    await expect.poll(() => picture.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    // Closed, as a user would: with focus in the walkthrough, Quick Open's key does not reach the workbench.
    await page.locator('.tabs-container .tab.active', { hasText: 'Walkthrough' }).locator('.codicon-close').click();
    await expect.poll(() => walkthrough.count()).toBe(0);
  });

  // Last: it closes the window, after everything above has run in it.
  it('leaves no error of the extension in the extension host log once the window is closed', async () => {
    // Requests in flight when the window goes: a hover and code actions.
    await askForQuickFixes(editor.page, 'closing');
    const extensionDir = editor.extensionDir;
    const logs = await editor.stop();
    // Ours: an error that names this extension or runs through its code. Built-in extensions log
    // errors of their own when the window goes (a language client writing to its closed output
    // channel, for one), which say nothing about this one.
    const ours = logEntries(logs).filter(
      (entry) => /\[error\]/.test(entry) && (/agent-manifest\.agent-manifest|Agent Manifest/.test(entry) || entry.includes(extensionDir)),
    );
    expect(ours).toEqual([]);
  });
});

describe.runIf(READY)('the extension with a server that cannot start', () => {
  // Stopped by the test, or by the file's afterAll when it fails.
  let editor: Editor | undefined;
  afterEach(async (context) => screenshotOnFailure(context, editor?.page));

  it('says so once, naming what failed, and offers the output', async () => {
    editor = await brokenEditor!;
    const { page } = editor;
    await openFile(page, 'manifest.json');
    const toasts = page.locator('.notifications-toasts .notification-toast', { hasText: 'Agent Manifest' });
    await expect.poll(() => toasts.count(), { timeout: 20_000 }).toBe(1);
    // Later attempts would add more: give them the time a restart takes.
    await page.waitForTimeout(5_000);
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().textContent()).toContain('the language server could not start');
    await expect.poll(() => toasts.first().locator('.monaco-button', { hasText: 'Show output' }).count()).toBe(1);
    // The status bar says the server is not running.
    const item = statusItem(page);
    await expect.poll(() => item.locator('.codicon-error').count()).toBe(1);
    await editor.stop();
    editor = undefined;
  }, 120_000);
});

/**
 * An editor whose language server throws as it starts. It starts with the file, beside the editor
 * of the tests above: starting mostly waits on code-server and the browser.
 */
async function startBrokenEditor(): Promise<Editor> {
  return startEditor({
    entry: ENTRY!,
    vsix: await packagedVsix(),
    workspace: workspace({ 'manifest.json': PROBLEMS }),
    afterInstall: (extensionDir) =>
      fs.writeFileSync(path.join(extensionDir, 'server', 'manifest-language-server.cjs'), "throw new Error('broken on purpose');\n"),
  });
}

/** The log's entries: each starts with a time stamp and goes on over the lines of its stack, up to the next entry or the next file. */
function logEntries(logs: string): string[] {
  const entries: string[] = [];
  for (const line of logs.split('\n')) {
    // A file's `== <path>` header ends the entry before it: an error logged last in one file is
    // not the next file's, whose path may name this extension.
    if (line.startsWith('== ')) entries.push('');
    else if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(line) || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += `\n${line}`;
  }
  return entries.filter((entry) => entry !== '');
}

/** Opens a file of the workspace by its path, through Quick Open. */
async function openFile(page: Page, relativePath: string): Promise<void> {
  const name = path.basename(relativePath);
  const folder = path.dirname(relativePath);
  await typeInQuickInput(page, 'Control+P', relativePath);
  // Files opened before come first in the list: pick the one in the folder asked for.
  let row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: name }) });
  if (folder !== '.') row = row.filter({ has: page.locator('.label-description', { hasText: folder }) });
  await row.first().click();
  const shown = folder === '.' ? name : `${folder}${name}`;
  await expect
    .poll(
      async () =>
        (await page.locator('.monaco-editor.focused').count()) > 0 && (await page.locator('.breadcrumbs-control').first().textContent())?.replace(/\s/g, ''),
    )
    .toContain(shown);
}

/**
 * Opens Quick Open, the Command Palette or "Go to Line" with its key and types `text` into it,
 * again until it takes: a key pressed while the workbench moves focus (an editor opening, a
 * notification) can be lost, and an input just shown may not take text yet.
 */
async function typeInQuickInput(page: Page, key: string, text: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  const attempt = async () => {
    await page.keyboard.press(key);
    await input.waitFor({ timeout: 2_000 });
    // Set on the input itself, not typed: if the workbench moves focus meanwhile (a document a
    // command opens late on a loaded machine), keys would land in the editor's text.
    await input.evaluate((element, value) => {
      const field = element as unknown as { value: string; dispatchEvent(event: unknown): boolean };
      field.value = value;
      field.dispatchEvent(new (globalThis as unknown as { Event: new (type: string, init: object) => unknown }).Event('input', { bubbles: true }));
    }, text);
  };
  await expect
    .poll(
      () =>
        attempt().then(
          () => true,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Opens `<folder>/manifest.json` (a copy of PROBLEMS), waits for its four findings (quick fixes
 * follow them), and asks for the quick fixes of the misspelt `protcted`.
 */
async function askForQuickFixes(page: Page, folder: string): Promise<void> {
  await openFile(page, `${folder}/manifest.json`);
  await problemsOf(page, folder, 4);
  await goTo(page, placeOf(PROBLEMS, '"protcted"', 2));
  await page.keyboard.press('Control+.');
}

/** The 1-based line and column of `needle` in `text`, plus `shift` characters. */
function placeOf(text: string, needle: string, shift = 0): [number, number] {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} is not in the text`);
  const before = text.slice(0, offset + shift).split('\n');
  return [before.length, before.at(-1)!.length + 1];
}

/** Moves the cursor with "Go to Line/Column" (1-based, as the status bar counts). */
async function goTo(page: Page, [line, column]: [number, number]): Promise<void> {
  await typeInQuickInput(page, 'Control+G', `:${line}:${column}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('#status\\.editor\\.selection').textContent()).toContain(`Ln ${line}, Col ${column}`);
}

/**
 * Runs a command from the Command Palette. Right after the window opens, the palette may not list
 * the extensions' commands yet: it is opened again until the command is there.
 */
async function runCommand(page: Page, title: string): Promise<void> {
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
    .first();
  // Again until the row is clicked: on a loaded machine the workbench may move focus (a document
  // a command opened late), which closes the palette between listing the row and the click.
  await expect
    .poll(
      async () => {
        await typeInQuickInput(page, 'F1', `>${title}`);
        // The row itself: the first row may be a recently used command that also matches.
        const clicked = await row.click({ timeout: 3_000 }).then(
          () => true,
          () => false,
        );
        if (!clicked) await page.keyboard.press('Escape');
        return clicked;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

/** The extension's status bar item, not the language mode (which also says "Agent Manifest"). */
function statusItem(page: Page) {
  return page.locator('.statusbar-item:not(#status\\.editor\\.mode)', { hasText: 'Agent Manifest' });
}

/** The document as the editor shows it (every line is rendered: the files are short). */
async function editorText(page: Page): Promise<string> {
  const lines = await page.locator('.monaco-editor.focused .view-lines .view-line').evaluateAll((elements) =>
    elements
      .map((element) => ({ top: parseFloat((element as unknown as { style: { top: string } }).style.top), text: element.textContent ?? '' }))
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text),
  );
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/** The labels of the suggestion list, opened (again) where the cursor is. */
async function suggestions(page: Page): Promise<string[]> {
  const rows = page.locator('.suggest-widget .monaco-list-row .label-name');
  if (await page.locator('.suggest-widget.visible').count()) await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Space');
  // "No suggestions." has no rows: an empty list.
  const shown = await rows
    .first()
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  return shown ? rows.allTextContents() : [];
}

/** The Problems panel's findings for files under `folder`, as "rule line:column". */
async function problemsIn(page: Page, folder: string): Promise<string[]> {
  const panel = page.locator('.markers-panel');
  if (!(await panel.isVisible())) await page.keyboard.press('Control+Shift+M');
  await panel.waitFor();
  return page.locator('.markers-panel .monaco-list-row').evaluateAll((rows, under) => {
    const found: string[] = [];
    let inFolder = false;
    for (const row of rows) {
      const text = row.textContent ?? '';
      const place = /agent-manifest\(?([a-z0-9-]+)\)?\s*\[Ln (\d+), Col (\d+)\]/.exec(text);
      if (!place) inFolder = (row.getAttribute('aria-label') ?? text).includes(under as string);
      else if (inFolder) found.push(`${place[1]} ${place[2]}:${place[3]}`);
    }
    return found;
  }, folder);
}

/** The same, once there are `count` of them. */
async function problemsOf(page: Page, folder: string, count: number): Promise<string[]> {
  await expect.poll(async () => (await problemsIn(page, folder)).length, { timeout: 30_000 }).toBe(count);
  return problemsIn(page, folder);
}

/**
 * With `UPDATE_SCREENSHOTS=1`, saves what the page shows of the editor (and the panel, when
 * `withPanel`) as `client/media/<name>.png`, the pictures of the extension's walkthrough. Other
 * runs take none, so the committed pictures change only when asked to.
 */
async function screenshotForDocs(page: Page, name: string, withPanel = false): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  // Hovers and menus fade in.
  await page.waitForTimeout(500);
  const parts = [page.locator('.part.editor'), ...(withPanel ? [page.locator('.part.panel')] : [])];
  const boxes = (await Promise.all(parts.map((part) => part.boundingBox()))).filter((box) => box !== null);
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  await page.screenshot({ path: path.join(ROOT, 'client', 'media', `${name}.png`), clip: { x: left, y: top, width: right - left, height: bottom - top } });
}

async function screenshotOnFailure(context: TestContext, page: Page | undefined): Promise<void> {
  if (context.task.result?.state !== 'fail' || !page || page.isClosed()) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${context.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
  await page.screenshot({ path: file }).catch(() => undefined);
  process.stderr.write(`screenshot of the failure: ${file}\n`);
}
