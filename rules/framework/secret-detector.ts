/**
 * Finds credentials anywhere in a text: in values, keys, comments, command lines, URLs and
 * broken JSON alike. Three kinds of evidence: shapes that only credentials have (a Slack `xoxb-`
 * token, a PEM private key block); opaque values in places that hold credentials (`API_KEY=…`,
 * `"password": "…"`, `--token …`, `Bearer …`, the password of a URL, the path of a webhook URL);
 * and, whatever the place, runs that look generated — long, mixing letters and digits, with the
 * entropy of random text — as secret scanners' generic rules find them, so a provider nobody
 * listed is still caught. Public identifiers that look random (CIDs, git commit ids, UUIDs,
 * integrity hashes) and placeholders (`xoxb-your-bot-token`) are not secrets. Only the secret
 * part of a match is reported: a PEM block's header and a URL's user name stay readable.
 */

import { remembered } from './remembered.js';
import { ENV_LINE, isPlaceholder } from './placeholders.js';

/** A secret's place in a text, end exclusive. */
export interface SecretSpan {
  start: number;
  end: number;
}

interface Shape {
  pattern: RegExp;
  /** The capture group holding the secret; 0 for the whole match. */
  group: number;
  /** What the captured value must be to count, when the place alone does not settle it. */
  accept?: (value: string) => boolean;
  /**
   * Made of parts joined by `.` or `:`: searched for only in the runs that join parts (see
   * `candidateRuns`), not in the whole text, as the pattern opens with no literal to look for.
   */
  joined?: true;
  /**
   * Every match is `MIN_RUN` run characters or more (see `RUN_CHARACTER`), so it lies in one of
   * the text's candidate runs: it is looked for, and its literal first, in those only.
   */
  inRuns?: true;
}

/**
 * A value in a credential's place: at most 1,024 characters, longer than any credential of this
 * kind (a private key has a pattern of its own). Unbounded, a text of `token:` repeated made
 * irregexp keep a place to go back to for every character, and overflow its stack.
 */
const OPAQUE_VALUE = String.raw`[^\s"'\\,;&|<>(){}\[\]\x60]{8,1024}`;
/** A variable's name, as `env:` expects one. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Credential words in a key or flag name: `botToken`, `API_KEY`, `client_secret`, `--password`,
 * `passphrase`, `sessionCookie`, `SIGNINGKEY`. A `key` starts or ends the name (`monkey` too: its value must still look opaque);
 * `auth` is not `author`; a `sig` (`?sig=`, a signed URL's) or a `signature` is a credential too.
 */
const CREDENTIAL_WORD = String.raw`(?:token|secret|passw(?:or)?d|passphrase|pwd|cookie|api[_-]?key|access[_-]?key|private[_-]?key|(?<![a-z])key|key(?![a-z])|credential|auth(?!or)|signature|(?<![a-z])sig(?![a-z]))`;

/**
 * Every shape is searched for on its own (irregexp is fastest on patterns that open with a
 * literal). Order does not matter: overlapping finds are merged. No pattern opens with an
 * unbounded repetition, so a long run of letters costs linear time, not quadratic.
 */
const SHAPES: readonly Shape[] = [
  // Slack bot, user, app-level and configuration tokens.
  { pattern: /xox[abposre]-[A-Za-z0-9-]{10,}/dg, group: 0 },
  { pattern: /xapp-[A-Za-z0-9-]{10,}/dg, group: 0 },
  // Telegram bot token: the bot's id, a colon and the secret.
  { pattern: /(?<![A-Za-z0-9])\d{5,12}:[A-Za-z0-9_-]{30,}/dg, group: 0, joined: true },
  // Discord bot token: three base64url parts.
  { pattern: /(?<![A-Za-z0-9])[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}/dg, group: 0, joined: true },
  // GitHub classic and fine-grained tokens.
  { pattern: /gh[pousr]_[A-Za-z0-9]{30,}/dg, group: 0, inRuns: true },
  { pattern: /github_pat_[A-Za-z0-9_]{22,}/dg, group: 0, inRuns: true },
  // Anthropic, then OpenAI and other `sk-` keys (Stripe's `sk_live_`, `rk_live_` too).
  // The literal first, then the look back (not a letter or digit before it): irregexp searches
  // for a literal fast, and tries a leading look-behind at every position.
  { pattern: /sk-ant-(?<![A-Za-z0-9]sk-ant-)[A-Za-z0-9_-]{20,}/dg, group: 0, inRuns: true },
  { pattern: /sk-(?<![A-Za-z0-9]sk-)[A-Za-z0-9_-]{20,}/dg, group: 0, inRuns: true },
  { pattern: /sk_live_[A-Za-z0-9]{16,}/dg, group: 0, inRuns: true },
  { pattern: /rk_live_[A-Za-z0-9]{16,}/dg, group: 0, inRuns: true },
  // AWS access key ids; their secret keys are found by the words around them (below).
  // Their shape is exact, so letters alone (no digit) are one too; AWS's documented example is not.
  {
    pattern: /A(?<![A-Z0-9]A)(?:KIA|SIA|GPA|IDA|ROA|NPA|IPA)[A-Z0-9]{16}(?![A-Z0-9])/dg,
    group: 0,
    inRuns: true,
    accept: (value) => !isPlaceholder(value) && !value.endsWith('EXAMPLE'),
  },
  // GitLab, Google API keys, npm tokens.
  { pattern: /glpat-[A-Za-z0-9_-]{20,}/dg, group: 0, inRuns: true },
  { pattern: /AIza[0-9A-Za-z_-]{35}/dg, group: 0, inRuns: true },
  { pattern: /npm_[A-Za-z0-9]{36}/dg, group: 0, inRuns: true },
  // JSON Web Tokens: header and payload are base64 JSON objects.
  { pattern: /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/dg, group: 0 },
  // A PEM private key: the body after the header, up to the footer or as far as it goes (a JSON
  // string writes its line breaks as `\n`). Header and footer stay readable.
  {
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----((?:[A-Za-z0-9+/=\s]|\\[nr])+)/dg,
    group: 1,
  },
  // The password of a URL with credentials: `https://user:password@host`, the user maybe empty,
  // the password maybe holding a `/` (not a port and a path: `host:8080/a@b`), never a `://`: a
  // URL in another's path (`https://host:9/https://u:<password>@…`) is a URL of its own.
  {
    pattern: /:\/\/[^\s/@:"'\\`]*:((?:(?!:\/\/)[^\s@"'\\`])+)@/dg,
    group: 1,
    accept: (value) => !/^\d{0,5}(?:\/|$)/.test(value) && generatedAfterPrefix(value),
  },
  // SendGrid keys, Twilio API keys, Hugging Face and Groq tokens, Stripe webhook secrets.
  { pattern: /SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{30,}/dg, group: 0, inRuns: true },
  { pattern: /SK(?<![A-Za-z0-9]SK)[0-9a-fA-F]{32}(?![A-Za-z0-9])/dg, group: 0, inRuns: true },
  { pattern: /hf_(?<![A-Za-z0-9]hf_)[A-Za-z0-9]{30,}/dg, group: 0, inRuns: true },
  { pattern: /gsk_(?<![A-Za-z0-9]gsk_)[A-Za-z0-9]{30,}/dg, group: 0, inRuns: true },
  { pattern: /whsec_[A-Za-z0-9+/=]{24,}/dg, group: 0 },
];

/**
 * A value next to a credential word: `API_KEY=…`, `"password": "…"`, `token: …`, `--token …`,
 * `Bearer …`, `?access_token=…`. The value is a secret only if it looks opaque (see `opaque`). A
 * backquote ends a value as a quote does: messages quote code between backquotes.
 */
const CONTEXTS: readonly Shape[] = [
  {
    // Found from the name: a manifest writes far fewer credential words than colons (every key
    // and value of its JSON has one), so trying the words is cheaper than looking back from each.
    pattern: new RegExp(String.raw`${CREDENTIAL_WORD}[A-Za-z0-9_.-]{0,40}["']?\s*(?:=>?|:)\s*["']?\s*(${OPAQUE_VALUE})`, 'dgi'),
    group: 1,
  },
  { pattern: new RegExp(String.raw`-(?<![\w-]-)-?[A-Za-z0-9-]{0,40}?${CREDENTIAL_WORD}[A-Za-z0-9-]{0,40}\s+["']?(${OPAQUE_VALUE})`, 'dgi'), group: 1 },
  // A URL's query parameter (`?access_token=…`, `&sig=…`), found on its own: the URL may stand
  // where a credential does (`"botToken": "https://…?access_token=…"`), and not be one as a whole.
  { pattern: new RegExp(String.raw`[?&;][A-Za-z0-9_.-]{0,40}?${CREDENTIAL_WORD}[A-Za-z0-9_.-]{0,40}=(${OPAQUE_VALUE})`, 'dgi'), group: 1 },
  { pattern: new RegExp(String.raw`Bearer(?<!\wBearer)\s+(${OPAQUE_VALUE})`, 'dg'), group: 1 },
  { pattern: new RegExp(String.raw`Basic(?<!\wBasic)\s+(${OPAQUE_VALUE})`, 'dg'), group: 1 },
  // `env:` followed by something that is not a variable name (see `envValueIsSecret`).
  { pattern: new RegExp(String.raw`env:(?<!\wenv:)(${OPAQUE_VALUE})`, 'dg'), group: 1, accept: envValueIsSecret },
  // A URL cut short before its `@`: `postgres://user:password`, maybe with a path after it (a
  // port, all digits, is not opaque).
  { pattern: /:\/\/[^\s/@:"'\\`]+:([^\s/@"'\\`]{8,})(?=$|["'`\s/])/dg, group: 1 },
  // The path of a webhook URL: the segments after `hook(s)`, `webhook(s)`, `callback(s)`, `services` or `token(s)`
  // (Slack's `/services/T…/B…/<secret>`, Discord's `/api/webhooks/<id>/<token>`).
  { pattern: /\/(?:hooks?|webhooks?|callbacks?|services|tokens?)\/([^\s?#"'\\<>`]+)/dgi, group: 1, accept: (path) => path.split('/').some(opaque) },
];

