import pkg from '../package.json' with { type: 'json' };
import { parseCli } from './args.js';
// The mask alone, not the engine's entry: --help and --version do not load the rules.
import { readJsonEscapes } from '../rules/framework/escapes.js';
import { ReadingMask } from '../rules/framework/reading-mask.js';
import { oneLine } from '../report/terminal-text.js';
import { CliError } from './errors.js';
import { commandIo, type CommandIo, type Io } from './io.js';

/**
 * Runs the command line and returns the exit code; never throws. Every line on stderr passes
 * through the run's mask (see `commandIo`), the line a failure ends with too: an error's text
 * may quote what it failed on.
 */
export async function run(argv: string[], processIo: Io): Promise<number> {
  // Code frames, diffs and fix texts may quote secrets written with JSON escapes.
  const io = commandIo(processIo, new ReadingMask(readJsonEscapes));
  try {
    return await runUnsafe(argv, io);
  } catch (error) {
    try {
      if (error instanceof CliError) {
        io.stderr.write(`manifest-lint: ${oneLine(error.message)}\n`);
        return error.exitCode;
      }
      const message = error instanceof Error ? error.message : String(error);
      io.stderr.write(`manifest-lint: internal error: ${oneLine(message) || 'unknown'}\n`);
    } catch {
      // The mask itself failed (learning a file's secrets): the message may quote one, so none is shown.
      processIo.stderr.write('manifest-lint: internal error while masking the output; nothing more is shown\n');
    }
    return 2;
  }
}

async function runUnsafe(argv: string[], io: CommandIo): Promise<number> {
  if (argv[0] === 'cid' || argv[0] === 'skill') return runSkillCommand(argv, io);
  if (argv[0] === 'rule') return runRuleCommand(argv.slice(1), io);
  if (argv[0] === 'dev') return runDevCommand(argv.slice(1), io);
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

/** `manifest-lint rule <id>`: a rule's documentation page in the terminal. */
async function runRuleCommand(argv: string[], io: CommandIo): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    const { HELP } = await import('./help.js');
    io.stdout.write(HELP);
    return 0;
  }
  const { ruleCommand } = await import('./rule-command.js');
  return ruleCommand(argv, io);
}

/** `manifest-lint dev [folder]`: the lifecycle and the gateway run locally, only when asked. */
async function runDevCommand(argv: string[], io: CommandIo): Promise<number> {
  const { parseDevArgs } = await import('./dev-args.js');
  const options = parseDevArgs(argv);
  if (options.help) {
    const { HELP } = await import('./help.js');
    io.stdout.write(HELP);
    return 0;
  }
  const { devCommand } = await import('./dev-command.js');
  return devCommand(options, io);
}

/** `manifest-lint cid …` and `manifest-lint skill upload …` (SPEC section 15): no lint engine. */
async function runSkillCommand(argv: string[], io: CommandIo): Promise<number> {
  const { parseCidArgs, parseUploadArgs } = await import('./skill-args.js');
  const skillHelp = argv[0] === 'skill' && (argv[1] === '--help' || argv[1] === '-h');
  if (argv[0] === 'skill' && argv[1] !== 'upload' && !skillHelp) {
    throw new CliError(
      argv[1] === undefined || argv[1].startsWith('-') ? 'skill expects a command: upload (see --help)' : `unknown skill command: ${argv[1]} (use upload)`,
    );
  }
  const options = skillHelp ? undefined : argv[0] === 'cid' ? parseCidArgs(argv.slice(1)) : parseUploadArgs(argv.slice(2));
  if (!options || options.help) {
    const { HELP } = await import('./help.js');
    io.stdout.write(HELP);
    return 0;
  }
  if ('folder' in options) {
    const { uploadCommand } = await import('./upload-command.js');
    return uploadCommand(options, io);
  }
  const { cidCommand } = await import('./cid-command.js');
  return cidCommand(options, io);
}
