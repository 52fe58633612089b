import { toolOf } from './scripts.js';
import { unwrapCommand, type ShellCommand, type ShellWord } from './shell.js';
import { derived, type ParsedDocument } from '../framework/document.js';
import { manifestScript } from './scripts.js';

/**
 * The hosts and ports a start command tells its server to listen on: `--host H`, `--port N`,
 * `--listen H:N`, `-p N`, `HOST=H`, `PORT=N`… Each is a part of one word of the script, given as
 * character indexes into the word's text, so a finding can point at it and a fix can replace it.
 */
export interface AddressPart {
  word: ShellWord;
  from: number;
  to: number;
  /** How the script names it, for messages: `--host`, `HOST=`, `--listen`. */
  via: string;
}

export interface NamedHost extends AddressPart {
  host: string;
}

export interface NamedPort extends AddressPart {
  port: number;
}

export interface ListenAddresses {
  hosts: NamedHost[];
  ports: NamedPort[];
}

type FlagKind = 'host' | 'listen' | 'port';

/** Options of common servers that name where to listen, whatever the program. */
const FLAGS: Record<string, FlagKind> = {
  '--host': 'host',
  '--hostname': 'host',
  '--address': 'host',
  '--addr': 'host',
  '--ip': 'host',
  '--bind-address': 'host',
  '--http-host': 'host',
  '--http-address': 'host',
  '--server-host': 'host',
  '--server-name': 'host',
  '--server.address': 'host',
  '--bind': 'listen',
  '--listen': 'listen',
  '--port': 'port',
  '--http-port': 'port',
  '--server-port': 'port',
  '--listen-port': 'port',
  '--server.port': 'port',
  '-H': 'host',
  '-a': 'host',
  '-b': 'listen',
  '-l': 'listen',
  '-p': 'port',
};

/** Short options whose meaning depends on the program (`-h` is help almost everywhere else). */
const PROGRAM_FLAGS: Record<string, Record<string, FlagKind>> = {
  flask: { '-h': 'host' },
  php: { '-S': 'listen' },
};

const HOST_VARIABLES = new Set([
  'HOST',
  'HOSTNAME',
  'BIND',
  'BIND_HOST',
  'BIND_ADDR',
  'BIND_ADDRESS',
  'LISTEN_HOST',
  'LISTEN_ADDR',
  'LISTEN_ADDRESS',
  'SERVER_HOST',
  'SERVER_ADDR',
  'SERVER_ADDRESS',
  'APP_HOST',
  'UVICORN_HOST',
  'FLASK_RUN_HOST',
  'NUXT_HOST',
  'NITRO_HOST',
  'STREAMLIT_SERVER_ADDRESS',
  'GRADIO_SERVER_NAME',
]);
const PORT_VARIABLES = new Set([
  'PORT',
  'HTTP_PORT',
  'SERVER_PORT',
  'APP_PORT',
  'LISTEN_PORT',
  'UVICORN_PORT',
  'FLASK_RUN_PORT',
  'NUXT_PORT',
  'NITRO_PORT',
  'STREAMLIT_SERVER_PORT',
  'GRADIO_SERVER_PORT',
]);

/**
 * Programs whose host and port options are not where the app's server listens: clients that
 * connect somewhere (`psql --host localhost`), and backing services (databases, caches, model
 * servers) that are meant to stay private inside the container.
 */
const NOT_THE_APP = new Set([
  'redis-server',
  'valkey-server',
  'mongod',
  'postgres',
  'pg_ctl',
  'mysqld',
  'mysqld_safe',
  'mariadbd',
  'memcached',
  'ollama',
  'chroma',
  'qdrant',
  'meilisearch',
  'nats-server',
  'rabbitmq-server',
  'etcd',
  'minio',
  'psql',
  'pg_isready',
  'pg_dump',
  'mysql',
  'mysqladmin',
  'mysqldump',
  'redis-cli',
  'mongo',
  'mongosh',
  'curl',
  'wget',
  'nc',
  'ncat',
  'netcat',
  'telnet',
  'ssh',
  'scp',
  'sftp',
  'rsync',
  'wait-for-it',
  'wait-on',
  'wait-port',
  'docker',
  'podman',
  'kubectl',
  'ping',
  'dig',
  'nslookup',
  'git',
  'mkdir',
  'cp',
  'mv',
  'ls',
  'sort',
]);

