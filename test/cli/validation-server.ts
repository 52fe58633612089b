/**
 * The platform's template validator on 127.0.0.1 for the `template --remote` tests, as the seed
 * documents it (platform interface 4.4): `POST /v0/templates/validate`, a JSON body
 * `{ gitUrl, ref }`, a bearer token, and `{ valid, errors, manifest, readme, files }` back. It
 * records every request and answers what the test tells it: a verdict, an error status, a body
 * that is not JSON, or nothing at all.
 */
import type http from 'node:http';
import { answerJson, stall, startLocalHttpServer } from '../local-http-server.js';

export interface ReceivedValidation {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/**
 * What the next requests get: a verdict (`{ valid, errors }`, sent with the rest of the
 * response), a status and raw body, or no answer (`'stall'`). A function gets the request first,
 * to quote it back.
 */
export type ValidationAnswer = { valid: boolean; errors: string[] } | { status: number; body: string } | 'stall';

export interface ValidationServer {
  url: string;
  received: ReceivedValidation[];
  answer: ValidationAnswer | ((received: ReceivedValidation) => ValidationAnswer);
  close(): Promise<void>;
}

export async function startValidationServer(): Promise<ValidationServer> {
  const state: ValidationServer = { url: '', received: [], answer: { valid: true, errors: [] }, close: async () => {} };
  const server = await startLocalHttpServer((request, response) => {
    readBody(request).then((text) => {
      const received: ReceivedValidation = {
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: parsed(text),
      };
      state.received.push(received);
      const answer = typeof state.answer === 'function' ? state.answer(received) : state.answer;
      if (answer === 'stall') return stall(request);
      if ('status' in answer) return answerJson(response, answer.status, answer.body);
      if (request.method !== 'POST' || request.url !== '/v0/templates/validate') return answerJson(response, 404, { error: 'not found' });
      answerJson(response, 200, { ...answer, manifest: {}, readme: '# Template\n', files: [] });
    });
  });
  state.url = server.url;
  state.close = server.close;
  return state;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8'))));
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