/**
 * Whether what follows `env:` is a secret rather than a variable's name written oddly: a name
 * (`dashboardInvoiceWeekly`, `WorkflowsCancellationExamples0`) unless generated; with a `/`, a
 * path, a model id or a package (`openai/gpt-4o-mini`) unless it is base64 of random bytes.
 */
function envValueIsSecret(value: string): boolean {
  if (IDENTIFIER.test(value)) return looksGenerated(value) || (opaque(value) && !readsAsWords(value));
  if (value.includes('/')) return /^[A-Za-z0-9+/]+=*$/.test(value) && looksGenerated(value.replace(/[+/=]/g, ''));
  return opaque(value);
}

/**
 * The text every match of a pattern opens with (`whsec_`, `://`), or `''`: a text without it is
 * not searched, since looking for a string is several times faster than running a pattern.
 */
function leadingLiteral(pattern: RegExp): string {
  const source = pattern.source;
  let literal = '';
  for (let i = 0; i < source.length; i++) {
    let c = source[i]!;
    if (c === '\\') {
      if (/[A-Za-z0-9]/.test(source[i + 1] ?? 'a')) break;
      c = source[++i]!;
    } else if (!/[A-Za-z0-9_:/ -]/.test(c)) break;
    // A letter of a pattern that ignores case may be written in either.
    if (pattern.ignoreCase && /[A-Za-z]/.test(c)) break;
    // A character made optional by what follows it is not part of every match.
    if (/[?*{]/.test(source[i + 1] ?? '')) break;
    literal += c;
  }
  return literal;
}

const SHAPES_WITH_LITERALS = SHAPES.map((shape) => [shape, leadingLiteral(shape.pattern)] as const);
const SHAPE_LITERALS = SHAPES_WITH_LITERALS.filter(([shape]) => !shape.joined);
const JOINED_SHAPES = SHAPES.filter((shape) => shape.joined);
const CONTEXT_LITERALS = CONTEXTS.map((shape) => [shape, leadingLiteral(shape.pattern)] as const);

/**
 * The literals of two characters or more, looked for in one pass (a search for each is a pass
 * each, a millisecond a megabyte): the longest first, so that of two starting at one place the
 * longer is seen, and it says the shorter is there too. Those of shapes found only in runs are
 * looked for in the candidate runs, a small part of most texts; the others in the whole text.
 */
function literalSearch(literals: readonly (readonly [Shape, string])[]): RegExp {
  const long = [...new Set(literals.map(([, literal]) => literal).filter((literal) => literal.length >= 2))].sort((a, b) => b.length - a.length);
  return new RegExp(long.map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
}
const TEXT_LITERAL_SEARCH = literalSearch([...SHAPE_LITERALS.filter(([shape]) => !shape.inRuns), ...CONTEXT_LITERALS]);
const RUN_LITERAL_SEARCH = literalSearch(SHAPE_LITERALS.filter(([shape]) => shape.inRuns));

/**
 * Each literal with those it opens with (`sk-ant-` and `sk-`): a search that finds the longer one
 * at a place has found the shorter there too.
 */
const IMPLIED_LITERALS: ReadonlyMap<string, readonly string[]> = (() => {
  const literals = [...new Set([...SHAPE_LITERALS, ...CONTEXT_LITERALS].map(([, literal]) => literal))];
  return new Map(literals.map((literal) => [literal, literals.filter((other) => other !== '' && literal.startsWith(other))]));
})();

/** Whether `text` holds each literal a pattern opens with. */
function literalsIn(text: string): (literal: string) => boolean {
  const seen = new Set<string>();
  collectLiterals(text, TEXT_LITERAL_SEARCH, seen);
  for (const run of candidateRuns(text)) collectLiterals(text.slice(run.start, run.end), RUN_LITERAL_SEARCH, seen);
  return (literal) => (literal.length < 2 ? text.includes(literal) : seen.has(literal));
}

function collectLiterals(text: string, search: RegExp, into: Set<string>): void {
  search.lastIndex = 0;
  for (let match = search.exec(text); match; match = search.exec(text)) {
    for (const literal of IMPLIED_LITERALS.get(match[0])!) into.add(literal);
    search.lastIndex = match.index + 1;
  }
}

/**
 * The places of every secret in `text`, sorted, overlaps merged. The short texts an output is
 * made of (messages, fix titles, path segments) recur from one lint to the next — in an editor,
 * at every keystroke — so their answers are remembered (texts of up to 1,024 characters, which a
 * message with its advice takes, 4,096 at most) and shared: callers read them, and make spans of
 * their own from them.
 */
export const findSecrets: (text: string) => readonly Readonly<SecretSpan>[] = remembered(scan, 4096, 1024);

function scan(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  const holds = literalsIn(text);
  for (const [{ pattern, group, accept, inRuns }, literal] of SHAPE_LITERALS) {
    if (!holds(literal)) continue;
    if (inRuns) for (const run of candidateRuns(text)) collectIn(text, run, pattern, group, spans, accept ?? generatedAfterPrefix);
    else collect(text, pattern, group, spans, accept ?? generatedAfterPrefix);
  }
  for (const [{ pattern, group, accept }, literal] of CONTEXT_LITERALS) {
    if (!holds(literal)) continue;
    const start = spans.length;
    collect(text, pattern, group, spans, accept ?? opaqueParts);
    for (let i = start; i < spans.length; i++) spans[i] = withoutAssignedName(text, spans[i]!);
  }
  for (const run of candidateRuns(text)) {
    if (!joinsWithDotOrColon(text, run)) continue;
    for (const { pattern, group, accept } of JOINED_SHAPES) collectIn(text, run, pattern, group, spans, accept ?? generatedAfterPrefix);
  }
  if (text.includes('=')) paddedBase64(text, spans);
  const generated = generatedRuns(text);
  if (generated.length > 0) {
    // Integrity hashes and digests are public, whatever their characters: their runs are left
    // alone. A run a shape or a place already found, but for a word joined to it (`missing-` in
    // `missing-ghp_…`), is left to that more precise find.
    const digests: SecretSpan[] = [];
    collect(text, DIGEST, 0, digests, undefined);
    const publicSpans = mergeSpans(digests);
    const found = mergeSpans(spans);
    const kept = generated.filter(
      (span) => overlapping(publicSpans, span).length === 0 && !overlapping(found, span).some((other) => coversButWords(text, other, span)),
    );
    return mergeSpans([...found, ...kept]);
  }
  return mergeSpans(spans);
}

/**
 * A value found in a credential's place less the name it is assigned to, when it is a line of a
 * `.env` file pasted whole (`SLACK_BOT_TOKEN=ghp_…`): the name is no secret, and advice names it.
 */
function withoutAssignedName(text: string, span: SecretSpan): SecretSpan {
  const assigned = ENV_LINE.exec(text.slice(span.start, span.end));
  const name = assigned ? assigned[1]!.length + 1 : 0;
  return name > 0 && span.end - span.start - name >= 8 ? { start: span.start + name, end: span.end } : span;
}

/** Characters of standard base64, which `+` and `/` keep out of the runs generated secrets are searched in. */
const BASE64_CHARACTER = /[A-Za-z0-9+/]/;

/**
 * Standard base64 with its `=` padding (a key or a secret of random bytes: `k3Jd…+q/…==`), found
 * from each `=` back to where the base64 starts; an integrity hash (`sha512-…==`) is public.
 */
function paddedBase64(text: string, into: SecretSpan[]): void {
  for (let at = text.indexOf('='); at !== -1; at = text.indexOf('=', at + 1)) {
    let end = at + 1;
    if (text[end] === '=') end++;
    if (end < text.length && (BASE64_CHARACTER.test(text[end]!) || text[end] === '=')) continue;
    let start = at;
    while (start > 0 && BASE64_CHARACTER.test(text[start - 1]!)) start--;
    // Padding marks base64 plainly enough to take it from 16 characters (12 random bytes) on.
    if (at - start < MIN_GENERATED || (start > 0 && /[-_]/.test(text[start - 1]!))) continue;
    const body = text.slice(start, at);
    // Letters of both cases, digits or not (16 random bytes may encode without one).
    if (/[a-z]/.test(body) && /[A-Z]/.test(body) && entropy(body) >= 3.5 && !readsAsWords(body) && !isPlaceholder(body)) into.push({ start, end });
    at = end - 1;
  }
}

/** The spans of a sorted, disjoint list that overlap `span` (found by binary search). */
function overlapping(sorted: readonly SecretSpan[], span: SecretSpan): SecretSpan[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]!.end <= span.start) low = middle + 1;
    else high = middle;
  }
  const result: SecretSpan[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.start < span.end; i++) result.push(sorted[i]!);
  return result;
}

