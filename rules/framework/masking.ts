/**
 * The one masking function every output passes through (SPEC section 4): messages, fix titles
 * and texts, code frames, diffs, the template `api` response, the language server's diagnostics,
 * hovers and code action titles.
 *
 * A mask knows the secrets of the texts it has learned (the manifest, its config file, a
 * README) and hides them wherever they appear in an output — also rebuilt in another form, such
 * as upper-cased into a variable name or lower-cased into a slug: after the first characters a
 * secret may show, any run of `GRAM` letters and digits from the rest of it is hidden, whatever
 * its case and whatever separates its characters — a run that looks generated, that is: what a
 * secret shares with words (`bottoken` in a placeholder, `your`) is never a reason to hide text.
 * Secret shapes in the output itself are hidden too, so text the mask never learned (another
 * file's, a command's) cannot carry one either.
 */
import { arrayItems, childValue, derived, derivedIfComputed, MAX_LENGTH, type ParsedDocument } from './document.js';
import { findSecrets, isCommonPair, joinedWordsBefore, looksLikeToken, mergeSpans, opaque, publicIdentifiers, type SecretSpan } from './secret-detector.js';
import type { Diagnostic, Fix } from './types.js';
import { hasInvisible, withoutInvisible } from './escapes.js';
import { forEachString } from './walk.js';
import { ContainingValues } from './containing-values.js';
import { ExactSecrets } from './exact-secrets.js';
import { CUT, type PieceSecret, SecretPieces } from './secret-pieces.js';

/** Characters a secret may show before the ellipsis: at most 4, and never half of it. */
export function shownLength(secret: string): number {
  // Counted in code points, so that a character outside the BMP shows whole or not at all; done
  // without splitting the string, as a document with thousands of tokens asks for each of them.
  let codePoints = secret.length;
  for (let i = 0; i < secret.length - 1; i++) if (pairAt(secret, i)) codePoints--, i++;
  const shown = Math.min(4, Math.floor(codePoints / 2));
  let length = 0;
  for (let taken = 0; taken < shown; taken++) length += pairAt(secret, length) ? 2 : 1;
  return length;
}

