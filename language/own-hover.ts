import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import {
  comparePin,
  describeCid,
  describeCidsNow,
  envReferences,
  explainSchedule,
  formatRunTime,
  humanDuration,
  secretDeclarations,
  type JsonPath,
  type ParsedDocument,
  type SkillSourceFacts,
} from '../rules/index.js';

/** What the server adds to a hover: markdown, and the node it is about. */
export interface OwnHover {
  markdown: string;
  node: Node;
}

/** Inline code that survives backticks in the value. */
export function code(value: string): string {
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${value} ${fence}` : `${fence}${value}${fence}`;
}

/**
 * Explanations the schema cannot give, for the value (or key) at `offset`: a schedule in plain
 * English with its next runs, a duration in words, what a CID is, what a route does, and where
 * an `env:` token comes from.
 */
export function ownHover(doc: ParsedDocument, offset: number, now: Date, skillSources?: Readonly<Record<string, SkillSourceFacts>>): OwnHover | undefined {
  if (!doc.root) return undefined;
  const node = findNodeAtOffset(doc.root, offset, true);
  if (!node) return undefined;
  const path = getNodePath(node);
  const markdown = scheduleHover(doc, path, now) ?? cidHover(doc, path, skillSources) ?? routeHover(doc, path) ?? envHover(doc, path);
  return markdown ? { markdown, node } : undefined;
}

function valueAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

const isTaskSchedule = (path: JsonPath) => path[0] === 'tasks' && typeof path[1] === 'number' && path[2] === 'schedule';

function scheduleHover(doc: ParsedDocument, path: JsonPath, now: Date): string | undefined {
  if (!isTaskSchedule(path) || path.length > 4) return undefined;
  const schedule = valueAt(doc.value, path.slice(0, 3));
  const field = path[3];
  if ((field === 'everyMs' || field === 'staggerMs') && path.length === 4) {
    const ms = valueAt(schedule, [field]);
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return undefined;
    const words = `${code(String(ms))} ms = **${humanDuration(ms)}**`;
    const explanation = explainSchedule(schedule, now);
    return field === 'everyMs' && explanation ? `${words}\n\nRuns ${explanation.text}.` : words;
  }
  // The cron expression, the legacy string form, or the other fields of a schedule object.
  if (path.length === 4 && !['expr', 'tz', 'kind', 'at', 'atMs'].includes(String(field))) return undefined;
  const explanation = explainSchedule(schedule, now, { count: 3 });
  if (!explanation) return undefined;
  const zone = code(explanation.timeZone);
  switch (explanation.kind) {
    case 'every':
      return `**Runs** ${explanation.text}, counted from when the platform registers the task.`;
    case 'at':
      return explanation.nextRuns.length > 0
        ? `**Runs** ${explanation.text} (${zone}).`
        : `**Ran** ${explanation.text} (${zone}): that moment has passed, so the task will not run again.`;
    default: {
      const lines = [`**Runs** ${explanation.text} (${zone})`];
      const runs = explanation.nextRuns;
      if (runs.length > 0) {
        const list = runs.map((run) => `- ${formatRunTime(run, explanation.timeZone, now)} (${run.toISOString().replace('.000Z', 'Z')})`);
        lines.push(`Next ${runs.length === 1 ? 'run' : `${runs.length} runs`} (${explanation.timeZone}):\n\n${list.join('\n')}`);
      } else {
        const status = explanation.summary.slice(explanation.summary.lastIndexOf('; ') + 2);
        lines.push(`${status.charAt(0).toUpperCase()}${status.slice(1)}.`);
      }
      return lines.join('\n\n');
    }
  }
}

function cidHover(doc: ParsedDocument, path: JsonPath, skillSources: Readonly<Record<string, SkillSourceFacts>> | undefined): string | undefined {
  if (path.length !== 3 || path[0] !== 'skills' || typeof path[1] !== 'number' || path[2] !== 'cid') return undefined;
  const cid = valueAt(doc.value, path);
  if (typeof cid !== 'string') return undefined;
  const description = describeCid(cid);
  if (!description.valid) {
    return `Not a valid CID: ${description.problem}.${description.suggestion ? ` Did you mean ${code(description.suggestion)}?` : ''}`;
  }
  const folder = folderLine(cid, valueAt(doc.value, [path[0], path[1], 'name']), skillSources);
  return [
    `**CIDv${description.version}**, codec ${code(description.codec)}, hash ${code(description.multihash)} (${description.digestLength}-byte digest), ${code(description.base)} encoding`,
    `As CIDv1 in base32: ${code(description.canonical)}`,
    ...(folder ? [folder] : []),
  ].join('\n\n');
}

/** How the pin compares with the skill's local source folder, when the host found one. */
function folderLine(cid: string, name: unknown, skillSources: Readonly<Record<string, SkillSourceFacts>> | undefined): string | undefined {
  if (typeof name !== 'string' || !skillSources || !Object.hasOwn(skillSources, name)) return undefined;
  const facts = skillSources[name]!;
  const comparison = comparePin(cid, facts);
  if (!comparison) return undefined;
  if (comparison.state === 'matches') return `Matches ${code(facts.folder)} (${code(comparison.profile)}).`;
  // `skill upload --pin` writes `./manifest.json`, not a manifest of another name.
  const upload = facts.pinWritesManifest === false ? '(`manifest-lint skill upload …`) and pin the CID it prints,' : '(`manifest-lint skill upload … --pin …`)';
  return `**Differs from ${code(facts.folder)}**: the folder is now ${describeCidsNow(comparison.now)}. Upload it again ${upload} or pin the new CID.`;
}

function routeHover(doc: ParsedDocument, path: JsonPath): string | undefined {
  if (path[0] !== 'routes' || typeof path[1] !== 'number') return undefined;
  const route = valueAt(doc.value, path.slice(0, 2));
  if (route === null || typeof route !== 'object' || Array.isArray(route)) return undefined;
  const { port, path: prefix, protected: isProtected } = route as Record<string, unknown>;
  const validPort = typeof port === 'number' && Number.isInteger(port);
  const validPrefix = typeof prefix === 'string' && prefix.startsWith('/');
  if (!validPort && !validPrefix) return undefined;
  const target = validPort ? `port ${port} inside the container` : 'the route’s port inside the container';
  const lines: string[] = [];
  if (validPrefix) {
    const base = prefix === '/' ? '' : prefix.replace(/\/+$/, '');
    lines.push(`**Route:** ${code(`https://<agent host>${base}/…`)} forwards to ${target}.`);
    lines.push(
      base === ''
        ? 'Every request reaches the server with its path unchanged.'
        : `The ${code(base)} prefix is stripped: a request for ${code(`${base}/status`)} reaches the server as ${code('/status')} (set your framework's base path to match).`,
    );
  } else {
    lines.push(`**Route** to ${target}.`);
  }
  lines.push(
    isProtected === true
      ? '**Protected:** requests must carry a gateway token.'
      : isProtected === false
        ? '**Public:** anyone with the URL can reach it (set `"protected": true` to require a gateway token).'
        : // The sources disagree on the default: the docs say public, Pinata's starter says protected.
          '**`protected` is not set**, and the sources disagree on what that means: the docs say a route is public by default, Pinata\'s starter template says it requires a gateway token ("default true = requires auth"). Set `"protected": false` or `true` explicitly.',
  );
  lines.push('The server must listen on `0.0.0.0`, not `localhost`, so the gateway can reach it.');
  return lines.join('\n\n');
}

function envHover(doc: ParsedDocument, path: JsonPath): string | undefined {
  if (path.length !== 3 || path[0] !== 'channels' || (path[2] !== 'botToken' && path[2] !== 'appToken')) return undefined;
  const reference = envReferences(doc).find((r) => r.path[1] === path[1] && r.field === path[2]);
  if (!reference) return undefined;
  const declaration = secretDeclarations(doc).find((d) => d.name === reference.name);
  if (!declaration) {
    return `Reads the token from the environment variable ${code(reference.name)}, which is **not declared** in \`secrets\`: declare it and store its value in the secrets vault.`;
  }
  const description = valueAt(doc.value, ['secrets', declaration.index, 'description']);
  return [
    `Reads the token from the environment variable ${code(reference.name)}, declared in \`secrets[${declaration.index}]\` and filled from the secrets vault.`,
    ...(typeof description === 'string' && description ? [description] : []),
  ].join('\n\n');
}
