/**
 * The parts of `manifest-lint dev` that decide without running anything: the plan read from a
 * manifest, where a request goes and what path it arrives with, the env file and the secrets'
 * values, and how a listening socket is bound.
 */
import net from 'node:net';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../rules/framework/document.js';
import { devPlan, routeFor, strippedTarget, type DevRoute } from '../../dev/plan.js';
import { EnvFileError, parseEnvFile, scriptEnvironment, secretValues } from '../../dev/environment.js';
import { bindingByConnecting, bindingOf, classify, listeningAddresses } from '../../dev/listening.js';

const manifest = (body: object) => parseDocument(JSON.stringify({ version: 1, agent: { name: 'a' }, ...body }));

describe('the plan', () => {
  it('reads the scripts, the routes (prefix without its trailing slash, protected only when true) and the secrets (required unless false)', () => {
    const plan = devPlan(
      manifest({
        scripts: { build: 'npm ci', start: '  ' },
        routes: [
          { port: 3000, path: '/app/' },
          { port: 3001, path: '/api', protected: true },
          { port: 3002, path: '/x', protected: 'yes' },
        ],
        secrets: [{ name: 'A' }, { name: 'B', required: false }, { name: 'C', required: true }],
      }),
      18789,
    );
    expect(plan.build).toBe('npm ci');
    expect(plan.start).toBeUndefined();
    expect(plan.routes).toEqual([
      { path: '/app', port: 3000, protected: false },
      { path: '/api', port: 3001, protected: true },
      { path: '/x', port: 3002, protected: false },
    ]);
    expect(plan.secrets).toEqual([
      { name: 'A', required: true },
      { name: 'B', required: false },
      { name: 'C', required: true },
    ]);
    expect(plan.refusals).toEqual([]);
  });

  it('refuses a manifest the platform cannot read', () => {
    expect(devPlan(parseDocument('{ "version": 1, "scripts": { "start": "node s.js" }'), 18789).refusals).toEqual([
      'manifest.json is not valid JSON, so the platform cannot read it (manifest-lint shows where)',
    ]);
  });

  it('refuses the routes the gateway cannot serve: on its port, out of range, without a path, a path twice', () => {
    const plan = devPlan(
      manifest({
        routes: [
          { port: 18789, path: '/a' },
          { port: 4000, path: '/b' },
          { port: 80, path: '/c' },
          { port: 3000 },
          { port: 3001, path: '/d' },
          { port: 3002, path: '/d/' },
        ],
      }),
      4000,
    );
    expect(plan.refusals).toEqual([
      "the route `/a` uses port 18789, the gateway's (the platform reserves 18789 for it): pick another port",
      "the route `/b` uses port 4000, the gateway's (the platform reserves 18789 for it): pick another port",
      'the route `/c` has no port between 1025 and 65535',
      'the route at routes[3] has no path starting with "/", so the gateway cannot forward to it',
      'the route `/d/` has the same path as the route `/d`',
    ]);
    expect(plan.routes).toEqual([{ path: '/d', port: 3001, protected: false }]);
  });
});

describe('where a request goes', () => {
  const routes: DevRoute[] = [
    { path: '/', port: 1, protected: false },
    { path: '/app', port: 2, protected: false },
    { path: '/app/api', port: 3, protected: true },
  ];

  it('takes the longest prefix that ends at a segment boundary', () => {
    expect(routeFor(routes, '/app/api/users')?.port).toBe(3);
    expect(routeFor(routes, '/app/apis')?.port).toBe(2);
    expect(routeFor(routes, '/apple')?.port).toBe(1);
    expect(routeFor(routes.slice(1), '/apple')).toBeUndefined();
  });

  it('strips the prefix, keeping the query, as the platform does (/app/api arrives as /api)', () => {
    const app = routes[1]!;
    expect(strippedTarget(app, '/app/api')).toBe('/api');
    expect(strippedTarget(app, '/app')).toBe('/');
    expect(strippedTarget(app, '/app?x=1')).toBe('/?x=1');
    expect(strippedTarget(routes[0]!, '/app/x')).toBe('/app/x');
  });
});