/** Whether `found` holds all of `run` but words joined to it by `-` or `_` at either end. */
function coversButWords(text: string, found: SecretSpan, run: SecretSpan): boolean {
  if (found.end <= run.start || run.end <= found.start) return false;
  const before = text.slice(run.start, Math.max(run.start, found.start));
  const after = text.slice(Math.min(run.end, found.end), run.end);
  return JOINED_WORDS_BEFORE.test(before) && JOINED_WORDS_AFTER.test(after);
}

const JOINED_WORDS_BEFORE = /^(?:(?:[a-z]+|[A-Z]+)[-_])*$/;
const JOINED_WORDS_AFTER = /^(?:[-_](?:[a-z]+|[A-Z]+))*$/;

/** A Subresource Integrity hash (`sha512-…` in base64) or a content digest (`sha256:…` in hex). */
const DIGEST = /sha(?<!\wsha)(?:1|224|256|384|512)[-:][A-Za-z0-9+/=_-]+/dg;
const DIGEST_START = /^sha(?:1|224|256|384|512)[-:]/;

/**
 * The public identifiers of a text that look random (digests, CIDs, commit ids, UUIDs): a mask
 * that learns the text trusts them, so that no output shows one masked, even cut or rewritten.
 */
export function publicIdentifiers(text: string): string[] {
  const found: string[] = [];
  DIGEST.lastIndex = 0;
  for (let match = DIGEST.exec(text); match; match = DIGEST.exec(text)) found.push(match[0]);
  for (const run of candidateRuns(text)) {
    // No piece of a shorter run is as long as the pieces looked at.
    if (run.end - run.start < 32) continue;
    for (const piece of text.slice(run.start, run.end).split(/[_.:+\/]/)) if (piece.length >= 32 && PUBLIC_ID.test(piece)) found.push(piece);
  }
  return found;
}

/**
 * A credential's shape matched, and what follows its prefix was generated: not a placeholder
 * (`xoxb-your-bot-token`), nor words that happen to follow the same letters (`sk-` in
 * `task-delivery-…`): a generated part has digits or letters of both cases.
 */
function generatedAfterPrefix(value: string): boolean {
  return !isPlaceholder(value) && /[0-9]|[a-z][A-Z]|[A-Z][a-z]/.test(value.replace(/^[A-Za-z]+[-_]/, ''));
}

/** Runs shorter than this are no candidates; longer ones are taken this many at a time at most. */
const MIN_RUN = 20;
const MAX_RUN = 512;

/**
 * The characters generated credentials are made of: letters, digits, `-` and `_` (1), and those
 * that join their parts in some shapes (2): `.` and `:` (`Ab3d.9fGh.2kLm…`), `+` and `/` (standard
 * base64). A run of both is looked at as a whole and part by part.
 */
const RUN_CHARACTER = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_') RUN_CHARACTER[c.charCodeAt(0)] = 1;
for (const c of '.:+/') RUN_CHARACTER[c.charCodeAt(0)] = 2;
const JOINING = /[.:+/]/;

/** Whether a run holds a `.` or a `:`, which Telegram's and Discord's tokens join their parts with. */
function joinsWithDotOrColon(text: string, run: SecretSpan): boolean {
  for (let at = run.start; at < run.end; at++) {
    if (isDotOrColon(text.charCodeAt(at))) return true;
  }
  return false;
}

/** The last text's runs: a mask learning a text asks for its secrets and its public identifiers, one after the other. */
let lastRuns: { text: string; runs: SecretSpan[] } | undefined;

/**
 * The runs of `RUN_CHARACTER`s of at least `MIN_RUN` characters. Every such run holds one of the
 * characters `MIN_RUN` apart, so only those are looked at, and a run only from where one falls in
 * it: about half the characters of a text of words are read (a pattern would try every start
 * inside every shorter word).
 */