/** Whether a surrogate pair (one code point) starts at `index`. */
function pairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(index + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

/** What a message may show of a secret: its first characters (see `shownLength`), then `…`. */
export function maskSecret(value: string): string {
  return `${value.slice(0, shownLength(value))}…`;
}

/** Letters and digits in a row that, taken from a secret's hidden part, count as the secret. */
const GRAM = 6;
const GRAM_SPACE = 36 ** GRAM;

/** A mask's knowledge as plain data, which a message between threads can carry. */
export interface MaskSnapshot {
  trusted: string[];
  secrets: string[];
}

export class SecretMask {
  /** Every secret learned, as it appears. */
  private readonly secrets: string[] = [];
  private readonly known = new Set<string>();
  /**
   * Secrets whose hidden part the grams do not cover whole (fewer than `GRAM` letters and digits,
   * or runs that read as words, `…vessie…`): matched exactly, with the length they may show.
   */
  private readonly exact = new ExactSecrets();
  /** Every secret's pieces, to find one quoted in part or cut short. */
  private readonly pieces = new SecretPieces();
  /** Every `GRAM`-long run of a hidden part, as a base-36 number of its letters and digits. */
  private readonly grams = new Set<number>();
  /** Values known to be public from where they stand (a CID in a skill's `cid`, even mistyped). */
  private readonly publicValues = new ContainingValues();
  /** Masks to learn, in this order, before this one is next read or changed (see `mergeLater`). */
  private readonly later: (() => SecretMask)[] = [];
  /** While one of them is being learned: what learning it calls must not start on the next. */
  private settling = false;

  /**
   * Learns what the mask `source` makes, when this one is next read or changed: a run over many
   * files that shows nothing (a clean folder in most formats) never learns their secrets, and one
   * that shows anything has learned them all, in order, first.
   */
  mergeLater(source: () => SecretMask): this {
    this.later.push(source);
    return this;
  }

  /**
   * Learns the masks given to `mergeLater` so far, in order; every other public method starts
   * here. One that fails stays first in line, so the mask is never read without it: every read
   * fails as it did.
   */
  private settle(): void {
    if (this.later.length === 0 || this.settling) return;
    this.settling = true;
    try {
      while (this.later.length > 0) {
        this.mergeSnapshot(this.later[0]!().snapshot());
        this.later.shift();
      }
    } finally {
      this.settling = false;
    }
  }

  /** Learns the secrets of a source text (a manifest, a config file, a README). */
  learn(text: string): this {
    this.settle();
    const spans = findSecrets(text);
    const found = spans.map((span) => text.slice(span.start, span.end));
    const secrets = new Set(found);
    // A public identifier's shape found whole as a secret stands in a credential's place: not public.
    for (const value of publicIdentifiers(text)) if (!secrets.has(value)) this.trust(value);
    for (const [index, span] of spans.entries()) {
      const secret = found[index]!;
      // After a JSON escape's backslash (`\u0001` of a value split by a control character), the
      // escape's letters and digits are no part of what follows them.
      const escaped = text[span.start - 1] === '\\' && ESCAPE_REST.test(secret);
      if (!this.isPublic(escaped ? secret.replace(ESCAPE_REST, '') : secret)) this.add(secret);
    }
    return this;
  }

  /** Learns a value that is public from where it stands, so that no part of it is taken for a secret. */
  trust(value: string): this {
    this.settle();
    if (value.length > 0) this.publicValues.add(value);
    return this;
  }

  private isPublic(found: string): boolean {
    return this.publicValues.someContains(found);
  }

  /** Learns one secret, for example a channel token that has no known shape. */
  add(secret: string): this {
    this.settle();
    if (secret.length === 0 || this.known.has(secret)) return this;
    this.known.add(secret);
    this.secrets.push(secret);
    const learned = learnedOf(secret);
    const { shown } = learned;
    const hidden = secret.slice(shown);
    const { codes, offsets } = normalize(hidden);
    // The words the secret opens with (`TELEGRAM_BOT_TOKEN_` of a token pasted after them) are
    // words wherever else they show: only runs that reach past them count.
    const wordsEnd = learned.words - shown;
    let value = 0;
    let covered = codes.length >= GRAM;
    for (let i = 0; i < codes.length; i++) {
      value = (value * 36 + codes[i]!) % GRAM_SPACE;
      if (i < GRAM - 1 || offsets[i]! < wordsEnd) continue;
      // A run that looks generated, or one across a separator of the secret (`live_uo` of
      // `acme_live_uoug…`), which joins its words to its generated part as no other text does.
      if (windowLooksGenerated(hidden, offsets, i - GRAM + 1, i) || offsets[i]! - offsets[i - GRAM + 1]! >= GRAM) this.grams.add(value);
      else covered = false;
    }
    if (!covered) this.exact.add(learned);
    this.pieces.add(learned);
    // A secret of several lines (a PEM block's body): a message may quote a line of it alone.
    for (let end = secret.indexOf('\n'); end !== -1; end = secret.indexOf('\n', end + 1)) {
      const line = secret.slice(end + 1);
      this.pieces.addLine(learnedOf(line));
    }
    return this;
  }

  /** Learns every secret another mask knows (a run's mask gathers those of all its files). */
  merge(other: SecretMask): this {
    return this.mergeSnapshot(other.snapshot());
  }

  /** What another thread needs to learn all this mask knows: the values it trusts and the secrets it learned. */
  snapshot(): MaskSnapshot {
    this.settle();
    return { trusted: [...this.publicValues.values], secrets: [...this.secrets] };
  }

  /** Learns what a mask knew when its snapshot was taken, as `merge` does. */
  mergeSnapshot(snapshot: MaskSnapshot): this {
    this.settle();
    for (const value of snapshot.trusted) this.trust(value);
    for (const secret of snapshot.secrets) this.add(secret);
    return this;
  }

  /** Whether the mask knows any secret (outputs are still searched for secret shapes). */
  get empty(): boolean {
    this.settle();
    return this.secrets.length === 0;
  }

  /** The parts of `text` to hide, sorted and merged. */
  /**
   * Whether `text` holds something the mask hides: a name that is a secret, say, which nothing
   * should be derived from (a name made from a token shows the token, in another case).
   */
  hides(text: string): boolean {
    return this.hiddenSpans(text).length > 0;
  }

  hiddenSpans(text: string): SecretSpan[] {
    // Nothing is hidden in an empty text, whatever the mask knows: asking need not learn.
    if (text.length === 0) return [];
    this.settle();
    const spans: SecretSpan[] = [];
    for (const span of findSecrets(text)) {
      const found = text.slice(span.start, span.end);
      // In a JSON pointer (`~1` for `/`), the escape's digit is no part of the value.
      const unescaped = text[span.start - 1] === '~' && (found[0] === '0' || found[0] === '1') ? found.slice(1) : found;
      if (!this.isPublic(unescaped)) spans.push({ start: span.start + shownLength(found), end: span.end });
    }
    this.exact.spansIn(text, spans);
    if (this.grams.size > 0 && text.length >= GRAM) this.gramSpans(text, spans);
    if (!this.pieces.empty) this.pieces.spansIn(text, spans);
    return mergeSpans(spans.filter((span) => span.end > span.start));
  }

  /** `text` with every hidden part replaced by `…`. */
  mask(text: string): string {
    const spans = this.hiddenSpans(text);
    if (spans.length === 0) return text;
    let result = '';
    let at = 0;
    for (const span of spans) {
      // A part hidden next to where the text was already cut short takes that ellipsis.
      const cut = text[span.end] === CUT || (span.start > 0 && text[span.start - 1] === CUT);
      result += cut ? text.slice(at, span.start) : `${text.slice(at, span.start)}${CUT}`;
      at = span.end;
    }
    return result + text.slice(at);
  }

  /** A copy of a JSON-like value with every string (and every key) masked. */
  maskDeep<T>(value: T): T {
    return maskValue(this, value) as T;
  }

  private gramSpans(text: string, into: SecretSpan[]): void {
    const { codes, offsets } = normalize(text);
    let value = 0;
    for (let i = 0; i < codes.length; i++) {
      value = (value * 36 + codes[i]!) % GRAM_SPACE;
      if (i >= GRAM - 1 && this.grams.has(value)) {
        into.push({ start: offsets[i - GRAM + 1]!, end: offsets[i]! + 1 });
      }
    }
  }
}

function learnedOf(secret: string): PieceSecret {
  const shown = shownLength(secret);
  return { secret, shown, words: Math.max(shown, joinedWordsBefore(secret)) };
}

/**
 * Whether the letters and digits `from`…`to` of `text` (at `offsets`) look generated: a digit
 * among them, or letters switching case twice or more. Words are written in one case, or change
 * case once where a word starts (`botToken`, `tokenSLACK`).
 */
function windowLooksGenerated(text: string, offsets: Int32Array, from: number, to: number): boolean {
  let switches = 0;
  let upper: boolean | undefined;
  let commonPairs = 0;
  let previous = -1;
  for (let k = from; k <= to; k++) {
    const c = text.charCodeAt(offsets[k]!);
    if (c <= 57) return true;
    const isUpper = c < 97;
    if (upper !== undefined && isUpper !== upper && ++switches >= 2) return true;
    upper = isUpper;
    if (previous !== -1 && isCommonPair(previous, c)) commonPairs++;
    previous = c;
  }
  // Letters of one case are part of a word when they pair as words do (`bottok`); random ones
  // (`djxylb`) seldom have two such pairs.
  return commonPairs <= 1;
}

function maskValue(mask: SecretMask, value: unknown): unknown {
  if (typeof value === 'string') return mask.mask(value);
  if (Array.isArray(value)) return value.map((item) => maskValue(mask, item));
  if (value !== null && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(result, mask.mask(key), { value: maskValue(mask, item), enumerable: true, writable: true, configurable: true });
    }
    return result;
  }
  return value;
}

