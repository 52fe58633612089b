/**
 * One HTTP request to a platform API and its answer, as the commands that talk to one share it
 * (`skill upload`, `template --remote`): the request's failures told apart from the API's, and
 * the answer read up to a bound, so that no host can make the tool hold an answer of any size.
 */

/** The API answered with an error status. `detail` is the start of its body, when it had one. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

/** The request did not complete: no connection, a reset, a name that does not resolve. */
export class HttpNetworkError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'HttpNetworkError';
  }
}

/** The API answered with a body that is not what it documents. */
export class HttpAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HttpAnswerError';
  }
}

/** How much of an error answer `HttpStatusError.detail` keeps. */
const DETAIL_LENGTH = 500;

export interface ExchangeOptions {
  /** The most of an answer read; a longer one is an `HttpAnswerError`. */
  maxAnswerBytes: number;
  /** Called whenever bytes of the answer arrive. */
  onProgress?: () => void;
  /**
   * Whether a failure of the request is the caller's own (a file of the body that cannot be
   * read), to be rethrown as it is rather than as a network error.
   */
  isOwnFailure?: (cause: unknown) => boolean;
}

export interface Answer {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * Sends the request and reads its answer as text. A failure after `init.signal` aborted is
 * rethrown as it is: the caller knows why it stopped the request.
 */
export async function exchange(url: URL, init: RequestInit & { signal: AbortSignal }, options: ExchangeOptions): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal.aborted) throw error;
    const cause = (error as { cause?: unknown }).cause;
    if (options.isOwnFailure?.(cause)) throw cause;
    throw new HttpNetworkError(networkReason(error));
  }
  options.onProgress?.();
  const text = await answerText(response, options);
  return { status: response.status, ok: response.ok, text };
}

/** The error an answer with an error status is: its status and the start of its body. */
export function statusError(answer: Answer): HttpStatusError {
  return new HttpStatusError(answer.status, answer.text.slice(0, DETAIL_LENGTH));
}

/** The answer's body as JSON. */
export function parseAnswer(answer: Answer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new HttpAnswerError('the answer is not JSON');
  }
}

/** The answer's body as text, read up to `maxAnswerBytes` (more is not an answer of these APIs). */
async function answerText(response: Response, options: ExchangeOptions): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      options.onProgress?.();
      size += value.length;
      if (size > options.maxAnswerBytes) throw new HttpAnswerError(`the answer is larger than ${options.maxAnswerBytes / 1024 / 1024} MiB`);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpAnswerError) throw error;
    throw new HttpNetworkError('the connection was closed during the answer');
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Why a request failed, from the error's cause (Node's fetch puts the system error there). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection timed out';
    default:
      if (code !== undefined) return code;
      return typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : String(error);
  }
}
