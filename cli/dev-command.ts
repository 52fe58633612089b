import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { MANIFEST_FILE, parseDocument } from '../rules/index.js';
import { maskFor } from '../rules/framework/masking.js';
import { describeRoute } from '../dev/gateway.js';
import { EnvFileError, parseEnvFile, scriptEnvironment, secretValues, type EnvFile, type SecretValues } from '../dev/environment.js';
import { devPlan, type DevPlan } from '../dev/plan.js';
import { BUILD_LOG, LOG_FOLDER, runSession, START_LOG } from '../dev/session.js';
import { fileErrorReason } from '../io/paths.js';
import type { DevOptions } from './dev-args.js';
import { CliError } from './errors.js';
import type { CommandIo } from './io.js';
import { readTextFile } from './read.js';

/** Shorter values of a declared secret are not hidden in output (see where they are learned). */
const MIN_MASKED_VALUE = 8;
/** The gateway listens on loopback only: what it forwards to is for this machine's user. */
const GATEWAY_HOST = '127.0.0.1';
const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * `manifest-lint dev [folder]`: prints the plan (the scripts, their folder, the routes, the
 * gateway, the secrets by name), runs nothing without a yes, then runs the lifecycle and the
 * gateway as the platform would (dev/session.ts). Every line goes through the run's mask, which
 * knows the manifest's secrets and the values given for the declared ones.
 */
export async function devCommand(options: DevOptions, io: CommandIo): Promise<number> {
  if (process.platform === 'win32') {
    throw new CliError(
      'dev is not supported on Windows: it runs the scripts with /bin/sh in process groups, as the platform (Linux) does; run it on Linux or macOS, or in WSL',
    );
  }
  const { folder, manifest } = locate(options.path, io.cwd);
  const doc = parseDocument(readTextFile(manifest, path.relative(io.cwd, manifest) || MANIFEST_FILE).text);
  io.mask.merge(maskFor(doc));
  const print = (text: string) => io.stdout.write(`${io.mask.mask(text)}\n`);

  const plan = devPlan(doc, options.gatewayPort);
  const envFile = options.envFile === undefined ? undefined : readEnvFile(path.resolve(io.cwd, options.envFile), options.envFile);
  // A declared secret's value is hidden wherever a script's log quotes it, but one too short to
  // tell from ordinary text (`1`, `dev`) would hide ports, words and paths with it: it is said.
  // The env file's other values are searched for secrets' shapes, as any text is.
  for (const value of envFile?.values.values() ?? []) io.mask.learn(value);
  const secrets = secretValues(plan.secrets, io.env, envFile);
  const unmaskable: string[] = [];
  for (const [name, value] of secrets.values) {
    if (value.length >= MIN_MASKED_VALUE) io.mask.add(value);
    else unmaskable.push(name);
  }

  printPlan(plan, secrets, { folder, options, print });
  if (plan.refusals.length > 0 || secrets.missing.length > 0) {
    for (const refusal of plan.refusals) print(`error: ${refusal}`);
    for (const name of secrets.missing)
      print(`error: the required secret ${name} is not set (in the environment${options.envFile === undefined ? '' : ' or the env file'})`);
    print('Nothing was run.');
    return 1;
  }
  for (const name of secrets.unset) print(`note: the optional secret ${name} is not set: the scripts run without it`);
  for (const name of secrets.undeclared) print(`note: ${name} in the env file is not a declared secret: the scripts do not get it`);
  for (const name of unmaskable)
    print(
      `note: the value of ${name} is shorter than ${MIN_MASKED_VALUE} characters, too short to hide in what the scripts print without hiding ordinary text too`,
    );

  if (!options.yes && !(await confirmed(io))) {
    print('Nothing was run.');
    return 2;
  }

  const token = options.gatewayToken ?? randomBytes(24).toString('base64url');
  io.mask.add(token);
  const { stopRequest, release } = stopOnSignals();
  try {
    return await runSession(
      plan,
      {
        folder,
        env: scriptEnvironment(io.env, secrets.values),
        buildTimeoutMs: options.buildTimeoutS * 1000,
        readyTimeoutMs: options.readyTimeoutS * 1000,
        gatewayHost: GATEWAY_HOST,
        gatewayPort: options.gatewayPort,
        token,
        tokenGenerated: options.gatewayToken === undefined,
        check: options.check,
      },
      // The token's one line is written as it is: the mask knows it, and hides it everywhere else.
      { line: print, tokenLine: (text) => io.stdout.write(`${text}\n`) },
      stopRequest,
    );
  } finally {
    release();
  }
}

