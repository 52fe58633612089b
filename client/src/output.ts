// The extension's output channel, safe to write to at any time.
import type { LogOutputChannel } from 'vscode';

/** What writes to a channel: after disposal VS Code's channel throws on each of them. */
const WRITES = new Set<PropertyKey>(['append', 'appendLine', 'replace', 'clear', 'trace', 'debug', 'info', 'warn', 'error', 'show', 'hide']);

/**
 * `channel`, except that once disposed its writes are dropped. When the window closes, the
 * channel is disposed while requests are still in flight (code actions, hovers), and the language
 * client logs their cancellation to it: VS Code's channel would throw "Channel has been closed"
 * into those requests, and each would be logged as a failed provider of this extension.
 */
export function closableChannel(channel: LogOutputChannel): LogOutputChannel {
  let closed = false;
  return new Proxy(channel, {
    get(target, property) {
      if (property === 'dispose') {
        return () => {
          closed = true;
          target.dispose();
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!WRITES.has(property)) return value.bind(target);
      return (...args: unknown[]) => {
        if (!closed) value.apply(target, args);
      };
    },
  });
}
