import pkg from '../package.json' with { type: 'json' };
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
  // Anything written to standard output that is not a protocol message would break the stream.
  console.log = console.info = (...values: unknown[]) => process.stderr.write(`${values.map(String).join(' ')}\n`);
  // Keep serving: one failed request must not take the editor's features down.
  process.on('uncaughtException', (error) => process.stderr.write(`${SERVER_NAME}: internal error: ${describeError(error)}\n`));
  process.on('unhandledRejection', (reason) => process.stderr.write(`${SERVER_NAME}: internal error: ${describeError(reason)}\n`));
  const { connection, messagesHandled } = createServerConnection(process.stdin, process.stdout, (reason) => {
    // The stream cannot be read past this frame: the client restarts a server that exits.
    process.stderr.write(`${SERVER_NAME}: the client sent ${reason}; the protocol stream is broken, exiting.\n`);
    process.exit(1);
  });
  startServer(connection, { files: diskFiles(connection), messagesHandled });
  connection.listen();
}