/**
 * The letters and digits of a text, lower-cased, as base-36 digits, with the offset of each.
 * JSON escapes (`\n`, `\"`) are skipped whole, so a secret read from JSON source and the same
 * secret decoded give the same run.
 */
function normalize(text: string): { codes: Uint8Array; offsets: Int32Array } {
  const codes = new Uint8Array(text.length);
  const offsets = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      const next = text.charCodeAt(i + 1);
      // n r t b f u " \ /
      if (next === 110 || next === 114 || next === 116 || next === 98 || next === 102 || next === 34 || next === 92 || next === 47) i++;
      continue;
    }
    let code: number;
    if (c >= 48 && c <= 57) code = c - 48;
    else if (c >= 97 && c <= 122) code = c - 87;
    else if (c >= 65 && c <= 90) code = c - 55;
    else continue;
    codes[n] = code;
    offsets[n] = i;
    n++;
  }
  return { codes: codes.subarray(0, n), offsets: offsets.subarray(0, n) };
}

/**
 * The mask of a parsed manifest: every secret its text holds (in keys, values, comments and
 * broken parts alike), the decoded form of secrets written with JSON escapes, and opaque
 * literal channel tokens of any shape. Of a document refused for its length, only the part a
 * tool reads: its first `MAX_LENGTH` characters, where its one finding and its code frame are.
 */
