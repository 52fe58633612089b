/**
 * An HTTP server on 127.0.0.1, on a port the system picks, standing in for a platform API in the
 * tests: no test reaches the network. What the stand-ins share: answering JSON, and answering
 * nothing at all (a host that takes the request and then stalls).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalHttpServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Stops listening and cuts the connections still open (a stalled request's included). */
  close(): Promise<void>;
}

export async function startLocalHttpServer(handler: http.RequestListener): Promise<LocalHttpServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Reads the request, then never answers. */
export function stall(request: http.IncomingMessage): void {
  request.resume();
}

/** Answers `body` as JSON, or as it is when it is a string (a body that is not JSON). */
export function answerJson(response: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8' });
  response.end(text);
}
