/**
 * What the server says besides its results — log lines, pop-ups and the messages of failed
 * requests — masked on the way out, whoever wrote it: every secret shape, and the secrets
 * of the files the server read for itself (its `logMask` learns config files as they are read).
 * Results are masked by each feature with its document's secrets (language/masking.ts); their
 * edits must keep the text they move, so they are not masked again here.
 */
import { Message, type MessageWriter } from 'vscode-languageserver';
import type { SecretMask } from '../rules/index.js';

/** Methods whose parameters a person reads: log lines and pop-ups. */
const SAID = new Set(['window/logMessage', 'window/showMessage', 'window/showMessageRequest']);

/** `writer`, with what the server says masked with `logMask`. */
export function maskingWriter(writer: MessageWriter, logMask: SecretMask): MessageWriter {
  return {
    get onError() {
      return writer.onError;
    },
    get onClose() {
      return writer.onClose;
    },
    write: (message) => writer.write(masked(message, logMask)),
    end: () => writer.end(),
    dispose: () => writer.dispose(),
  };
}

function masked(message: Message, logMask: SecretMask): Message {
  if ((Message.isNotification(message) || Message.isRequest(message)) && SAID.has(message.method)) {
    return { ...message, params: logMask.maskDeep(message.params) } as Message;
  }
  if (Message.isResponse(message) && message.error) {
    return { ...message, error: { ...message.error, message: logMask.mask(message.error.message) } } as Message;
  }
  return message;
}