function candidateRuns(text: string): SecretSpan[] {
  if (lastRuns?.text === text) return lastRuns.runs;
  const runs: SecretSpan[] = [];
  const length = text.length;
  for (let probe = MIN_RUN - 1; probe < length; probe += MIN_RUN) {
    if (!isRunCharacter(text.charCodeAt(probe))) continue;
    let start = probe;
    while (start > 0 && isRunCharacter(text.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    while (end < length && isRunCharacter(text.charCodeAt(end))) end++;
    if (end - start >= MIN_RUN) runs.push({ start, end });
    // The next probe after the run: the character at `end` is none of its characters.
    while (probe + MIN_RUN <= end) probe += MIN_RUN;
  }
  lastRuns = { text, runs };
  return runs;
}

function isRunCharacter(code: number): boolean {
  return code < 128 && RUN_CHARACTER[code] !== 0;
}

/**
 * Candidates for a generated secret: each part of the text's runs between joining characters,
 * taken `MAX_RUN` at a time (longer than any credential), and a run of several parts as a whole
 * when it is written as generated parts are joined (see `joinedParts`).
 */
function generatedRuns(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const run of candidateRuns(text)) {
    for (const span of generatedInRun(text.slice(run.start, run.end))) spans.push({ start: run.start + span.start, end: run.start + span.end });
  }
  return spans;
}

/**
 * The generated candidates of one run, in its own places. A run's answer depends on it alone, and
 * runs recur: from one keystroke to the next, and from file to file (a schema's URL, model ids).
 */
const generatedInRun: (run: string) => readonly SecretSpan[] = remembered(
  (run) => {
    const spans: SecretSpan[] = [];
    const whole = { start: 0, end: run.length };
    let partStart = 0;
    for (let at = 0; at <= run.length; at++) {
      if (at < run.length && RUN_CHARACTER[run.charCodeAt(at)] !== 2) continue;
      for (let from = partStart; at - from >= MIN_RUN; from += MAX_RUN) {
        const span = generatedPart(run, from, Math.min(at, from + MAX_RUN));
        if (span) spans.push(withOpaqueNeighbours(run, span, whole));
      }
      partStart = at + 1;
    }
    if (partStart !== 0) {
      const joined = joinedParts(run, whole);
      if (joined) spans.push(joined);
      else spans.push(...mixedPieces(run, whole));
    }
    const grouped = groupedRun(run);
    if (grouped) spans.push(grouped);
    return spans;
  },
  4096,
  1024,
);

/**
 * Generated parts in a run that joins them in two ways, so that the run as a whole has neither
 * shape: base64 cut by `+` and `/` between a `.` or a `:` (`key.WbtIyqZ0qLprssSL+JbRPe+`, a key
 * before a path's `/../x`), and parts joined by `.`, `:` or `+` between two `/` (a token in a
 * URL's path, `/cb/sess-E7C0.E620.0340.…/`). Each piece that holds the other joiners is looked at
 * as a run of its own, its parts and its groups (see `groupedRun`).
 */
function mixedPieces(text: string, run: SecretSpan): SecretSpan[] {
  return [...piecesBetween(text, run, isDotOrColon, /[+/]/), ...piecesBetween(text, run, isSlash, /[.:+]/)];
}

function isDotOrColon(code: number): boolean {
  return code === 46 || code === 58;
}

function isSlash(code: number): boolean {
  return code === 47;
}

function piecesBetween(text: string, run: SecretSpan, cuts: (code: number) => boolean, holds: RegExp): SecretSpan[] {
  const spans: SecretSpan[] = [];
  let from = run.start;
  for (let at = run.start; at <= run.end; at++) {
    if (at < run.end && !cuts(text.charCodeAt(at))) continue;
    if (from > run.start || at < run.end) {
      const piece = text.slice(from, at);
      if (at - from >= MIN_RUN && holds.test(piece)) {
        const joined = joinedParts(text, { start: from, end: at });
        const grouped = joined ? undefined : groupedRun(piece);
        if (joined) spans.push(joined);
        else if (grouped) spans.push({ start: from + grouped.start, end: from + grouped.end });
      }
    }
    from = at + 1;
  }
  return spans;
}

/**
 * A generated part with the parts `.` or `:` join to it that are no words (`…:UpJ25v50Gz8`,
 * `pk.Q6H7hHeDzpOc.…`, base64 cut by `/`, `zz9-xHbhl5GHZ/tKcP…`), and whatever `+` joins to it:
 * a token's parts, which a reader would otherwise see whole. A word joined so (`.json`, `pk.`,
 * `hooks/`) stays readable.
 */
function withOpaqueNeighbours(text: string, span: SecretSpan, run: SecretSpan): SecretSpan {
  let { start, end } = span;
  for (;;) {
    const joiner = text.charCodeAt(start - 1);
    if (start - 1 <= run.start || RUN_CHARACTER[joiner] !== 2) break;
    let from = start - 1;
    while (from > run.start && RUN_CHARACTER[text.charCodeAt(from - 1)] === 1) from--;
    if (!joinedSecretPiece(text.slice(from, start - 1), joiner)) break;
    start = from;
  }
  for (;;) {
    const joiner = text.charCodeAt(end);
    if (end + 1 >= run.end || RUN_CHARACTER[joiner] !== 2) break;
    let to = end + 1;
    while (to < run.end && RUN_CHARACTER[text.charCodeAt(to)] === 1) to++;
    if (!joinedSecretPiece(text.slice(end + 1, to), joiner)) break;
    end = to;
  }
  return start === span.start && end === span.end ? span : { start, end };
}

/**
 * Whether a piece `joiner` joins to a generated part is part of the secret: one that is no word
 * (see `opaquePiece`), or anything a `+` joins, which no path or name holds (base64's own).
 */
function joinedSecretPiece(piece: string, joiner: number): boolean {
  return joiner === PLUS ? piece.length > 0 : opaquePiece(piece);
}
const PLUS = 43;

/**
 * A piece that is no word: digits among its letters, or letters of both cases after its first,
 * unless it is words joined by `-` or `_` (`X-Api-Key`, a header's name).
 */
function opaquePiece(piece: string): boolean {
  if (piece.length < 4 || piece.split(DASH_OR_UNDERSCORE).every((word) => ONE_WORD.test(word))) return false;
  const rest = piece.slice(1);
  return (/[0-9]/.test(piece) && /[A-Za-z]/.test(piece)) || (/[a-z]/.test(rest) && /[A-Z]/.test(rest));
}

/**
 * `from`…`end`, when what is left of it without words joined to either end looks generated. The
 * run is hidden whole all the same: what reads as a joined word may be the secret's first letters.
 */
function generatedPart(text: string, from: number, end: number): SecretSpan | undefined {
  const run = text.slice(from, end);
  const before = joinedWordsBefore(run);
  const after = joinedWordsAfter(run.slice(before));
  const core = run.slice(before, run.length - after);
  // A digest stands alone; joined by `_` to a prefix (`abc_live_<64 hex digits>`) it is a token's body.
  const prefixedHex = run[before - 1] === '_' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(core);
  const body = withoutPadding(core);
  if (body.length >= MIN_GENERATED && (prefixedHex || looksGenerated(body))) return { start: from, end };
  // Or a piece of it between `-` and `_` is long and random enough alone, whatever is joined to it
  // (`AbC_BDGYDXQNHQMXVEAJVHDAHRAUIRUQ`), or its pieces are generated text cut into groups.
  const pieces = run.split(DASH_OR_UNDERSCORE);
  return pieces.some((piece) => piece.length >= MIN_RUN && looksGenerated(piece)) || firstGroup(pieces) !== -1 ? { start: from, end } : undefined;
}

/**
 * Where pieces end with generated text cut into groups of one length (`QY66-EQCG-HXMA-MMLL`,
 * `mndaoi_lltthk_ojmmev_…`, base64's `gk8BaZZnk/u:eCUHj7cZ9Jp:…`), the last maybe shorter, after
 * whatever words open the run: the index of the first group, when there are three or more (the
 * last among them) and together they look generated; -1 otherwise. Words joined into a name are seldom all of one
 * length, and do not pair as random letters do.
 */
function firstGroup(pieces: readonly string[]): number {
  if (pieces.length < MIN_GROUPS) return -1;
  const last = pieces.length - 1;
  const length = pieces[last - 1]!.length;
  if (length < 3 || pieces[last]!.length > length || pieces[last]!.length === 0) return -1;
  let first = last - 1;
  while (first > 0 && pieces[first - 1]!.length === length) first--;
  if (last - first + 1 < MIN_GROUPS) return -1;
  const groups = pieces.slice(first).join('');
  return groups.replace(NOT_ALPHANUMERIC, '').length >= MIN_GENERATED && looksGenerated(groups, MIN_GENERATED) ? first : -1;
}
const NOT_ALPHANUMERIC = /[^A-Za-z0-9]/g;

/**
 * A run of generated groups cut by one joiner, whatever else its groups hold (`+` and `/` of
 * base64, `-` of url-safe base64): the groups, less the words before them. An address of IPv6's
 * hex groups is none. (`generatedPart` looks for groups too, in a part between `.`, `:`, `+` and
 * `/`, cut by `-` and `_` alike.)
 */
function groupedRun(run: string): SecretSpan | undefined {
  for (const joiner of GROUP_JOINERS) {
    // Three groups need two joiners between them at least.
    if (run.indexOf(joiner, run.indexOf(joiner) + 1) === -1) continue;
    const pieces = run.split(joiner);
    // A joiner that ends the run (a value cut after one) closes its last group.
    if (pieces.length > 1 && pieces.at(-1) === '') pieces.pop();
    if (pieces.length < MIN_GROUPS || (joiner === ':' && pieces.every((piece) => /^[0-9a-fA-F]{0,4}$/.test(piece)))) continue;
    const first = firstGroup(pieces);
    if (first === -1) continue;
    let start = pieces.slice(0, first).join(joiner).length + (first > 0 ? 1 : 0);
    // The first group, joined to the words before it otherwise (`rt_UXmH…` of `rt_UXmH….pRkW….`),
    // or to a path (`/MHeJh` of `/MHeJh:JgYQZ:…`).
    const before = pieces[first - 1];
    const length = pieces[first]!.length;
    if (before && before.length > length && WORD_JOINER.test(before[before.length - length - 1]!)) start -= length + 1;
    return { start, end: run.length };
  }
  return undefined;
}
const WORD_JOINER = /[-_.:/]/;
const GROUP_JOINERS = ['.', ':', '-', '_'];
const MIN_GROUPS = 3;

/**
 * A run of parts joined by `.` or `:` (parts of up to 24 letters and digits, as in
 * `Ab3d.9fGh.2kLm.Qw8e`, the last maybe of one), or standard base64 cut by `+` and `/` into random pieces:
 * what its letters and digits make together looks generated. Host names, versions, times, paths
 * and model ids are words or numbers joined, and do not.
 */
function joinedParts(text: string, run: SecretSpan): SecretSpan | undefined {
  let start = run.start;
  let end = run.end;
  // What joins a run's parts does not open or end it, but a `+`, which is base64's own.
  while (start < end && RUN_CHARACTER[text.charCodeAt(start)] === 2 && text.charCodeAt(start) !== PLUS) start++;
  while (end > start && RUN_CHARACTER[text.charCodeAt(end - 1)] === 2 && text.charCodeAt(end - 1) !== PLUS) end--;
  // A `.` with a `+` or a `/` is neither shape, whatever prefix is left out (a prefix holds
  // neither): most runs that join parts are URLs and file names, and are settled here.
  if (mixesJoiners(text, start, end)) return undefined;
  const written = text.slice(start, end);
  // A credential's prefix of words (`rt_`, `svc:`, `X-Api-Key:`) is no part of it.
  const words = written.slice(joinedWordsBefore(written));
  // A scheme or a service's name before a colon (`svc:`, `ipfs:`) too, when it reads as a word: a
  // random piece before a colon, as long as the part after it, is the run's first group.
  const scheme = /^([A-Za-z]+):([^:]*)/.exec(words);
  const body = scheme && pairsAsWords(scheme[1]!) && scheme[1]!.length !== scheme[2]!.length ? words.slice(scheme[1]!.length + 1) : words;
  // Parts joined as generated parts are, by `.` and `:` (url-safe base64's `-` and `_` among
  // their characters) or by base64's `+` and `/`: a URL or a path mixes them, and is neither.
  const dottedShape = /^[\w.:-]+$/.test(body);
  const base64Shape = /^[A-Za-z0-9+/]+$/.test(body);
  if (!dottedShape && !base64Shape) return undefined;
  const parts = body.split(JOINING);
  const alphanumerics = parts.join('').replace(DASH_OR_UNDERSCORE, '');
  // Base64 counts its `+` and `/` among a run's characters; a dotted run counts only its parts'.
  if (alphanumerics.length < (base64Shape ? MIN_GENERATED : MIN_RUN) || parts.some((part) => PUBLIC_ID.test(part))) return undefined;
  const dotted = dottedShape && parts.length >= 2 && parts.every((part, index) => part.length >= (index === parts.length - 1 ? 1 : 2) && part.length <= 24);
  const base64 =
    base64Shape &&
    parts.length >= 2 &&
    body.length >= MIN_RUN &&
    // After a scheme (`ipfs:`, `https:`), `//` opens a URL.
    !body.startsWith('/') &&
    // A path's folders are words (`workspace/projects`): a random piece is rarely one. No path
    // holds a `+`.
    (body.includes('+') || !parts.some((part) => /^[a-z]{4,}$/.test(part) && pairsAsWords(part)));
  const generated = withoutPadding(alphanumerics);
  return (dotted && looksGenerated(generated)) || (base64 && looksGenerated(generated, MIN_GENERATED)) ? { start: end - body.length, end } : undefined;
}

/**
 * A run without the character repeated at either end (`aaaa…`, `0000…`, `xxxx…`): padding, or
 * filler before a secret, which nothing generated writes four times in a row, and which would
 * make the random part after it look as plain as itself.
 */
function withoutPadding(run: string): string {
  let start = 0;
  while (start < run.length && run.charCodeAt(start) === run.charCodeAt(0)) start++;
  let end = run.length;
  while (end > start && run.charCodeAt(end - 1) === run.charCodeAt(run.length - 1)) end--;
  return run.slice(start >= PADDING ? start : 0, run.length - end >= PADDING ? end : run.length);
}
const PADDING = 4;

/** Whether `text` from `start` to `end` holds a `.` and a `+` or a `/`. */
function mixesJoiners(text: string, start: number, end: number): boolean {
  let dot = false;
  let base64 = false;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 46) dot = true;
    else if (code === PLUS || code === 47) base64 = true;
  }
  return dot && base64;
}

