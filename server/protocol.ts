import { Transform, type TransformCallback } from 'node:stream';
import {
  createConnection,
  ErrorCodes,
  Message,
  ProposedFeatures,
  StreamMessageReader,
  StreamMessageWriter,
  type Connection,
  type NotificationMessage,
  type RequestMessage,
} from 'vscode-languageserver/node';
import type { SecretMask } from '../rules/index.js';
import { maskingWriter } from './masking-writer.js';

/**
 * Largest frame accepted. A manifest is read up to 4 MiB; escaped in JSON (every byte a `\u00xx`
 * at worst) its `didOpen` stays well under this.
 */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;
const MAX_HEADER_BYTES = 8192;

/** The server's connection, and how many messages it has taken off its queue so far. */
export interface ServerConnection {
  connection: Connection;
  messagesHandled(): number;
}

/**
 * A connection over byte streams that keeps the protocol's order: a request before `initialize`
 * is answered `ServerNotInitialized` (notifications then are dropped, but `exit`), and one after
 * `shutdown` is refused with `InvalidRequest`. A frame the reader cannot make sense of (no or a
 * bad `Content-Length`, or one larger than `MAX_FRAME_BYTES`) leaves the stream unreadable, so
 * `onBroken` is told why and is expected to end the process for the client to restart it. What
 * the server says besides results is masked with `logMask` (see masking-writer.ts).
 */
export function createServerConnection(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  onBroken: (reason: string) => void,
  logMask: SecretMask,
): ServerConnection {
  const frames = new FrameCheck(MAX_FRAME_BYTES, onBroken);
  input.pipe(frames);
  const writer = maskingWriter(new StreamMessageWriter(output), logMask);
  let state: 'new' | 'initialized' | 'shut down' = 'new';
  let handled = 0;
  const refuse = (request: RequestMessage, code: number, message: string) =>
    void writer.write({ jsonrpc: '2.0', id: request.id, error: { code, message } } as Message).catch(() => undefined);
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(frames), writer, {
    messageStrategy: {
      handleMessage(message, next) {
        handled += 1;
        if (Message.isRequest(message)) {
          if (state === 'new' && message.method !== 'initialize') {
            return refuse(message, ErrorCodes.ServerNotInitialized, `The server is not initialized: send initialize before ${message.method}.`);
          }
          if (state === 'shut down') {
            return refuse(message, ErrorCodes.InvalidRequest, `The server is shut down: ${message.method} is not served, only the exit notification is.`);
          }
          if (message.method === 'initialize') state = 'initialized';
          else if (message.method === 'shutdown') state = 'shut down';
        } else if (Message.isNotification(message) && state === 'new' && !isExit(message)) {
          return;
        }
        return next(message);
      },
    },
  });
  return { connection, messagesHandled: () => handled };
}

function isExit(message: NotificationMessage): boolean {
  return message.method === 'exit';
}

/**
 * Passes the byte stream through unchanged while following its frames, so that a broken header
 * or an oversized frame is noticed at once instead of leaving the reader waiting for ever.
 */
class FrameCheck extends Transform {
  private header = Buffer.alloc(0);
  /** Bytes of the current frame's body still to come; -1 while reading a header. */
  private bodyLeft = -1;
  private broken = false;

  constructor(
    private readonly maxFrame: number,
    private readonly onBroken: (reason: string) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.broken) return done();
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft >= 0) {
        const take = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= take;
        at += take;
        if (this.bodyLeft === 0) this.bodyLeft = -1;
        continue;
      }
      // A header is short: look at most that far, joined to what an earlier chunk left.
      const rest = Buffer.concat([this.header, chunk.subarray(at, at + MAX_HEADER_BYTES + 4)]);
      const end = rest.indexOf('\r\n\r\n');
      if (end === -1) {
        if (rest.length > MAX_HEADER_BYTES) return this.fail(`a frame header longer than ${MAX_HEADER_BYTES} bytes`, done);
        this.header = rest;
        break;
      }
      const reason = this.readHeader(rest.subarray(0, end).toString('ascii'));
      if (reason) return this.fail(reason, done);
      at += end + 4 - this.header.length;
      this.header = Buffer.alloc(0);
    }
    done(null, chunk);
  }

  /** Sets the body length from a header block, or says what is wrong with it. */
  private readHeader(block: string): string | undefined {
    let length: number | undefined;
    for (const line of block.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) return 'a frame header line without a name';
      if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
      const value = line.slice(colon + 1).trim();
      if (!/^\d{1,12}$/.test(value)) return 'a Content-Length that is not a number';
      length = Number(value);
    }
    if (length === undefined) return 'a frame without Content-Length';
    if (length > this.maxFrame) return `a frame of ${length} bytes, over the ${this.maxFrame}-byte limit`;
    this.bodyLeft = length === 0 ? -1 : length;
    return undefined;
  }

  private fail(reason: string, done: TransformCallback): void {
    this.broken = true;
    this.onBroken(reason);
    done();
  }
}
