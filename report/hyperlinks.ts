import { useColor } from './color.js';

/**
 * Whether to write OSC 8 hyperlinks to `stream`. FORCE_HYPERLINK decides when set (`0` or
 * `false` off, anything else on, as other command-line tools read it). Otherwise only on a
 * terminal that draws them: a terminal that does not may print the sequence as text, so colour
 * must be on (no NO_COLOR, no FORCE_COLOR=0, not TERM=dumb), the stream a terminal itself (a pipe
 * coloured by FORCE_COLOR may end in a file or a pager), not a CI log, and the terminal one
 * known to draw them.
 */
export function useHyperlinks(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_HYPERLINK;
  if (force !== undefined && force !== '') return !(force === '0' || force.toLowerCase() === 'false');
  if (!useColor(stream, env) || stream.isTTY !== true || env.TERM === 'dumb') return false;
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') return false;
  return drawsHyperlinks(env);
}

/** Terminals that draw OSC 8 links, told by the variables they set. */
const BY_PROGRAM: ReadonlySet<string> = new Set(['iTerm.app', 'WezTerm', 'vscode', 'ghostty']);
const BY_TERM: ReadonlySet<string> = new Set(['xterm-kitty', 'alacritty', 'foot', 'xterm-ghostty', 'wezterm']);

function drawsHyperlinks(env: NodeJS.ProcessEnv): boolean {
  if (env.TERM_PROGRAM !== undefined && BY_PROGRAM.has(env.TERM_PROGRAM)) return true;
  if (env.TERM !== undefined && BY_TERM.has(env.TERM)) return true;
  // Windows Terminal.
  if (env.WT_SESSION) return true;
  // VTE (GNOME Terminal, Tilix, Terminator…) draws them from 0.50.1 (VTE_VERSION 5001).
  return Number(env.VTE_VERSION) >= 5001;
}

/** Only plain URLs are linked: no byte of one can end the sequence early or control the terminal. */
const LINKABLE = /^https?:\/\/[\x21-\x7e]+$/;

/** `text` as an OSC 8 hyperlink to `url` (ST-terminated); `text` alone when `url` cannot be linked safely. */
export function hyperlink(url: string, text: string): string {
  return LINKABLE.test(url) ? `\u001b]8;;${url}\u001b\\${text}\u001b]8;;\u001b\\` : text;
}