/**
 * Public identifiers that look random, wherever they are: CIDs (CIDv0 `Qm…`, CIDv1 `ba…` in
 * base32 of either case, `zdj7…` and `zb2r…` in base58), git commit ids and hex digests of 40 or
 * 64 characters, UUIDs. A CID cut short or mistyped is public in the places that hold CIDs (see
 * `maskFor`).
 */
const CID = String.raw`Qm[1-9A-HJ-NP-Za-km-z]{44}|z(?:dj7|b2r)[1-9A-HJ-NP-Za-km-z]{40,}|ba[a-z2-7]{50,}|BA[A-Z2-7]{50,}`;
const PUBLIC_ID = new RegExp(String.raw`^(?:${CID}|[0-9a-f]{40}|[0-9a-f]{64}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$`);
/** A content identifier (a CID): what it names is public, wherever it stands. */
const CONTENT_ID = new RegExp(`^(?:${CID})$`);

/**
 * Whether a run looks generated: digits mixed with letters (of both cases, or hex of a key's
 * length), switching between them as random text does rather than as words and numbers do, with
 * the entropy of random text. Names (`OPENAI_API_KEY_2024`), slugs, model ids, words joined up
 * and public identifiers do not. Letters of both cases and digits count from `shortest` on
 * (fewer where more of the run is base64's `+` and `/`).
 */
function looksGenerated(run: string, shortest = MIN_RUN): boolean {
  let digits = 0;
  let lower = 0;
  let upper = 0;
  let switches = 0;
  let previous = -1;
  for (let i = 0; i < run.length; i++) {
    const code = run.charCodeAt(i);
    const kind = code >= 48 && code <= 57 ? 0 : code >= 97 && code <= 122 ? 1 : code >= 65 && code <= 90 ? 2 : -1;
    if (kind === -1) continue;
    if (kind === 0) digits++;
    else if (kind === 1) lower++;
    else upper++;
    if (previous !== -1 && kind !== previous) switches++;
    previous = kind;
  }
  const alphanumerics = digits + lower + upper;
  // Most runs of a manifest are words, slugs and names: settled here, before any pattern runs.
  if (alphanumerics < MIN_GENERATED) return false;
  // Words and numbers joined (`claude-3-5-sonnet-20241022`, `TOKEN_2024_11_05_ROTATED`), or
  // words joined up in camel case (`apiKeyForTheSlackBotIntegrationV2`): a name.
  if (readsAsNamesJoined(run) || (lower > 0 && upper > 0 && readsAsCamelWords(run))) return false;
  const mixedCase = lower > 0 && upper > 0;
  if (digits === 0) {
    // Letters of both cases: a long run that switches case as random letters do (half the
    // time), and does not read as words joined up (`getUserAccountByIdentifierAndToken`).
    // From 20 letters on, when their pairs are those of random letters too.
    if (mixedCase && switches / alphanumerics >= 0.35) {
      return (
        !isPlaceholder(run) &&
        ((alphanumerics >= 32 && entropy(run) >= 4 && !wordLike(run, alphanumerics, true)) ||
          (alphanumerics >= 20 && entropy(run) >= 3.5 && (rarePairShare(run) >= 0.35 || meanPairRank(run) >= RANDOM_PAIR_RANK)))
      );
    }
    // Letters of one case, or mostly of one (a few capitals among them, which camel-case words
    // are not: see above): their pairs are those of random letters, not of words joined up.
    return alphanumerics >= 20 && entropy(run) >= 3.2 && meanPairRank(run) >= RANDOM_PAIR_RANK && !isPlaceholder(run);
  }
  // Digits alone are none; digits kept together in a number or two among letters of both cases
  // are a name. Letters of one case are judged below, by their pairs too.
  if (lower + upper === 0 || (mixedCase && switches / alphanumerics < 0.1) || PUBLIC_ID.test(run) || isPlaceholder(run)) return false;
  if (/^[0-9a-f]+$/.test(run) || /^[0-9A-F]+$/.test(run)) return run.length >= 24 && entropy(run) >= 3;
  if (!mixedCase) {
    // One case (base32, base36): ids and names of one case mix in digits too, so a long run
    // without a word in it (`…_polygon`), or digits scattered among letters as random text
    // scatters them (`k3j9x8q2m4n7p1z5`), where names keep theirs in a number or two.
    const long = alphanumerics >= 24 && !/(?:^|[-_])[A-Za-z]{4,}(?:$|[-_])/.test(run);
    const scattered = digits >= 3 && lower + upper >= 3 && ((run.match(/[0-9]+/g)?.length ?? 0) >= 3 || switches / alphanumerics >= 0.3);
    // Or letters that pair as random letters do, whatever the digits (`mzzhcxarmoa196hvvkd2j`).
    const randomLetters = lower + upper >= 8 && rarePairShare(run) >= 0.35;
    if (!long && !scattered && !randomLetters) return false;
    // Fewer symbols than mixed case: random text of one case repeats some of them more.
    return entropy(run) >= 3.2 && !wordLike(run, alphanumerics);
  } else if (alphanumerics < shortest) return false;
  return entropy(run) >= 3.5 && !wordLike(run, alphanumerics);
}

