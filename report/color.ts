/** Whether to colour output written to `stream`: FORCE_COLOR forces, NO_COLOR or a pipe disables. */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !(force === '0' || force.toLowerCase() === 'false');
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export interface Painter {
  red(text: string): string;
  yellow(text: string): string;
  blue(text: string): string;
  cyan(text: string): string;
  gray(text: string): string;
  bold(text: string): string;
  underline(text: string): string;
}

const wrap =
  (open: number, close: number) =>
  (text: string): string =>
    text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`;

const identity = (text: string): string => text;

export function painter(color: boolean): Painter {
  if (!color) {
    return {
      red: identity,
      yellow: identity,
      blue: identity,
      cyan: identity,
      gray: identity,
      bold: identity,
      underline: identity,
    };
  }
  return {
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    blue: wrap(34, 39),
    cyan: wrap(36, 39),
    gray: wrap(90, 39),
    bold: wrap(1, 22),
    underline: wrap(4, 24),
  };
}
