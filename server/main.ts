import pkg from '../package.json' with { type: 'json' };
import { SecretMask } from '../rules/index.js';
import { describeError } from './errors.js';
import { createServerConnection } from './protocol.js';
import { diskFiles } from './disk-files.js';
import { SERVER_NAME, startServer } from './server.js';

const USAGE = `Usage: ${SERVER_NAME} --stdio

Language server for agent manifests: diagnostics with the manifest-lint
rules, completion, hover, quick fixes, outline, formatting, go to definition, rename and inlay
hints. It speaks the Language Server Protocol over standard input and output.
`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
} else if (args.includes('--version') || args.includes('-v')) {
  process.stdout.write(`${pkg.version}\n`);
} else {
  // Everything the server says outside its results (log lines, pop-ups, standard error) hides
  // every secret shape and the secrets of the files it read (see server/masking-writer.ts).
  const logMask = new SecretMask();
  const logLine = (line: string) => process.stderr.write(`${logMask.mask(line)}\n`);
  // Anything written to standard output that is not a protocol message would break the stream.
  console.log = console.info = console.warn = console.error = (...values: unknown[]) => logLine(values.map(String).join(' '));
  // Keep serving: one failed request must not take the editor's features down.
  process.on('uncaughtException', (error) => logLine(`${SERVER_NAME}: internal error: ${describeError(error)}`));
  process.on('unhandledRejection', (reason) => logLine(`${SERVER_NAME}: internal error: ${describeError(reason)}`));
  const onBroken = (reason: string) => {
    // The stream cannot be read past this frame: the client restarts a server that exits.
    logLine(`${SERVER_NAME}: the client sent ${reason}; the protocol stream is broken, exiting.`);
    process.exit(1);
  };
  const { connection, messagesHandled } = createServerConnection(process.stdin, process.stdout, onBroken, logMask);
  startServer(connection, { files: diskFiles(connection, logMask), messagesHandled });
  connection.listen();
}
