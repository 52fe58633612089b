// `node test/e2e-vscode/install-code-server.mjs`: installs the real editor the tests in this folder
// drive — code-server (VS Code in a browser), the last release that runs on Node 20 — into a cache
// outside the repository, once. It prints the folder; a second run finds it and does nothing.
//
// code-server's own install script cannot run here: it downloads ripgrep from GitHub and fetches
// prebuilt native modules, and this machine reaches only the npm registry and Debian. So the steps
// are done one by one: the package from the registry, its locked dependencies without scripts,
// the native modules compiled against the installed Node's headers (`/usr/include/node`; Debian's
// `libkrb5-dev` for kerberos), and Debian's `ripgrep` where VS Code looks for its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { codeServerDir, CODE_SERVER_VERSION, missingSystemTools } from './editor-paths.mjs';

const target = codeServerDir();
const complete = path.join(target, '.complete');

if (fs.existsSync(complete)) {
  process.stdout.write(`${target}\n`);
  process.exit(0);
}

const missing = missingSystemTools();
if (missing.length > 0) {
  process.stderr.write(`install-code-server: missing ${missing.join(', ')} (Debian: apt-get install -y chromium ripgrep libkrb5-dev)\n`);
  process.exit(1);
}

const started = Date.now();
const STEPS = 6;
let done = 0;
/** Says on stderr which step runs, as the install takes a minute or more and prints nothing else. */
function step(what) {
  done += 1;
  process.stderr.write(`install-code-server: [${done}/${STEPS}] ${what} (${Math.round((Date.now() - started) / 1000)} s so far)\n`);
}

/** Runs a command, its output shown only when it fails. */
function run(command, args, cwd, env = {}) {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    process.stderr.write(`install-code-server: \`${command} ${args.join(' ')}\` failed in ${cwd}\n${error.stdout ?? ''}${error.stderr ?? ''}\n`);
    process.exit(1);
  }
}

const partial = `${target}.partial`;
fs.rmSync(partial, { recursive: true, force: true });
fs.mkdirSync(partial, { recursive: true });

// The package, verified by npm against the registry's integrity hash.
step(`fetching code-server ${CODE_SERVER_VERSION} from the npm registry into ${partial}`);
run('npm', ['pack', `code-server@${CODE_SERVER_VERSION}`, '--silent'], partial);
const tarball = path.join(partial, `code-server-${CODE_SERVER_VERSION}.tgz`);
run('tar', ['xzf', tarball, '--strip-components=1'], partial);
fs.rmSync(tarball);

// Dependencies as the package's shrinkwrap files lock them; no install scripts (they download).
// VS Code's shrinkwrap lacks one entry its package.json asks for, which `npm ci` refuses: there
// `npm install` keeps every locked version and resolves the missing one.
const vscode = path.join(partial, 'lib', 'vscode');
const quiet = ['--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
step("installing code-server's locked dependencies");
run('npm', ['ci', ...quiet], partial);
step("installing VS Code's locked dependencies");
run('npm', ['install', ...quiet], vscode);

// Native modules, compiled with npm's own node-gyp against the installed Node's headers.
const nodeGyp = path.join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
step('compiling the native modules against this Node.js');
const gyp = (dir, extra = []) => run(process.execPath, [nodeGyp, 'rebuild', '--nodedir=/usr', '-j', 'max', ...extra], dir);
for (const name of ['@vscode/deviceid', '@vscode/spdlog', 'kerberos', 'native-watchdog', 'node-pty']) gyp(path.join(vscode, 'node_modules', name));
// argon2 (password hashing, loaded at start even without a password) is built for node-pre-gyp.
const argon2 = path.join(partial, 'node_modules', 'argon2');
const argon2Binding = path.join(argon2, 'lib', 'binding', 'napi-v3');
gyp(argon2, ['--module_name=argon2', `--module_path=${argon2Binding}`, '--napi_build_version=3']);

step("linking Debian's ripgrep and what code-server's install script links");
// What code-server's install script links: VS Code reads its modules through `node_modules.asar`.
const ripgrepBin = path.join(vscode, 'node_modules', '@vscode', 'ripgrep', 'bin');
fs.mkdirSync(ripgrepBin, { recursive: true });
fs.symlinkSync(execFileSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).trim(), path.join(ripgrepBin, 'rg'));
fs.symlinkSync('node_modules', path.join(vscode, 'node_modules.asar'));
fs.symlinkSync('code-linux.sh', path.join(vscode, 'bin', 'remote-cli', 'code-server'));
fs.symlinkSync('browser-linux.sh', path.join(vscode, 'bin', 'helpers', 'browser.sh'));

// It starts: the version it prints last is the one asked for (before it, a note on the config
// file it writes, kept out of the user's home).
step('checking that it starts');
const config = fs.mkdtempSync(path.join(os.tmpdir(), 'code-server-config-'));
const printed = execFileSync(process.execPath, [path.join(partial, 'out', 'node', 'entry.js'), '--version'], {
  encoding: 'utf8',
  env: { ...process.env, XDG_CONFIG_HOME: config },
});
fs.rmSync(config, { recursive: true, force: true });
const version = printed.trim().split('\n').at(-1) ?? '';
if (!version.startsWith(`${CODE_SERVER_VERSION} `)) {
  process.stderr.write(`install-code-server: the installed code-server says ${JSON.stringify(version.trim())}\n`);
  process.exit(1);
}
fs.writeFileSync(path.join(partial, '.complete'), `${version}\n`);
fs.rmSync(target, { recursive: true, force: true });
fs.renameSync(partial, target);
process.stderr.write(`install-code-server: installed code-server ${CODE_SERVER_VERSION} in ${Math.round((Date.now() - started) / 1000)} s, into:\n`);
process.stdout.write(`${target}\n`);
