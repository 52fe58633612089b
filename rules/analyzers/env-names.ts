import { ENV_NAME } from './secrets.js';

/**
 * The UPPER_SNAKE_CASE environment variable name a person most likely meant (`openai-api-key` →
 * `OPENAI_API_KEY`, `$TOKEN` → `TOKEN`, ` KEY ` → `KEY`), or undefined when no plausible one is
 * left (nothing but punctuation, or a leading digit).
 */
export function envNameFor(value: string): string | undefined {
  const name = upperSnakeCase(
    value
      .trim()
      .replace(/^\$\{?|\}$/g, '')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, ''),
  );
  return name && ENV_NAME.test(name) ? name : undefined;
}

/** `openaiApiKey` → `OPENAI_API_KEY`, `APIKey` → `API_KEY`, `my_token` → `MY_TOKEN`. */
export function upperSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toUpperCase();
}
