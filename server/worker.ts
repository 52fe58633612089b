// The language server in a browser's Web Worker (the playground): the same features as over
// stdio, through the worker's messages, with no files to read.
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { SecretMask } from '../rules/index.js';
import { maskingWriter } from './masking-writer.js';
import { startServer } from './server.js';
import { NO_FILES } from './workspace-files.js';

/** The worker's global scope, as far as the connection uses it (Node's types have none). */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0] & {
  addEventListener(type: 'message', listener: () => void): void;
};

let handled = 0;
// Counted as they arrive, so that a long lint gives way while requests keep coming.
self.addEventListener('message', () => {
  handled++;
});
// No files are read here: what the server says is searched for secret shapes.
const connection = createConnection(new BrowserMessageReader(self), maskingWriter(new BrowserMessageWriter(self), new SecretMask()));
startServer(connection, { files: NO_FILES, messagesHandled: () => handled });
connection.listen();
