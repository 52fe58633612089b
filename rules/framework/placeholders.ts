/**
 * Text people leave where a credential goes, which is no credential: `<token>`, `YOUR_BOT_TOKEN`,
 * `paste-here`, `xxxxx`, `TODO`, `changeme`, and a provider's prefix followed by words
 * (`xoxb-your-bot-token`, `sk-your-key-here`), also as the value of a `.env` line pasted whole.
 * Masking leaves it readable, and a channel token holding one gets a finding of its own.
 */

/** A whole value that only stands in for something: brackets, a filler word or phrase, a run of one character. */
const STAND_IN =
  /^<[^<>]*>$|^\[[^[\]]*\]$|^\{\{[^{}]*\}\}$|^(?:your|my|insert|paste|replace|put|enter|add|set)(?:[\s_-][A-Za-z]+)*$|^[A-Za-z]+(?:[\s_-][A-Za-z]+)*[\s_-](?:here|goes[\s_-]here)$|^todo\b|^(?:tbd|changeme|placeholder|dummy|redacted|none|null)$|^(.)\1{5,}$|^[x*\u2022\u2026.]{4,}$/i;

const MAX_PLACEHOLDER = 120;

/**
 * A line of a `.env` file, `NAME=value`: a variable's name in capitals (so that base64's `=`
 * padding after letters is none), and a value.
 */
export const ENV_LINE = /^([A-Z_][A-Z0-9_]*)=(?!=)(.+)$/s;

/** Words that say a value is an example (in any case, joined by `-`, `_` or nothing). */
const FILLER_WORD = /your|here|example|sample|placeholder|dummy|fake|changeme|replace|insert|paste|token|secret|key|api|bot|app|xxx/i;

/** Known credential prefixes, after which the rest is what must look generated. */
const PREFIX = /^(?:xox[abposre]-|xapp-|sk-(?:ant-|proj-|or-)?|[sr]k_(?:live|test)_|gh[pousr]_|github_pat_|glpat-|npm_|hf_|gsk_|xai-|SG\.)/i;

/**
 * Whether a value is a placeholder: a stand-in as a whole, or a credential prefix followed only
 * by letters and separators that include a filler word (`xoxb-your-bot-token`). Real credentials
 * after a prefix are generated: they have digits or mixed-case runs no word has.
 */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  // Placeholders are short; a long run is judged by what it is made of, not by these patterns.
  if (trimmed.length > MAX_PLACEHOLDER) return false;
  if (trimmed === '' || STAND_IN.test(trimmed)) return true;
  // A line of a `.env` file pasted whole (`SLACK_BOT_TOKEN=xoxb-your-bot-token`): its value.
  const assigned = ENV_LINE.exec(trimmed);
  if (assigned) return isPlaceholder(assigned[2]!);
  const rest = trimmed.replace(PREFIX, '');
  if (rest === trimmed) return false;
  // Only zeros and x's where the generated part goes (`xoxb-000000000000-xxxxxxxx`).
  return /^[0x*\u2022\u2026._-]{3,}$/i.test(rest) || (/^[A-Za-z]+(?:[-_. ][A-Za-z]+)*$/.test(rest) && FILLER_WORD.test(rest));
}
