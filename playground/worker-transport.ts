import type { Transport } from '@codemirror/lsp-client';

/** The LSP client's transport to the language server in a Web Worker: one JSON message a post. */
export function workerTransport(worker: Worker): Transport {
  const handlers = new Set<(message: string) => void>();
  worker.addEventListener('message', (event: MessageEvent) => {
    const message = JSON.stringify(event.data);
    for (const handler of handlers) handler(message);
  });
  return {
    send: (message) => worker.postMessage(JSON.parse(message)),
    subscribe: (handler) => handlers.add(handler),
    unsubscribe: (handler) => handlers.delete(handler),
  };
}
