import pkg from '../package.json' with { type: 'json' };
import { parseCli } from './args.js';
import { CliError, oneLine } from './errors.js';
import type { Io } from './io.js';

/** Runs the command line and returns the exit code; never throws. */
export async function run(argv: string[], io: Io): Promise<number> {
  try {
    return await runUnsafe(argv, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`manifest-lint: ${oneLine(error.message)}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`manifest-lint: internal error: ${oneLine(message) || 'unknown'}\n`);
    return 2;
  }
}

async function runUnsafe(argv: string[], io: Io): Promise<number> {
  if (argv[0] === 'cid') return runSkillCommand(argv, io);
  const template = argv[0] === 'template';
  const options = parseCli(template ? argv.slice(1) : argv, { template });
  if (options.help) {
    const { HELP } = await import('./help.js');
    io.stdout.write(HELP);
    return 0;
  }
  if (options.version) {
    io.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  // Everything else needs the engine, loaded only now.
  if (options.template && !options.listRules && !options.printSchema && !options.printConfig) {
    const { templateCommand } = await import('./template-command.js');
    return templateCommand(options, io);
  }
  const { lintCommand } = await import('./lint-command.js');
  return lintCommand(options, io);
}

/** `manifest-lint cid …` (SPEC section 15): no lint engine. */
async function runSkillCommand(argv: string[], io: Io): Promise<number> {
  const { parseCidArgs } = await import('./skill-args.js');
  const options = parseCidArgs(argv.slice(1));
  if (options.help) {
    const { HELP } = await import('./help.js');
    io.stdout.write(HELP);
    return 0;
  }
  const { cidCommand } = await import('./cid-command.js');
  return cidCommand(options, io);
}
