/**
 * Asks the platform's template validator for its verdict on a repository (seed: platform
 * interface 4.4): `POST {agents_url}/v0/templates/validate` with `{ gitUrl, ref }`, authorised by
 * a bearer token; it answers `{ valid, errors, manifest, readme, files }`. Only `valid` and
 * `errors` are kept: the rest is the repository's content, which `template --remote` has already.
 */
import { exchange, HttpAnswerError, HttpNetworkError, parseAnswer, statusError, type Answer } from './http-exchange.js';

/** The platform's `{agents_url}` (SPEC: "{agents_url}"), unless `--agents-url` says otherwise. */
export const DEFAULT_AGENTS_URL = 'https://agents.pinata.cloud';
const VALIDATE_PATH = '/v0/templates/validate';
/**
 * The most of an answer read. The answer repeats the repository's manifest, README and files,
 * which for a template are a few kilobytes to a few megabytes.
 */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export interface ValidationRequest {
  /** `{agents_url}`: scheme and host, with or without a trailing slash. */
  agentsUrl: string;
  token: string;
  gitUrl: string;
  /** Left out of the body when undefined. */
  ref: string | undefined;
  /** The whole exchange is given up after this long. */
  timeoutMs: number;
}

/** The platform's verdict, and the HTTP status it came with. */
export interface PlatformVerdict {
  status: number;
  valid: boolean;
  errors: string[];
}

/** The endpoint's URL for an `{agents_url}`. */
export function validationEndpoint(agentsUrl: string): URL {
  return new URL(`${agentsUrl.replace(/\/+$/, '')}${VALIDATE_PATH}`);
}

export async function requestValidation(request: ValidationRequest): Promise<PlatformVerdict> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let answer: Answer;
  try {
    answer = await exchange(
      validationEndpoint(request.agentsUrl),
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${request.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ gitUrl: request.gitUrl, ...(request.ref === undefined ? {} : { ref: request.ref }) }),
        // A redirect would carry the token to wherever it points.
        redirect: 'error',
        signal,
      },
      { maxAnswerBytes: MAX_ANSWER_BYTES },
    );
  } catch (error) {
    if (signal.aborted) throw new HttpNetworkError(`no answer within ${request.timeoutMs / 1000} s`);
    throw error;
  }
  // A refused key and a failing validator say nothing about the template, whatever their body.
  if (answer.status === 401 || answer.status === 403 || answer.status >= 500) throw statusError(answer);
  // Some validators answer an invalid template with a 4xx status: its body is still the verdict.
  let body: unknown;
  try {
    body = parseAnswer(answer);
  } catch (error) {
    if (!answer.ok) throw statusError(answer);
    throw error;
  }
  const verdict = body as { valid?: unknown; errors?: unknown } | null;
  const errors = verdict?.errors;
  if (typeof verdict?.valid !== 'boolean' || !Array.isArray(errors) || !errors.every((error) => typeof error === 'string')) {
    if (!answer.ok) throw statusError(answer);
    throw new HttpAnswerError('the answer has no boolean `valid` with an `errors` list of strings');
  }
  return { status: answer.status, valid: verdict.valid, errors };
}