/** Whether digits are scattered among letters as in random text: three numbers or more, and as many switches as a third of the characters. */
function scatteredDigits(value: string): boolean {
  const numbers = value.match(/[0-9]+/g)?.length ?? 0;
  const switches = value.match(/[0-9](?=[A-Za-z])|[A-Za-z](?=[0-9])/g)?.length ?? 0;
  return numbers >= 3 && switches >= value.length / 3;
}

/**
 * The share of a text's letter pairs that English seldom writes (outside `PAIRS_BY_FREQUENCY`): more
 * than half for random letters, a tenth or less for words joined up.
 */
function rarePairShare(text: string): number {
  return averageOverPairs(text, (rank) => (rank >= PAIRS_BY_FREQUENCY.length ? 1 : 0));
}

/**
 * How far down the list of English letter pairs a text's pairs fall, on average: 0 for the most
 * frequent pair, 1 for a pair outside the list. Words joined up average about 0.3; random letters
 * about 0.75, and rarely under `RANDOM_PAIR_RANK` (measured over words of this project's docs
 * joined at random, and random letters: at 24 letters, 1.7% of random runs fall under it and 0.15%
 * of words joined up over it; a share of pairs outside the list separates them less well).
 */
function meanPairRank(text: string): number {
  return averageOverPairs(text, (rank) => rank / PAIRS_BY_FREQUENCY.length);
}

/** The average of `score` over the ranks of a text's letter pairs, its other characters left out (as words joined up pair). */
function averageOverPairs(text: string, score: (rank: number) => number): number {
  let pairs = 0;
  let sum = 0;
  let previous = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) | 32;
    if (code < 97 || code > 122) continue;
    if (previous !== -1) {
      pairs++;
      sum += score(pairRank(previous, code));
    }
    previous = code;
  }
  return pairs === 0 ? 0 : sum / pairs;
}
const RANDOM_PAIR_RANK = 0.6;

/**
 * Words joined to the start or the end of a run by `-` or `_` (`abc_live_`, `MyApp_`, `-token`): a name's,
 * or a credential's prefix, never its generated part. Words joined to a short random tail
 * (`agent-manifest-test-3z8y2C`, a temporary folder) are a name: what is left must be as long as
 * a credential.
 */
export function joinedWordsBefore(run: string): number {
  let taken = 0;
  for (let separator = nextSeparator(run, 0); separator !== -1 && isJoinedWord(run.slice(taken, separator)); separator = nextSeparator(run, taken)) {
    taken = separator + 1;
  }
  return taken;
}

function joinedWordsAfter(run: string): number {
  let kept = run.length;
  for (
    let separator = previousSeparator(run, kept);
    separator !== -1 && isJoinedWord(run.slice(separator + 1, kept));
    separator = previousSeparator(run, kept)
  ) {
    kept = separator;
  }
  return run.length - kept;
}

function nextSeparator(run: string, from: number): number {
  for (let at = from; at < run.length; at++) if (run[at] === '-' || run[at] === '_') return at;
  return -1;
}

function previousSeparator(run: string, before: number): number {
  for (let at = before - 1; at >= 0; at--) if (run[at] === '-' || run[at] === '_') return at;
  return -1;
}

/**
 * A word of one case, capitalised, or camel-cased words (`MyApp`, `LiveKey`): each a short word
 * or one of three letters or more with half its pairs or more among English's frequent pairs.
 */
function isJoinedWord(segment: string): boolean {
  if (ONE_WORD.test(segment)) return true;
  return CAMEL_WORDS.test(segment) && (segment.match(/[A-Z][a-z]+/g) ?? []).every(isCamelWord);
}

function isCamelWord(piece: string): boolean {
  if (SHORT_WORDS.has(piece.toLowerCase())) return true;
  if (piece.length < 3) return false;
  let frequent = 0;
  for (let i = 1; i < piece.length; i++) if (pairRank(piece.charCodeAt(i - 1), piece.charCodeAt(i)) < PAIRS_BY_FREQUENCY.length) frequent++;
  return frequent / (piece.length - 1) >= 0.5;
}
const ONE_WORD = /^(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)$/;
const CAMEL_WORDS = /^(?:[A-Z][a-z]+)+$/;
/** Global, so that it serves `replace` as well as `split` (which ignores the flag). */
const DASH_OR_UNDERSCORE = /[-_]/g;
/** The shortest generated part that counts as a credential. */
const MIN_GENERATED = 16;

/**
 * Whether a run reads as words joined up (`DailyReport2024Summary`, `useEffectHook2`): most of it
 * in lower-case runs of three letters or more, the letters paired as English pairs them (`th`,
 * `er`, `on`…), and its digits in one or two numbers. Random text has short lower-case runs, few
 * such pairs (about one in twelve) and its digits scattered.
 */
function wordLike(run: string, alphanumerics: number, plainly = alphanumerics >= 32, pairedAtLeast = 0.45): boolean {
  let inLowerRuns = 0;
  let lowerRun = 0;
  let pairs = 0;
  let commonPairs = 0;
  let previousLetter = -1;
  for (let i = 0; i <= run.length; i++) {
    const code = i < run.length ? run.charCodeAt(i) : 0;
    const isLower = code >= 97 && code <= 122;
    if (isLower) lowerRun++;
    else {
      if (lowerRun >= 3) inLowerRuns += lowerRun;
      lowerRun = 0;
    }
    const letter = isLower || (code >= 65 && code <= 90) ? code | 32 : -1;
    if (letter !== -1 && previousLetter !== -1) {
      pairs++;
      if (isCommonPair(previousLetter, letter)) commonPairs++;
    }
    previousLetter = letter;
  }
  const numbers = run.match(/[0-9]+/g)?.length ?? 0;
  // Letters that pair as random letters do are no words, however many common pairs they hit.
  if (numbers >= 3 || pairs === 0 || rarePairShare(run) >= 0.3) return false;
  // A long run, or one in a credential's place, must read as words more plainly.
  const [wordy, paired] = plainly ? [0.6, pairedAtLeast] : [0.45, 0.4];
  return inLowerRuns / alphanumerics >= wordy && commonPairs / pairs >= paired;
}

/**
 * Whether the letters of a segment pair as words do: short ones (`gpt`, `opus`, `v2`) always; a
 * longer one (`claude`, `sonnet`, `workspace`) has a third of its pairs or more among the common
 * pairs, where random letters (`Nrgwfpe`) have about one in six.
 */
function pairsAsWords(segment: string): boolean {
  const letters = segment.replace(/[0-9]+$/, '').toLowerCase();
  if (letters.length <= 4) return true;
  let common = 0;
  for (let i = 1; i < letters.length; i++) if (isCommonPair(letters.charCodeAt(i - 1), letters.charCodeAt(i))) common++;
  return common / (letters.length - 1) >= 1 / 3;
}

/**
 * The 300 letter pairs most frequent in English text, most frequent first (the order of Peter
 * Norvig's bigram counts over the Google Books corpus, "English Letter Frequency Counts: Mayzner
 * Revisited"). Words of any identifier are made of the first ones; random letters fall beyond
 * them more than half of the time, words seldom.
 */
