/**
 * A real VS Code for the tests: code-server (installed by `install-code-server.mjs`) serving a
 * workspace folder with the packaged `.vsix` installed, and Debian's Chromium, driven by
 * playwright-core, showing it. Each editor has its own user data, extensions and settings in a
 * temporary folder, removed when it stops.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM } from './editor-paths.mjs';

export interface EditorOptions {
  /** The code-server entry script (`out/node/entry.js`). */
  entry: string;
  vsix: string;
  /** The folder opened as the workspace. */
  workspace: string;
  /** User settings, besides those that keep the editor quiet (no welcome page, no telemetry). */
  settings?: Record<string, unknown>;
  /** Runs after the extension is installed, before the editor starts: to break it on purpose. */
  afterInstall?: (extensionDir: string) => void;
}

export interface Editor {
  page: Page;
  /** The installed extension's folder. */
  extensionDir: string;
  /** Closes the page, stops code-server and what it started, and gives every log file it wrote. */
  stop(): Promise<string>;
}

const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
};

/** The launch, kept as a promise: editors starting side by side share one Chromium. */
let browser: Promise<Browser> | undefined;

/** One Chromium per test file (each editor gets its own page). */
function theBrowser(): Promise<Browser> {
  browser ??= import('playwright-core').then(({ chromium }) => chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] }));
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const launched = browser;
  browser = undefined;
  await (await launched?.catch(() => undefined))?.close();
}

export async function startEditor(options: EditorOptions): Promise<Editor> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-manifest-vscode-'));
  const userData = path.join(home, 'user-data');
  const extensions = path.join(home, 'extensions');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...options.settings }, null, 2));
  // code-server writes a config file (with a generated password) under XDG_CONFIG_HOME.
  const env = { ...process.env, XDG_CONFIG_HOME: path.join(home, 'config'), XDG_DATA_HOME: path.join(home, 'data') };
  const common = ['--user-data-dir', userData, '--extensions-dir', extensions];
  execFileSync(process.execPath, [options.entry, ...common, '--install-extension', options.vsix], { env, stdio: 'pipe' });
  const extensionDir = path.join(extensions, fs.readdirSync(extensions).find((name) => name.startsWith('agent-manifest.'))!);
  options.afterInstall?.(extensionDir);

  const server = spawn(
    process.execPath,
    [
      options.entry,
      ...common,
      '--bind-addr',
      '127.0.0.1:0',
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      options.workspace,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await page?.close().catch(() => undefined);
    await killGroup(server);
  };
  let page: Page | undefined;
  try {
    const address = await listeningAddress(server);
    page = await (await theBrowser()).newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`http://${address}/?folder=${encodeURIComponent(options.workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view').waitFor({ timeout: 30_000 });
  } catch (error) {
    await stop();
    fs.rmSync(home, { recursive: true, force: true });
    throw error;
  }
  return {
    page,
    extensionDir,
    stop: async () => {
      await stop();
      const logs = readLogs(path.join(userData, 'logs'));
      fs.rmSync(home, { recursive: true, force: true });
      return logs;
    },
  };
}

/** The address code-server prints once it listens (it picks a free port). */
function listeningAddress(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`code-server did not start within 30 s:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /HTTP server listening on http:\/\/([\d.]+:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code}) before listening:\n${output}`));
    });
  });
}

/** Stops code-server and everything it started (extension host, language server). */
async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

function readLogs(dir: string): string {
  if (!fs.existsSync(dir)) return '';
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.log'));
  return files.map((name) => `== ${name}\n${fs.readFileSync(path.join(dir, name), 'utf8')}`).join('\n');
}
