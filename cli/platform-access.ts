/**
 * What the commands that call a platform API (`skill upload`, `template --remote`) share: the
 * key, read from the environment only; the host, refused when the key would cross the network in
 * clear text; and a mask that knows the key, so that no line they print can show it.
 */
import { SecretMask } from '../rules/framework/masking.js';
import { oneLine } from '../report/terminal-text.js';
import { CliError } from './errors.js';

/** The one place the platform's key comes from: never an argument, never a file. */
export const TOKEN_VARIABLE = 'PINATA_JWT';

/** The key, checked; `command` and `service` name who needs it in the message when it is missing. */
export function tokenFrom(env: NodeJS.ProcessEnv, command: string, service: string): string {
  const token = env[TOKEN_VARIABLE]?.trim() ?? '';
  if (token === '') {
    throw new CliError(`${TOKEN_VARIABLE} is not set: ${command} reads ${service}'s key (its JWT) from that environment variable only`);
  }
  // Checked here so that no error of the HTTP client ever quotes it.
  if (!/^[\x21-\x7e]+$/.test(token)) throw new CliError(`${TOKEN_VARIABLE} holds spaces or characters an HTTP header cannot carry; set it to the JWT alone`);
  return token;
}

/**
 * The endpoint `endpointOf` makes of the URL given with `flag`, refusing to send the key in clear
 * text to anything but this machine.
 */
export function checkedEndpoint(url: string, flag: string, endpointOf: (url: string) => URL): URL {
  let endpoint: URL;
  try {
    endpoint = endpointOf(url);
  } catch {
    throw new CliError(`${flag} expects an http(s) URL such as https://api.example.com, got "${url}"`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(endpoint.hostname) || /^127\./.test(endpoint.hostname);
  if (endpoint.protocol === 'https:' || (endpoint.protocol === 'http:' && loopback)) return endpoint;
  throw new CliError(
    endpoint.protocol === 'http:'
      ? `${flag} must use https: over http the token would travel in clear text (http is accepted for this machine only)`
      : `${flag} expects an http(s) URL, got "${url}"`,
  );
}

/** The start of an API's error answer, for a message: one line, masked before it is cut. */
export function answerDetail(detail: string, mask: SecretMask): string {
  return oneLine(mask.mask(detail)).slice(0, 200);
}

/**
 * Runs `command` with a mask that knows the key, for every line it prints; the line a failure
 * ends with goes through that mask too, whatever the failure quotes.
 */
export async function withTokenMasked<T>(token: string, command: (mask: SecretMask) => Promise<T>): Promise<T> {
  const mask = new SecretMask().add(token);
  try {
    return await command(mask);
  } catch (error) {
    if (error instanceof CliError) throw new CliError(mask.mask(error.message), error.exitCode);
    throw new CliError(mask.mask(`internal error: ${oneLine(error instanceof Error ? error.message : String(error)) || 'unknown'}`));
  }
}
