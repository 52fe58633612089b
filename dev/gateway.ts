/**
 * The platform's gateway, locally: forwards each request to its route's port by the route's
 * path prefix, stripping the prefix first (seed section 2.3), HTTP and WebSocket upgrades alike;
 * a `protected` route asks for the gateway token. The services are reached over loopback.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { routeFor, strippedTarget, type DevRoute } from './plan.js';

/** Where the gateway reaches the routes' services. */
const SERVICE_HOST = '127.0.0.1';

export interface Gateway {
  port: number;
  close(): Promise<void>;
}

export interface GatewayOptions {
  /** 0 picks a free port. */
  port: number;
  /** The address to listen on. */
  host: string;
  routes: readonly DevRoute[];
  token: string;
}

/** The gateway token a request carries: `Authorization: Bearer`, `?token=` or the `gw_token` cookie. */
function tokensOf(request: http.IncomingMessage): string[] {
  const found: string[] = [];
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) found.push(bearer[1]!);
  const query = new URL(request.url ?? '/', 'http://gateway').searchParams.get('token');
  if (query !== null) found.push(query);
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === 'gw_token') found.push(cookieValue(pair.slice(eq + 1).trim()));
  }
  return found;
}

function cookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Verdict = { route: DevRoute; target: string } | { status: number; body: string };

function verdict(request: http.IncomingMessage, routes: readonly DevRoute[], token: string): Verdict {
  const target = request.url ?? '/';
  const pathname = target.split('?')[0]!;
  const route = routeFor(routes, pathname);
  if (!route) {
    const list = routes.length === 0 ? 'the manifest declares no routes' : `the routes are ${routes.map(describeRoute).join(', ')}`;
    return { status: 404, body: `No route for ${pathname}: ${list}.\n` };
  }
  if (route.protected && !tokensOf(request).some((given) => sameToken(given, token))) {
    return {
      status: 401,
      body: `The route ${route.path} is protected: send the gateway token (Authorization: Bearer <token>, ?token=<token> or the cookie gw_token).\n`,
    };
  }
  return { route, target: strippedTarget(route, target) };
}

export function describeRoute(route: DevRoute): string {
  return `${route.path} → port ${route.port}${route.protected ? ' (protected)' : ''}`;
}

function unreachable(route: DevRoute): string {
  return `Nothing answers on port ${route.port} for the route ${route.path}.\n`;
}

/** Starts the gateway; settles once it listens. */
export function startGateway(options: GatewayOptions): Promise<Gateway> {
  const upgraded = new Set<Duplex>();
  const server = http.createServer((request, response) => {
    const found = verdict(request, options.routes, options.token);
    if ('status' in found) {
      response.writeHead(found.status, { 'content-type': 'text/plain; charset=utf-8' }).end(found.body);
      return;
    }
    const upstream = http.request(
      { host: SERVICE_HOST, port: found.route.port, method: request.method, path: found.target, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.once('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(unreachable(found.route));
      else response.destroy();
    });
    // A client that goes away takes its request to the service with it (a stream left open otherwise).
    response.once('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });

  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    socket.on('error', () => socket.destroy());
    const found = verdict(request, options.routes, options.token);
    if ('status' in found) {
      socket.end(rawResponse(found.status, found.body));
      return;
    }
    const upstream = net.connect({ host: SERVICE_HOST, port: found.route.port });
    upgraded.add(upstream);
    upstream.once('close', () => {
      upgraded.delete(upstream);
      socket.destroy();
    });
    upstream.once('error', () => {
      if (upstream.bytesRead === 0) socket.end(rawResponse(502, unreachable(found.route)));
      else socket.destroy();
    });
    upstream.once('connect', () => {
      const headers: string[] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) headers.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}\r\n`);
      upstream.write(`${request.method} ${found.target} HTTP/${request.httpVersion}\r\n${headers.join('')}\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    socket.once('close', () => upstream.destroy());
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        port,
        close: () =>
          new Promise<void>((closed) => {
            for (const socket of upgraded) socket.destroy();
            server.close(() => closed());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function rawResponse(status: number, body: string): string {
  const length = Buffer.byteLength(body);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;
}