const DIGITS = /^\d{1,5}$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** Where the commands of a script say their servers listen, in script order. */
export function listenAddresses(commands: readonly ShellCommand[]): ListenAddresses {
  const hosts: NamedHost[] = [];
  const ports: NamedPort[] = [];
  const addHost = (word: ShellWord, from: number, to: number, via: string) => {
    if (to > from) hosts.push({ word, from, to, via, host: word.text.slice(from, to) });
  };
  const addPort = (word: ShellWord, from: number, to: number, via: string) => {
    const text = word.text.slice(from, to);
    const port = Number(text);
    if (DIGITS.test(text) && port >= 1 && port <= 65535) ports.push({ word, from, to, via, port });
  };
  const addValue = (kind: FlagKind, word: ShellWord, from: number, via: string) => {
    const text = word.text.slice(from);
    if (kind === 'port') return addPort(word, from, word.text.length, via);
    if (DIGITS.test(text)) {
      if (kind === 'listen') addPort(word, from, word.text.length, via);
      return;
    }
    const address = parseAddress(text);
    if (!address) return;
    if (address.host) addHost(word, from + address.host[0], from + address.host[1], via);
    if (address.port) addPort(word, from + address.port[0], from + address.port[1], via);
  };

  for (const command of commands) {
    const tool = toolOf(command);
    if (tool && NOT_THE_APP.has(tool.name)) continue;
    const env = tool?.command.env ?? unwrapCommand(command).env;
    for (const { name, value } of env) {
      if (HOST_VARIABLES.has(name)) addValue('host', value, 0, `${name}=`);
      else if (PORT_VARIABLES.has(name)) addValue('port', value, 0, `${name}=`);
    }
    if (!tool) continue;
    const own = Object.hasOwn(PROGRAM_FLAGS, tool.name) ? PROGRAM_FLAGS[tool.name] : undefined;
    const { args } = tool;
    let positional = 0;
    for (let k = 0; k < args.length; k++) {
      const word = args[k]!;
      const text = word.text;
      if (!text.startsWith('-')) {
        // `python -m http.server 8000`: the first operand is the port.
        if (tool.name === 'http.server' && positional++ === 0) addPort(word, 0, text.length, 'http.server');
        continue;
      }
      const equals = text.startsWith('--') ? text.indexOf('=') : -1;
      const flag = equals === -1 ? text : text.slice(0, equals);
      const kind = (own && Object.hasOwn(own, flag) ? own[flag] : undefined) ?? (Object.hasOwn(FLAGS, flag) ? FLAGS[flag] : undefined);
      if (!kind) continue;
      if (equals !== -1) {
        addValue(kind, word, equals + 1, flag);
      } else if (args[k + 1] && !args[k + 1]!.text.startsWith('-')) {
        addValue(kind, args[k + 1]!, 0, flag);
        k++;
      }
    }
  }
  const byOffset = (a: AddressPart, b: AddressPart) => a.word.start - b.word.start || a.from - b.from;
  return { hosts: hosts.sort(byOffset), ports: ports.sort(byOffset) };
}

/**
 * The host and port parts of `host`, `host:port`, `:port`, `[v6]:port`, `v6` or
 * `scheme://host:port/path`, as index ranges into the text.
 */
export function parseAddress(text: string): { host?: [number, number]; port?: [number, number] } | undefined {
  const scheme = SCHEME.exec(text);
  const start = scheme ? scheme[0].length : 0;
  // `unix:/path` or a file: nothing to listen on over the network.
  if (!scheme && (text.startsWith('unix:') || text.startsWith('/') || text.startsWith('.'))) return undefined;
  let end = text.indexOf('/', start);
  if (end === -1) end = text.length;
  if (start === end) return undefined;
  if (text[start] === '[') {
    const close = text.indexOf(']', start);
    if (close === -1 || close > end) return undefined;
    const port = text[close + 1] === ':' ? ([close + 2, end] as [number, number]) : undefined;
    return { host: [start, close + 1], ...(port && port[1] > port[0] ? { port } : {}) };
  }
  const body = text.slice(start, end);
  const colons = body.split(':').length - 1;
  if (colons >= 2) return { host: [start, end] }; // a bare IPv6 address such as ::1
  if (colons === 0) return { host: [start, end] };
  const colon = start + body.indexOf(':');
  const host: [number, number] = [start, colon];
  const port: [number, number] = [colon + 1, end];
  return { ...(host[1] > host[0] ? { host } : {}), ...(port[1] > port[0] ? { port } : {}) };
}

const IPV4_LOOPBACK = /^127(\.\d{1,3}){3}$/;
const BRACKETS = /^\[(.*)\]$/;
const ZERO_GROUP = /^0{0,4}$/;
const ONE_GROUP = /^0{0,3}1$/;

/** `localhost`, `127.0.0.0/8`, `::1` (bracketed or written out): reachable only from inside the container. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(BRACKETS, '$1');
  if (h === 'localhost' || h === 'localhost.' || h === 'ip6-localhost' || h === 'ip6-loopback') return true;
  if (IPV4_LOOPBACK.test(h)) return h.split('.').every((part) => Number(part) <= 255);
  if (!h.includes(':')) return false;
  const groups = h.split(':');
  const last = groups.pop()!;
  return ONE_GROUP.test(last) && groups.every((group) => ZERO_GROUP.test(group)) && (h.includes('::') || groups.length === 7);
}

/** Where `scripts.start` listens, worked out once per document for the rules that ask. */
export function startAddresses(doc: ParsedDocument): ListenAddresses | undefined {
  return derived(doc, readStartAddresses);
}

function readStartAddresses(doc: ParsedDocument): ListenAddresses | undefined {
  const script = manifestScript(doc, 'start');
  return script ? listenAddresses(script.commands) : undefined;
}

/** How much of a setting a message shows. */
const SHOWN_SETTING = 40;

/** `--host localhost`, `--host=localhost`, `HOST=127.0.0.1`, `--listen 127.0.0.1:3000`, as written. */
export function shownSetting(part: AddressPart): string {
  const { via, word } = part;
  const text = via.endsWith('=') ? `${via}${word.text}` : word.text.startsWith(`${via}=`) ? word.text : `${via} ${word.text}`;
  return `\`${text.length > SHOWN_SETTING ? `${text.slice(0, SHOWN_SETTING - 1)}…` : text}\``;
}
