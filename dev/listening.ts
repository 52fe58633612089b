/**
 * Whether something listens on a port, and on which addresses: on all interfaces (what the
 * platform's gateway needs, seed section 3), only on a loopback address (unreachable from the
 * container network), or only on some other address. Linux lists its listening sockets in
 * /proc/net; elsewhere the port is tried over loopback and over the machine's other addresses.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';

export type Binding =
  | { kind: 'all' }
  | { kind: 'loopback'; addresses: string[] }
  | { kind: 'other'; addresses: string[] }
  /** Something answers, but the machine has no address besides loopback to tell which. */
  | { kind: 'unknown' };

/** How something listening on `port` is bound, or undefined when nothing listens there. */
export async function bindingOf(port: number): Promise<Binding | undefined> {
  if (process.platform === 'linux') return classify(listeningAddresses(port, readProcNet()));
  return bindingByConnecting(port);
}

/** The listening sockets' `/proc/net/tcp` and `/proc/net/tcp6` lines. */
function readProcNet(): string {
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .map((file) => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
}

const LISTEN = '0A';

/** The local addresses of the sockets listening on `port`, from `/proc/net/tcp{,6}` text. */
export function listeningAddresses(port: number, procNet: string): string[] {
  const found: string[] = [];
  for (const line of procNet.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 4 || fields[3] !== LISTEN) continue;
    const [address, hexPort] = fields[1]!.split(':');
    if (hexPort === undefined || parseInt(hexPort, 16) !== port) continue;
    found.push(address!.length === 8 ? ipv4(address!) : ipv6(address!));
  }
  return found;
}

/** `0100007F` → `127.0.0.1`: the kernel writes the address as a number in host (little-endian) order. */
function ipv4(hex: string): string {
  return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
}

/** Four little-endian 32-bit words → the address in its short form. */
function ipv6(hex: string): string {
  const bytes: string[] = [];
  for (let word = 0; word < 4; word++) for (const at of [6, 4, 2, 0]) bytes.push(hex.slice(word * 8 + at, word * 8 + at + 2));
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(`${bytes[i]}${bytes[i + 1]}`);
  return new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1);
}

const WILDCARDS = new Set(['0.0.0.0', '::']);

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(?:::ffff:)?127\./.test(address);
}

export function classify(addresses: readonly string[]): Binding | undefined {
  if (addresses.length === 0) return undefined;
  if (addresses.some((address) => WILDCARDS.has(address))) return { kind: 'all' };
  const unique = [...new Set(addresses)];
  return unique.every(isLoopbackAddress) ? { kind: 'loopback', addresses: unique } : { kind: 'other', addresses: unique };
}

/** Tries the port over loopback and over each of the machine's other addresses. */
export async function bindingByConnecting(port: number): Promise<Binding | undefined> {
  const external = Object.values(os.networkInterfaces()).flatMap((list) =>
    (list ?? []).filter((entry) => !entry.internal && !entry.address.startsWith('fe80:')).map((entry) => entry.address),
  );
  const [loopback4, loopback6, ...others] = await Promise.all(['127.0.0.1', '::1', ...external].map((host) => answers(host, port)));
  const reachable = external.filter((_, index) => others[index]);
  const loopback = [...(loopback4 ? ['127.0.0.1'] : []), ...(loopback6 ? ['::1'] : [])];
  if (reachable.length > 0) return loopback.length > 0 ? { kind: 'all' } : { kind: 'other', addresses: reachable };
  if (loopback.length === 0) return undefined;
  return external.length === 0 ? { kind: 'unknown' } : { kind: 'loopback', addresses: loopback };
}

/** Whether a TCP connection to `host:port` is accepted (within a second). */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