describe("the secrets and the scripts' environment", () => {
  it('reads an env file: export, comments, quotes; a bad line is named by its number alone', () => {
    const file = parseEnvFile('# values\nexport A=1\nB = "two words\\n" # note\nC=\'$raw\'\nD=plain # comment\n\n');
    expect([...file.values]).toEqual([
      ['A', '1'],
      ['B', 'two words\n'],
      ['C', '$raw'],
      ['D', 'plain'],
    ]);
    expect(() => parseEnvFile('A=1\nsk-secret-value\n')).toThrow(new EnvFileError('line 2 is not NAME=value'));
    expect(() => parseEnvFile('A="open\n')).toThrow(new EnvFileError('line 1 has an unclosed quote'));
    expect(() => parseEnvFile('A=1\n\nB="sk-a"sk-b\n')).toThrow(new EnvFileError('line 3 has text after its closing quote'));
  });

  it('takes each declared secret from the environment first, then the file; an empty value is none', () => {
    const secrets = [
      { name: 'A', required: true },
      { name: 'B', required: true },
      { name: 'C', required: false },
      { name: 'D', required: true },
    ];
    const values = secretValues(secrets, { A: 'env', B: '' }, parseEnvFile('A=file\nB=file\nE=other\n'));
    expect([...values.values]).toEqual([
      ['A', 'env'],
      ['B', 'file'],
    ]);
    expect([...values.sources]).toEqual([
      ['A', 'environment'],
      ['B', 'env file'],
    ]);
    expect(values.missing).toEqual(['D']);
    expect(values.unset).toEqual(['C']);
    expect(values.undeclared).toEqual(['E']);
  });

  it('gives the scripts the minimal variables the caller has and the secrets, nothing else', () => {
    const env = scriptEnvironment({ PATH: '/bin', HOME: '/h', AWS_SECRET_ACCESS_KEY: 'x', NODE_OPTIONS: '--inspect' }, new Map([['A', '1']]));
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', A: '1' });
  });
});

describe('how a listening socket is bound', () => {
  // Lines as /proc/net/tcp and tcp6 write them: local address in host byte order, state 0A = LISTEN.
  const procNet = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1',
    '   1: 00000000:0BB9 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 2 1',
    '   2: 0100007F:0BBA 0100007F:9C40 01 00000000:00000000 00:00000000 00000000     0        0 3 1',
    '   0: 00000000000000000000000001000000:0BBB 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 4 1',
    '   1: 00000000000000000000000000000000:0BBC 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 5 1',
  ].join('\n');

  it('reads the listening addresses of a port from /proc/net', () => {
    expect(listeningAddresses(3000, procNet)).toEqual(['127.0.0.1']);
    expect(listeningAddresses(3001, procNet)).toEqual(['0.0.0.0']);
    expect(listeningAddresses(3002, procNet)).toEqual([]);
    expect(listeningAddresses(3003, procNet)).toEqual(['::1']);
    expect(listeningAddresses(3004, procNet)).toEqual(['::']);
  });

  it('calls a wildcard "all", loopback only "loopback", anything else "other"', () => {
    expect(classify([])).toBeUndefined();
    expect(classify(['127.0.0.1', '::'])).toEqual({ kind: 'all' });
    expect(classify(['127.0.0.1', '::1'])).toEqual({ kind: 'loopback', addresses: ['127.0.0.1', '::1'] });
    expect(classify(['192.0.2.7'])).toEqual({ kind: 'other', addresses: ['192.0.2.7'] });
  });

  const listen = (host: string) =>
    new Promise<net.Server>((resolve) => {
      const server = net.createServer().listen(0, host, () => resolve(server));
    });
  const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
  const closed = (server: net.Server) => new Promise((resolve) => server.close(resolve));

  it('tells a server on all interfaces from one on loopback, and a closed port from both', async () => {
    const all = await listen('0.0.0.0');
    const loopback = await listen('127.0.0.1');
    const closedPort = portOf(all);
    try {
      expect(await bindingOf(portOf(all))).toEqual({ kind: 'all' });
      expect(await bindingOf(portOf(loopback))).toEqual({ kind: 'loopback', addresses: ['127.0.0.1'] });
      // Where the machine has another address, trying the port over it tells the same (how macOS is asked).
      const external = Object.values(os.networkInterfaces())
        .flat()
        .some((entry) => entry && !entry.internal && entry.family === 'IPv4');
      if (external) {
        expect(await bindingByConnecting(portOf(all))).toEqual({ kind: 'all' });
        expect(await bindingByConnecting(portOf(loopback))).toEqual({ kind: 'loopback', addresses: ['127.0.0.1'] });
      }
    } finally {
      await closed(all);
      await closed(loopback);
    }
    expect(await bindingOf(closedPort)).toBeUndefined();
  });
});