const PAIRS_BY_FREQUENCY: readonly string[] = (
  'th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve ' +
  'co me de hi ri ro ic ne ea ra ce li ch ll be ma si om ur ca el ta la ns di fo ho pe ec pr no ' +
  'ct us ac ot il tr ly nc et ut ss so rs un lo wa ge ie wh ee wi em ad ol rt po we na ul ni ts ' +
  'mo ow pa im mi ai sh ir su id os iv ia am fi ci vi pl ig tu ev ld ry mp fe bl ab gh ty op wo ' +
  'sa ay ex ke fr oo av ag if ap gr od bo sp rd do uc bu ei ov by rm ep tt oc fa ef cu rn sc gi ' +
  'da yo cr cl du ga qu ue ff ba ey ls va um pp ua up lu go ht ru ug ds lt pi rc rr eg au ck ew ' +
  'mu br bi pt ak pu ui rg ib tl ny ki rk ys ob mm fu ph og ms ye ud mb ip ub oi rl gu dr hr cc ' +
  'tw ft wn nu af hu nn eo vo rv nf xp gn sm fl iz ok nl my gl aw ju oa eq sy sl ps jo lf nv je ' +
  'nk kn gs dy hy ze ks xt bs ik dd cy rp sk xi oe oy ws lv dl rf eu dg wr xa yi nm eb rb tm xc ' +
  'eh tc gy ja hn yp za gg ym sw bj lm cs ii ix xe oh lk dv lp ax'
).split(' ');

/** Each pair's rank in `PAIRS_BY_FREQUENCY`, by its letters (`a`…`z` as 0…25); unranked pairs after them all. */
const PAIR_RANK = new Uint16Array(26 * 26).fill(PAIRS_BY_FREQUENCY.length);
for (const [rank, pair] of PAIRS_BY_FREQUENCY.entries()) PAIR_RANK[(pair.charCodeAt(0) - 97) * 26 + pair.charCodeAt(1) - 97] = rank;
/** The letter pairs words are made of: the 125 most frequent. */
const COMMON_RANKS = 125;

/** The rank of the pair of two letters' codes (either case), `PAIRS_BY_FREQUENCY.length` for another character. */
function pairRank(first: number, second: number): number {
  const a = (first | 32) - 97;
  const b = (second | 32) - 97;
  return a >= 0 && a < 26 && b >= 0 && b < 26 ? PAIR_RANK[a * 26 + b]! : PAIRS_BY_FREQUENCY.length;
}

/** Whether two letters (their codes, either case) are one of the pairs words are made of. */
export function isCommonPair(first: number, second: number): boolean {
  return pairRank(first, second) < COMMON_RANKS;
}

/** `collect` over the run `within` of `text`: a run is bounded by characters no shape opens or ends with. */
function collectIn(text: string, within: SecretSpan, pattern: RegExp, group: number, into: SecretSpan[], accept: (value: string) => Verdict): void {
  const found: SecretSpan[] = [];
  collect(text.slice(within.start, within.end), pattern, group, found, accept);
  for (const span of found) into.push({ start: within.start + span.start, end: within.start + span.end });
}

/**
 * What of a value in a credential's place is secret: the value when it is opaque; of a URL there
 * (a token field holding `https://…/files/<token>/download`), each opaque piece of its path and query.
 */
function opaqueParts(value: string): Verdict {
  if (!value.includes('://')) return opaque(value);
  const parts: SecretSpan[] = [];
  URL_PIECE.lastIndex = 0;
  for (let piece = URL_PIECE.exec(value); piece; piece = URL_PIECE.exec(value)) {
    if (opaque(piece[0])) parts.push({ start: piece.index, end: piece.index + piece[0].length });
  }
  return parts;
}
const URL_PIECE = /[^/?#&=]+/g;

/** What of a matched value is secret: all of it, none of it, or these parts of it. */
type Verdict = boolean | readonly SecretSpan[];

function collect(text: string, pattern: RegExp, group: number, into: SecretSpan[], accept: ((value: string) => Verdict) | undefined): void {
  // Patterns carry the `d` flag, so a group's place is known without searching for it.
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const value = match[group];
    const place = match.indices?.[group];
    const verdict = value && place ? (accept?.(value) ?? true) : false;
    if (verdict === true) into.push({ start: place![0], end: place![1] });
    else if (verdict) for (const part of verdict) into.push({ start: place![0] + part.start, end: place![0] + part.end });
    if (match[0].length === 0) pattern.lastIndex++;
  }
}

/**
 * Whether a value is words and short numbers joined: a path, a model id or a version
 * (`node_modules/.bin/manifest-lint`, `anthropic/claude-sonnet-4-6`), not a credential.
 */
function readsAsNamesJoined(value: string): boolean {
  const segments = value.split(/[/:.@_\s^~-]+/).filter((segment) => segment !== '');
  if (segments.length < 2 || !segments.every((segment) => WORD_SEGMENT.test(segment))) return false;
  // A name among words (`luxon-dynamic-8-italic`) may pair its letters as no English word does.
  const strange = segments.filter((segment) => !pairsAsWords(segment)).length;
  return strange === 0 || (strange === 1 && segments.length >= 3);
}

/** A date, maybe with its time (`2026-08-24T09:00:00Z`): numbers joined, not a credential. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether a key's name says it holds a credential (`botToken`, `apiKey`, `client_secret`, `password`). */
export function holdsCredential(key: string): boolean {
  return CREDENTIAL_KEY.test(key);
}

/** A name ending with one of the credential words. */
const CREDENTIAL_KEY = new RegExp(`${CREDENTIAL_WORD}$`, 'i');

/** Whether a whole value is a credential of a known shape (a token pasted where a name belongs). */
export function looksLikeToken(value: string): boolean {
  if (value.length < 20 || /\s/.test(value)) return false;
  for (const [{ pattern, group }, literal] of SHAPES_WITH_LITERALS) {
    // A whole value matched opens with its shape's literal: no other shape is tried (or compiled).
    if (group !== 0 || !value.startsWith(literal)) continue;
    pattern.lastIndex = 0;
    const match = pattern.exec(value);
    if (match && match.index === 0 && match[0].length === value.length) return true;
  }
  return false;
}

/**
 * A word in one case or capitalised, maybe with a short number before or after it (`app2`,
 * `1SLACK`), or a number of up to eight digits (`2024`, a date's `20241022`).
 */