export function maskFor(doc: ParsedDocument): SecretMask {
  return derived(doc, buildMask);
}

/**
 * The mask of a parsed manifest as a function that makes it when first called (`maskFor`'s when
 * the lint made it already), holding what it is made from rather than the document: what a run
 * of many files hands to `mergeLater`.
 */
export function maskSource(doc: ParsedDocument): () => SecretMask {
  const learned = derivedIfComputed(doc, buildMask);
  if (learned) return () => learned;
  const sources = maskSources(doc);
  let made: SecretMask | undefined;
  return () => (made ??= maskOf(sources));
}

function buildMask(doc: ParsedDocument): SecretMask {
  return maskOf(maskSources(doc));
}

/** What a manifest's mask is learned from, read off its tree; learning is the costly part. */
interface MaskSources {
  /** Values public from where they stand. */
  trusted: string[];
  /** Texts to learn the secrets of: the manifest's own, then strings as they read. */
  texts: string[];
  /** Values pasted into a secret's declaration: secrets when opaque. */
  declared: string[];
}

function maskOf({ trusted, texts, declared }: MaskSources): SecretMask {
  const mask = new SecretMask();
  for (const value of trusted) mask.trust(value);
  for (const text of texts) mask.learn(text);
  for (const value of declared) if (opaque(value)) mask.add(value);
  return mask;
}

function maskSources(doc: ParsedDocument): MaskSources {
  const trusted: string[] = [];
  // A skill's CID is public, and so is what a user made of it by mistake (cut short, mistyped,
  // spaced): a credential of a known shape pasted there is not.
  for (const { node } of arrayItems(doc.root, ['skills'])) {
    const cid = childValue(node, 'cid');
    // Its pieces too, when whitespace or a control character split it.
    const pieces = cid?.type === 'string' ? (cid.value as string).split(CID_SPLIT).filter((piece) => piece !== '') : [];
    const value = pieces.join('');
    if (cidAttempt(value) && !looksLikeToken(value)) trusted.push(...(pieces.length > 1 ? [value, ...pieces] : pieces));
  }
  const texts = [doc.refusal?.kind === 'too-long' ? doc.text.slice(0, MAX_LENGTH) : doc.text];
  // A string written with escapes, or with characters that show as nothing, is learned as read,
  // after its key: a value that is a secret by its place (`"botToken": "<a UUID>"`) is one read too.
  if (doc.text.includes('\\') || hasInvisible(doc.text)) {
    forEachString(doc.root, (node) => {
      const value = node.value as string;
      const shown = withoutInvisible(value);
      if (shown === value && node.length === value.length + 2) return;
      const key = node.parent?.type === 'property' && node.parent.children?.[1] === node ? node.parent.children[0]?.value : undefined;
      texts.push(typeof key === 'string' ? `${JSON.stringify(withoutInvisible(key))}: ${JSON.stringify(shown)}` : shown);
    });
  }
  // A value pasted into a secret's declaration is the secret when it is opaque: under a key the
  // platform does not define (`"value": "…"`), or as its name (a 40-digit hex token is no variable's).
  const declared: string[] = [];
  for (const { node } of arrayItems(doc.root, ['secrets'])) {
    for (const property of node.type === 'object' ? (node.children ?? []) : []) {
      const key = property.children?.[0]?.value;
      const value = property.children?.[1];
      if (typeof key === 'string' && !DESCRIBING_KEYS.has(key) && value?.type === 'string') declared.push(withoutInvisible(value.value as string));
    }
  }
  return { trusted, texts, declared };
}