/** The folder and its manifest, from a folder or the manifest's own path. */
function locate(given: string, cwd: string): { folder: string; manifest: string } {
  const resolved = path.resolve(cwd, given);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch (error) {
    throw new CliError(`cannot read ${given}: ${fileErrorReason(error)}`);
  }
  if (!stat.isDirectory()) return { folder: path.dirname(resolved), manifest: resolved };
  const manifest = path.join(resolved, MANIFEST_FILE);
  if (!fs.existsSync(manifest)) throw new CliError(`${given} holds no ${MANIFEST_FILE}: dev runs the folder of an agent's manifest`);
  return { folder: resolved, manifest };
}

function readEnvFile(file: string, shown: string): EnvFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${shown}: ${fileErrorReason(error)}`);
  }
  try {
    return parseEnvFile(text);
  } catch (error) {
    if (error instanceof EnvFileError) throw new CliError(`${shown}: ${error.message}`);
    throw error;
  }
}

function printPlan(plan: DevPlan, secrets: SecretValues, context: { folder: string; options: DevOptions; print: (text: string) => void }): void {
  const { folder, options, print } = context;
  const rows: [string, string[]][] = [
    ['build', plan.build === undefined ? ['(none)'] : [plan.build, `timeout ${options.buildTimeoutS} s, log ${path.join(LOG_FOLDER, BUILD_LOG)}`]],
    ['start', plan.start === undefined ? ['(none)'] : [plan.start, `after a successful build, detached, no timeout, log ${path.join(LOG_FOLDER, START_LOG)}`]],
    ['routes', plan.routes.length === 0 ? ['(none)'] : plan.routes.map(describeRoute)],
    [
      'gateway',
      [`http://${GATEWAY_HOST}:${options.gatewayPort === 0 ? '<a free port>' : options.gatewayPort}, the prefix stripped before a request reaches its port`],
    ],
    [
      'secrets',
      plan.secrets.length === 0
        ? ['(none)']
        : plan.secrets.map(({ name, required }) => `${name} (${required ? 'required' : 'optional'}; ${sourceText(secrets, name)})`),
    ],
  ];
  print(`manifest-lint dev: the plan for ${path.join(folder, MANIFEST_FILE)}`);
  print(`  folder   ${folder} (build and start run here)`);
  for (const [label, lines] of rows) lines.forEach((line, index) => print(`  ${(index === 0 ? label : '').padEnd(8)} ${line}`));
}

function sourceText(secrets: SecretValues, name: string): string {
  const source = secrets.sources.get(name);
  return source === undefined ? 'not set' : `from the ${source}`;
}

/** Asks on a terminal; anything but yes is no. Without a terminal there is no one to ask. */
async function confirmed(io: CommandIo): Promise<boolean> {
  const stdin = (io.stdin ?? process.stdin) as NodeJS.ReadableStream & { isTTY?: boolean };
  if (!stdin.isTTY) {
    throw new CliError('standard input is not a terminal, so there is no one to ask: pass --yes to run the plan above');
  }
  const reader = createInterface({ input: stdin, output: process.stderr });
  try {
    const answer = await new Promise<string>((resolve) => reader.question('Run build and start as above? [y/N] ', resolve));
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    reader.close();
  }
}

/** A promise that settles on Ctrl+C, SIGTERM or SIGHUP, while the handlers are installed. */
function stopOnSignals(): { stopRequest: Promise<void>; release: () => void } {
  let settle!: () => void;
  const stopRequest = new Promise<void>((resolve) => (settle = resolve));
  const onSignal = () => settle();
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return { stopRequest, release: () => STOP_SIGNALS.forEach((signal) => process.off(signal, onSignal)) };
}
