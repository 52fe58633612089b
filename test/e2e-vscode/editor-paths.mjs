// Where the real-editor tests find what they drive, shared by the installer and the tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The last code-server release that runs on Node 20 (it embeds VS Code 1.100.3). */
export const CODE_SERVER_VERSION = '4.100.3';

/** Debian's Chromium: the tests never download a browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** The installed code-server, in a cache outside the repository (`AGENT_MANIFEST_E2E_CACHE` moves it). */
export function codeServerDir() {
  const cache = process.env.AGENT_MANIFEST_E2E_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'agent-manifest-e2e');
  return path.join(cache, `code-server-${CODE_SERVER_VERSION}`);
}

/** The command that starts the installed code-server, or undefined when it is not installed. */
export function codeServerEntry() {
  const dir = codeServerDir();
  return fs.existsSync(path.join(dir, '.complete')) ? path.join(dir, 'out', 'node', 'entry.js') : undefined;
}

/** Debian packages the install and the tests need that this machine lacks. */
export function missingSystemTools() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!onPath('rg')) missing.push('ripgrep');
  if (!fs.existsSync('/usr/include/krb5.h') && !fs.existsSync('/usr/include/krb5/krb5.h')) missing.push('libkrb5-dev');
  if (!fs.existsSync('/usr/include/node/node.h')) missing.push("Node's headers (/usr/include/node)");
  return missing;
}

function onPath(command) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
