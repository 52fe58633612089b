/**
 * Sends a file or folder to the storage API's upload endpoint (seed: platform interface 4.2):
 * `POST {upload_url}/v3/files`, `multipart/form-data`, authorised by a bearer token.
 *
 * The body is written here rather than by `FormData`, so that it streams from disk with an
 * exact `Content-Length` and its progress can be told: the form fields first, then one `file`
 * part a file, named with its path under the folder's name (`skill/SKILL.md`) as a browser's
 * folder upload names them; a single file keeps its own name.
 */
import crypto from 'node:crypto';
import { exchange, HttpAnswerError, HttpNetworkError, parseAnswer, statusError } from './http-exchange.js';
import { isUploadSourceError, readFilePieces, type UploadSource } from './upload-source.js';

// The errors an upload fails with, for the commands that load this module on demand.
export { HttpAnswerError, HttpNetworkError, HttpStatusError } from './http-exchange.js';

/** The path of the upload endpoint below `{upload_url}`. */
const UPLOAD_PATH = '/v3/files';
/** Pieces in which files are sent. */
const PIECE_SIZE = 1024 * 1024;

export interface UploadRequest {
  /** `{upload_url}`: scheme and host, with or without a trailing slash. */
  uploadUrl: string;
  token: string;
  /** Form fields sent before the files (`network`, `cid_version`, `name`). */
  fields: Readonly<Record<string, string>>;
  source: UploadSource;
  /** Called as file bytes are handed to the connection, with the count so far. */
  onBytesSent?: (bytesSent: number) => void;
  /** The request is given up when nothing moves for this long: no byte sent, no answer. */
  stallTimeoutMs: number;
}

/** The most of an answer read: the API's answers are a few hundred bytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** What the API answered (its `data`), as far as this tool relies on it. */
export interface StoredFile {
  cid: string;
  [field: string]: unknown;
}

/** The endpoint's URL for an `{upload_url}`. */
export function uploadEndpoint(uploadUrl: string): URL {
  return new URL(`${uploadUrl.replace(/\/+$/, '')}${UPLOAD_PATH}`);
}

export async function uploadSource(request: UploadRequest): Promise<StoredFile> {
  // Bounded: a host that takes the request and then stalls does not hold the command forever.
  const stalled = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const moved = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stalled.abort(), request.stallTimeoutMs);
  };
  moved();
  const stallReason = `nothing moved for ${request.stallTimeoutMs / 1000} s`;
  try {
    return await send(request, stalled.signal, moved);
  } catch (error) {
    if (stalled.signal.aborted) throw new HttpNetworkError(stallReason);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function send(request: UploadRequest, signal: AbortSignal, moved: () => void): Promise<StoredFile> {
  const body = multipartBody(request.fields, request.source, (sent) => {
    moved();
    request.onBytesSent?.(sent);
  });
  const answer = await exchange(
    uploadEndpoint(request.uploadUrl),
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${request.token}`,
        'Content-Type': `multipart/form-data; boundary=${body.boundary}`,
        'Content-Length': String(body.length),
        Accept: 'application/json',
      },
      body: body.stream,
      duplex: 'half',
      signal,
    } as RequestInit & { signal: AbortSignal },
    // A problem reading a file surfaces as the request's failure: it is rethrown as it is.
    { maxAnswerBytes: MAX_ANSWER_BYTES, onProgress: moved, isOwnFailure: isUploadSourceError },
  );
  if (!answer.ok) throw statusError(answer);
  const data = (parseAnswer(answer) as { data?: unknown } | null)?.data;
  const cid = (data as { cid?: unknown } | null | undefined)?.cid;
  if (typeof cid !== 'string' || cid === '') throw new HttpAnswerError('the answer has no `data.cid`');
  return { ...(data as Record<string, unknown>), cid };
}

interface MultipartBody {
  boundary: string;
  length: number;
  stream: ReadableStream<Uint8Array>;
}

/** `name` and `filename` as the HTML standard escapes them in `multipart/form-data`. */
function escapeName(name: string): string {
  return name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}

function multipartBody(fields: Readonly<Record<string, string>>, source: UploadSource, onBytesSent?: (bytesSent: number) => void): MultipartBody {
  const boundary = `----agent-manifest-${crypto.randomBytes(16).toString('hex')}`;
  const encoder = new TextEncoder();
  const parts: { head: Uint8Array; value?: Uint8Array; file?: UploadSource['files'][number] }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push({ head: encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n`), value: encoder.encode(value) });
  }
  for (const file of source.files) {
    const filename = source.kind === 'folder' ? `${source.name}/${file.path}` : source.name;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escapeName(filename)}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    parts.push({ head: encoder.encode(head), file });
  }
  const lineBreak = encoder.encode('\r\n');
  const closing = encoder.encode(`--${boundary}--\r\n`);
  const length = parts.reduce((sum, part) => sum + part.head.length + (part.value?.length ?? part.file!.size) + lineBreak.length, 0) + closing.length;

  let sent = 0;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      yield part.head;
      if (part.value) yield part.value;
      else {
        for await (const piece of readFilePieces(part.file!, PIECE_SIZE)) {
          yield piece;
          sent += piece.length;
          onBytesSent?.(sent);
        }
      }
      yield lineBreak;
    }
    yield closing;
  }
  const iterator = pieces();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return { boundary, length, stream };
}