/** The keys of a secret's declaration that describe it (`description`, `required`): values under any other may be the secret itself. */
const DESCRIBING_KEYS: ReadonlySet<string> = new Set(['description', 'required']);

/**
 * Whether a value is written as a CID is, whole or damaged: letters and digits only, in the
 * alphabet of a CID's encoding but for a mistake or two, and opening as such a CID does or about
 * as long (a first character mistyped, `xafy…`; `Qn…` for `Qm…`). A random value pasted in a
 * CID's place (a token) is none.
 */
function cidAttempt(value: string): boolean {
  if (!/^[A-Za-z0-9]{20,}$/.test(value)) return false;
  const rest = value.slice(1);
  return CID_ENCODINGS.some(
    ({ opening, outside, lengths: [shortest, longest], mistakes }) =>
      opening.test(value) && value.length >= shortest && value.length <= longest && (rest.match(outside)?.length ?? 0) <= mistakes,
  );
}

const BASE58_OUTSIDE = /[^1-9A-HJ-NP-Za-km-z]/g;
/**
 * How CIDs open, how long they are, how many characters outside their encoding's alphabet a
 * damaged one may hold, and that alphabet's complement: a CIDv0 (`Qm…`, 46 characters, or one
 * whose `m` was mistyped), base32 (`bafy…`, `bafk…`, 59, or one whose first character was), base58btc
 * (`zdj7…`, `zb2r…`, or a CIDv0 given the prefix), base36 (`k51…`, `k2k4…`) and base16 (`f01…`).
 */
const CID_ENCODINGS: readonly { opening: RegExp; lengths: [number, number]; mistakes: number; outside: RegExp }[] = [
  { opening: /^Qm/, lengths: [40, 52], mistakes: 2, outside: BASE58_OUTSIDE },
  { opening: /^Q/, lengths: [44, 48], mistakes: 1, outside: BASE58_OUTSIDE },
  { opening: /^(?:baf|.af[a-z2-7])/, lengths: [50, Infinity], mistakes: 2, outside: /[^a-z2-7]/g },
  { opening: /^(?:BAF|.AF[A-Z2-7])/, lengths: [50, Infinity], mistakes: 2, outside: /[^A-Z2-7]/g },
  { opening: /^z(?:dj7|b2r|Qm)/, lengths: [40, Infinity], mistakes: 2, outside: BASE58_OUTSIDE },
  { opening: /^k(?:51|2k4)/, lengths: [50, Infinity], mistakes: 2, outside: /[^0-9a-z]/g },
  { opening: /^f01/, lengths: [20, Infinity], mistakes: 2, outside: /[^0-9a-f]/g },
];
const CID_SPLIT = /[\s\u0000-\u001f]+/;
/** What a JSON escape leaves of itself at the start of a run, its backslash left out: `u0001`, `n`, `t`. */
const ESCAPE_REST = /^(?:u[0-9a-fA-F]{4}|[nrtbf])/;

/**
 * A fix's edits as an output may show them: whole, or none when one would show a secret — masked,
 * it would write `…` into the file of whoever applied it (`--fix` applies the fix itself).
 */
function shownEdits(fix: Fix, mask: SecretMask): Fix['edits'] {
  return fix.edits.every((edit) => mask.hiddenSpans(edit.newText).length === 0) ? fix.edits : [];
}

/** A copy of a finding with its message, path, fix titles and (for output) fix texts masked. */
export function maskDiagnostic(diagnostic: Diagnostic, mask: SecretMask, options: { fixTexts: boolean }): Diagnostic {
  const copy: Diagnostic = {
    ...diagnostic,
    message: mask.mask(diagnostic.message),
    path: diagnostic.path.map((segment) => (typeof segment === 'string' ? mask.mask(segment) : segment)),
  };
  const masked = (fix: Fix): Fix => ({
    title: mask.mask(fix.title),
    edits: options.fixTexts ? shownEdits(fix, mask) : fix.edits,
    ...(fix.afterwards ? { afterwards: mask.mask(fix.afterwards) } : {}),
  });
  if (diagnostic.fixes) copy.fixes = diagnostic.fixes.map(masked);
  if (diagnostic.suggestions) copy.suggestions = diagnostic.suggestions.map(masked);
  return copy;
}