const WORD_SEGMENT = /^(?:[0-9]{0,4}(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)[0-9]{0,4}|[0-9]{1,8})$/;
const REFERENCE = /^(?:\$\{?[A-Za-z_]|%[A-Za-z_][A-Za-z0-9_]*%$|env:|process\.env\.|secrets\.|<|\{\{)/;
/** Names people write: words, an upper-case variable name, a number at the end (`TOKEN_2`, `myBot3`). */
const NAME_LIKE = /^(?:[A-Z][A-Z0-9_]*|[A-Za-z_-]+[0-9]*)$/;

/**
 * An opaque value: long enough, not a reference to a variable (`$API_KEY`, `env:NAME`), not a
 * name or a placeholder (`OPENAI_API_KEY`, `your-token-here`), and mixing letters with digits
 * (or, for long ones, many letters at random) the way generated credentials do.
 */
export function opaque(value: string): boolean {
  // A credential is one word: text with spaces in it is a sentence, or a command line.
  // In a credential's place, a value of a credential's shape is one, whatever else it could be (a
  // 40-digit hex token, a UUID API key): only a CID or a digest names something public there.
  if (value.length < 8 || /\s/.test(value) || REFERENCE.test(value) || value.includes('://') || CONTENT_ID.test(value) || DIGEST_START.test(value)) {
    return false;
  }
  // A `.env` line pasted whole (`TELEGRAM_BOT_TOKEN=…`): its value.
  const assigned = ENV_LINE.exec(value);
  if (assigned) return opaque(assigned[2]!);
  // Digits: a numeric key or PIN, long enough not to be a count or a port, alone, in groups
  // (`01093780.28772014.…`) or after words (`abc_live_2834…`), where longer still than a date's.
  const wordsEnd = joinedWordsBefore(value);
  const afterWords = value.slice(wordsEnd);
  if (NUMBER_AFTER_WORDS.test(afterWords)) {
    const digits = afterWords.replace(NOT_DIGIT, '');
    return digits.length >= (wordsEnd === 0 ? 12 : 16) && entropy(digits) >= 2.8 && !DATE_TIME.test(value);
  }
  // What is made as credentials are, unless it is words and numbers joined, a date or a
  // placeholder: the cheaper questions first, as most values a manifest holds are names.
  // Groups of one length that look generated together (`QY66-EQCG-HXMA-MMLL`) are no names
  // joined, however short their pieces.
  return (
    madeAsCredentials(value, afterWords) && !DATE_TIME.test(value) && (!readsAsNamesJoined(value) || groupedRun(value) !== undefined) && !isPlaceholder(value)
  );
}
const NUMBER_AFTER_WORDS = /^[0-9]+(?:[.:_-][0-9]+)*$/;
const NOT_DIGIT = /[^0-9]/g;

/** `afterWords`: the value less the words joined to its start (`rt_` of `rt_dmdeh…`). */
function madeAsCredentials(value: string, afterWords: string): boolean {
  // A name (`OPENAI_API_KEY`, `myBotToken`), unless it mixes cases without reading as words.
  if (NAME_LIKE.test(value)) {
    // Most names are settled by their characters alone, before their entropy is worked out.
    return (
      // Long and varied, unless words joined up (`BuildTokenDiscordWeeklyTelegram`, a name in the wrong case).
      (value.length >= 24 && entropy(value) >= 4 && !readsAsWords(value)) ||
      (value.length >= 12 && /[a-z]/.test(value) && /[A-Z]/.test(value) && entropy(value) >= 3 && !readsAsWords(value)) ||
      // Random letters of one case pair as words seldom do (`qwhtzkxbnmvprsdl`, `rt_dmdehethultf…`),
      // with a digit or two among them or not (`QY66EQCGHXMAMMLL`).
      (ONE_CASE_LETTERS.test(afterWords) && afterWords.replace(DIGITS, '').length >= 8 && entropy(afterWords) >= 3 && rarePairShare(afterWords) >= 0.3) ||
      // A name keeps its digits in a number or two; generated text scatters them (`F3548098D4C239E5`).
      (value.length >= 16 && scatteredDigits(value) && entropy(value) >= 3)
    );
  }
  // Letters alone, cut by separators into pieces that are no words (`qwht.zkxb.nmvp.rsdl`).
  if (/^[A-Za-z]+(?:[.:][A-Za-z]+)+$/.test(value)) return value.length >= 12 && entropy(value) >= 3 && rarePairShare(value) >= 0.3;
  // Digits among the letters: words joined up must read as words all the more plainly.
  return /[0-9]/.test(value) && /[A-Za-z]/.test(value) && entropy(value) >= 2.5 && !readsAsWords(value, 0.55);
}

const ONE_CASE_LETTERS = /^(?:[a-z0-9]{12,}|[A-Z0-9]{12,})$/;
const DIGITS = /[0-9]/g;

/** Camel-case pieces: an acronym before a word or a number, a word, a letter and its number (`Q4`), a number. */
const CAMEL_PIECE = /[A-Z]{2,}(?=[A-Z][a-z]|[^A-Za-z]|$)|[A-Z]?[a-z]+|[A-Z][0-9]+|[A-Z]|[0-9]+|[^A-Za-z0-9]+/g;

/**
 * Whether a whole value is words joined up (`DailyReport2024Summary`, `HTTPServer2`): every piece
 * of letters a word of three or more (or an acronym), and the letters paired as words pair them.
 * A short random value has pieces of one or two letters (`Ec8Zckly2kpdepTn`), or long ones whose
 * letters pair at random (`Ouihy`), so a credential in its place is not taken for words by chance.
 */
function readsAsWords(value: string, pairedAtLeast = 0.45): boolean {
  if (readsAsCamelWords(value)) return true;
  const pieces = value.match(CAMEL_PIECE) ?? [];
  let strange = 0;
  for (const piece of pieces) {
    if (/^[A-Za-z]{1,2}$/.test(piece) && !/^[A-Z]{2}$/.test(piece) && !SHORT_WORDS.has(piece.toLowerCase())) return false;
    if (!pairsAsWords(piece)) strange++;
  }
  // One word among three or more may pair its letters as few words do (`AboutTemporaryQuick`).
  const words = pieces.filter((piece) => /^[A-Za-z]{3,}$/.test(piece)).length;
  return (strange === 0 || (strange === 1 && words >= 3)) && wordLike(value, value.length, true, pairedAtLeast);
}

/** Words of one or two letters that camel-case names are made of too (`DigestAgentInProduction`). */
const SHORT_WORDS = new Set([
  'an',
  'as',
  'at',
  'be',
  'by',
  'do',
  'go',
  'id',
  'if',
  'in',
  'is',
  'it',
  'me',
  'my',
  'no',
  'of',
  'ok',
  'on',
  'or',
  'so',
  'to',
  'up',
  'us',
  'vs',
  'we',
]);

/**
 * Whether a value is words joined up in camel case (`apiKeyForTheSlackBotIntegrationV2`): three
 * words or more, each of three letters or more pairing as words do, or a short word, or an
 * acronym — one long word may pair as few do (`backup`: `ck`, `ku`, `up`); at most two numbers;
 * the letters inside the words paired as English pairs them. A measure of lower-case runs misses
 * such names, whose capitals cut every word's first letter off.
 */
function readsAsCamelWords(value: string): boolean {
  let words = 0;
  let longWords = 0;
  let strange = 0;
  let numbers = 0;
  let pairs = 0;
  let common = 0;
  let rare = 0;
  for (const piece of value.match(CAMEL_PIECE) ?? []) {
    const first = piece.charCodeAt(0);
    if (first >= 48 && first <= 57) {
      numbers++;
      continue;
    }
    if (/^[A-Z][0-9]+$/.test(piece)) {
      numbers++;
      continue;
    }
    if (!/^[A-Za-z]+$/.test(piece)) continue;
    const word = /^[A-Z]{2,}$/.test(piece) || SHORT_WORDS.has(piece.toLowerCase()) || (piece.length >= 3 && pairsAsWords(piece));
    if (!word && (piece.length < LONG_WORD || ++strange > 1)) return false;
    words++;
    if (piece.length >= LONG_WORD) longWords++;
    for (let i = 1; i < piece.length; i++) {
      const rank = pairRank(piece.charCodeAt(i - 1), piece.charCodeAt(i));
      pairs++;
      if (rank < COMMON_RANKS) common++;
      else if (rank >= PAIRS_BY_FREQUENCY.length) rare++;
    }
  }
  if (words < 3 || numbers > 2 || pairs === 0) return false;
  // Few of a name's pairs are rare ones; random letters' are half of them.
  if (rare / pairs <= CAMEL_WORDS_RARE) return true;
  return strange === 0 && common / pairs >= (longWords >= 3 ? LONG_CAMEL_WORDS_PAIRED : CAMEL_WORDS_PAIRED);
}

/**
 * The share of common pairs camel-case words reach together. Each word already pairs as words do
 * (or is short, or an acronym); random letters cut at their capitals make short pieces, which
 * count as words whatever their pairs, so a name of three long words (five letters or more, which
 * random letters seldom make) may pair a little less: words with few common pairs of their own
 * (`webhook`: `eb`, `bh`, `oo`, `ok`) bring `webhookInvoiceWebhookMarketV2` to 0.43.
 */
const CAMEL_WORDS_PAIRED = 0.45;
const LONG_CAMEL_WORDS_PAIRED = 0.4;
/**
 * Or the share of rare pairs (beyond `PAIRS_BY_FREQUENCY`) words keep below. Measured over 50,000
 * random runs of 20 letters and digits of both cases, 9 read as camel-case words with it as
 * without it; of 20,000 names of three to five words of this project's docs, 19,864 do with it
 * against 18,411.
 */
const CAMEL_WORDS_RARE = 0.15;
const LONG_WORD = 5;

/** Shannon entropy in bits per character. */
function entropy(value: string): number {
  const counts = countsOf(value);
  let bits = 0;
  for (const count of counts) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Per ASCII character, reused: credentials are ASCII, and a document may hold thousands of them. */
const asciiCounts = new Int32Array(128);

/** How often each character occurs, in the order of first occurrence. */
function countsOf(value: string): number[] {
  const order: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128) {
      for (const seen of order) asciiCounts[seen] = 0;
      return countsOfCodePoints(value);
    }
    const count = asciiCounts[code]!;
    if (count === 0) order.push(code);
    asciiCounts[code] = count + 1;
  }
  const counts = order.map((code) => asciiCounts[code]!);
  for (const code of order) asciiCounts[code] = 0;
  return counts;
}

function countsOfCodePoints(value: string): number[] {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  return [...counts.values()];
}

/** Sorts spans and merges those that overlap or touch. */
export function mergeSpans(spans: SecretSpan[]): SecretSpan[] {
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: SecretSpan[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ start: span.start, end: span.end });
  }
  return merged;
}
