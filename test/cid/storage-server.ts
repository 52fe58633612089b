/**
 * A storage API on 127.0.0.1 for the upload tests, as the seed documents it (platform interface
 * 4.2 and 2.1): `POST /v3/files`, `multipart/form-data` parsed by Node's own `Request.formData()`,
 * a bearer token, `cid_version` choosing the profile, and `{ data: <stored file> }` back with
 * the CID of what it received, computed with the same profile. It can be told to answer an
 * error status, a wrong CID, or an error that quotes the request's token.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { cidOfContent, cidOfFiles } from '../../io/unixfs-cid.js';
import { isCidProfile } from '../../rules/index.js';
import { answerJson, stall, startLocalHttpServer } from '../local-http-server.js';

/**
 * What the next requests get: the contract, an error status, a given CID (one the IPFS projects
 * published for the content sent: the real API's answer, known without this project's own
 * hashing; or `WRONG_CID`), the content's CID written as a CIDv1 (for a `v0` upload), an error
 * that quotes the token, no answer at all (the request is read, then nothing), or an answer of 2 MiB.
 */
export type Answer = 'contract' | { status: number } | { published: string } | 'as-cidv1' | 'quote-token' | 'stall' | 'huge';

export interface ReceivedUpload {
  authorization: string | undefined;
  contentLength: number;
  fields: Record<string, string>;
  files: { name: string; size: number }[];
}

export interface StorageServer {
  url: string;
  received: ReceivedUpload[];
  answer: Answer;
  close(): Promise<void>;
}

/** A CID that is not a skill's: the empty folder's. */
export const WRONG_CID = 'bafybeiczsscdsbs7ffqz55asqdf3smv6klcw3gofszvwlyarci47bgf354';

export async function startStorageServer(token: string): Promise<StorageServer> {
  const state: StorageServer = { url: '', received: [], answer: 'contract', close: async () => {} };
  const server = await startLocalHttpServer((request, response) => {
    if (state.answer === 'stall') {
      stall(request);
      return;
    }
    if (state.answer === 'huge') {
      request.resume();
      request.on('end', () => answerJson(response, 200, `"${'x'.repeat(2 * 1024 * 1024)}"`));
      return;
    }
    handle(request, token, state).then(
      ({ status, body }) => answerJson(response, status, body),
      (error: unknown) => answerJson(response, 500, `test server failed: ${String(error)}`),
    );
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}

async function handle(request: http.IncomingMessage, token: string, state: StorageServer): Promise<{ status: number; body: unknown }> {
  if (request.method !== 'POST' || request.url !== '/v3/files') return { status: 404, body: { error: 'not found' } };
  const authorization = request.headers.authorization;
  const form = await new Request(`${state.url}${request.url}`, {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: Readable.toWeb(request) as ReadableStream,
    duplex: 'half',
  } as RequestInit).formData();
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    else if (name === 'file') files.push(value);
  }
  state.received.push({
    authorization,
    contentLength: Number(request.headers['content-length']),
    fields,
    files: files.map((file) => ({ name: file.name, size: file.size })),
  });

  const answer = state.answer;
  if (answer === 'quote-token') return { status: 400, body: { error: { reason: 'BAD_REQUEST', details: `cannot use ${authorization}` } } };
  if (typeof answer === 'object' && 'status' in answer)
    return { status: answer.status, body: { error: { reason: 'TEST', details: `told to answer ${answer.status}` } } };
  if (authorization !== `Bearer ${token}`) return { status: 401, body: { error: { reason: 'UNAUTHORIZED' } } };
  if (files.length === 0) return { status: 400, body: { error: { reason: 'NO_FILE' } } };
  const profile = fields.cid_version ?? 'v1';
  if (!isCidProfile(profile)) return { status: 400, body: { error: { reason: 'BAD_CID_VERSION' } } };

  // A folder upload names every file below one folder; that folder's node is the upload's CID.
  const folder = files[0]!.name.includes('/') ? files[0]!.name.split('/')[0]! : undefined;
  const contents = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
  const cid =
    folder === undefined
      ? await cidOfContent(contents[0]!, profile)
      : await cidOfFiles(
          files.map((file, i) => ({ path: file.name.slice(folder.length + 1), content: contents[i]! })),
          profile,
        );
  return {
    status: 200,
    body: {
      data: {
        id: '0193a6b2-0000-7000-8000-000000000001',
        name: fields.name ?? folder ?? files[0]!.name,
        cid: typeof answer === 'object' ? answer.published : answer === 'as-cidv1' ? cid.toV1().toString() : cid.toString(),
        created_at: '2026-11-23T09:00:00.000Z',
        size: contents.reduce((sum, bytes) => sum + bytes.length, 0),
        number_of_files: files.length,
        mime_type: folder === undefined ? 'application/octet-stream' : 'directory',
        user_id: 'test-user',
        group_id: null,
        is_duplicate: false,
      },
    },
  };
}
