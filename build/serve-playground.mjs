// `npm run playground`: serves dist/playground/ on 127.0.0.1 (a page's Web Worker cannot start
// from file://) and prints the address. `--port <n>` picks the port (default 5177; 0: any free);
// `--root <folder>` serves another build, such as the Pages site (dist/site/, build/pages-site.mjs).
// Files go out gzip-compressed when the browser accepts it, as a static host would send them.
import { createServer } from 'node:http';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Serves `root`; resolves once listening, with its address and a way to stop. `onSent` hears of
 * each file sent, with the bytes its body took on the wire. `crossOrigin` lets pages of any origin
 * read the files, as GitHub Pages does (`Access-Control-Allow-Origin: *`).
 */
export function servePlayground({
  root = fileURLToPath(new URL('../dist/playground/', import.meta.url)),
  port = 0,
  onSent = () => undefined,
  crossOrigin = false,
} = {}) {
  const base = realpathSync(root);
  const compressed = new Map();
  const server = createServer((request, response) => {
    const file = fileOf(base, new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(file ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(file ? 'Method not allowed\n' : 'Not found\n');
      return;
    }
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    let body = readFileSync(file);
    const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
    if (crossOrigin) headers['access-control-allow-origin'] = '*';
    if (gzip) {
      // Compressed once per version of the file: a rebuild while serving is picked up.
      const key = `${file}:${statSync(file).mtimeMs}`;
      if (!compressed.has(key)) compressed.set(key, gzipSync(body, { level: 9 }));
      body = compressed.get(key);
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
    if (request.method === 'GET') onSent(new URL(request.url ?? '/', 'http://localhost').pathname, body.length);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolve({ url: `http://127.0.0.1:${bound}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** The file a path names inside `base` (index.html for a folder); none outside it. */
function fileOf(base, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  try {
    let file = realpathSync(join(base, decoded));
    if (file !== base && !file.startsWith(base + sep)) return undefined;
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = (flag) => process.argv.includes(flag);
  const valueOf = (flag) => process.argv[process.argv.indexOf(flag) + 1];
  const port = given('--port') ? Number(valueOf('--port')) : 5177;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('--port expects a port number (0 for any free port)\n');
    process.exit(2);
  }
  const root = given('--root') ? valueOf('--root') : undefined;
  if (given('--root') && !(root && statSync(root, { throwIfNoEntry: false })?.isDirectory())) {
    process.stderr.write('--root expects a folder\n');
    process.exit(2);
  }
  const { url } = await servePlayground({ port, root });
  process.stdout.write(`The playground is at ${url} (Ctrl+C stops it)\n`);
}
