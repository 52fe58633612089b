import type { Node } from 'jsonc-parser';
import { childValue, nodeAt } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf, type RuleContext } from '../framework/rule.js';
import type { JsonPath } from '../framework/types.js';

/** The schema's `modelId`: a provider, then one or more `/`-separated parts, no whitespace. */
const MODEL_ID = /^[^\s/]+(?:\/[^\s/]+)+$/;
const WHITESPACE = /\s/;

/** Model families whose provider is not in doubt, for the "probably" in the message. */
const FAMILIES: readonly [RegExp, string][] = [
  [/^claude/i, 'anthropic'],
  [/^(?:gpt-|chatgpt|o[1-9](?:-|$))/i, 'openai'],
  [/^gemini/i, 'google'],
  [/^deepseek/i, 'deepseek'],
  [/^(?:mistral|mixtral|codestral|magistral)/i, 'mistral'],
  [/^grok/i, 'xai'],
];

/** What is wrong with the model id, by the start of its message ids. */
const PROBLEMS = {
  empty: 'it is empty',
  blank: 'it is blank',
  whitespaceAround: 'it has whitespace around it',
  containsWhitespace: 'it contains whitespace',
  noProvider: 'it names no provider',
  emptyProvider: 'the provider before the first `/` is empty',
  emptyModel: 'the model after the last `/` is empty',
  emptyPart: 'it has an empty part between two `/`',
};
type Problem = keyof typeof PROBLEMS;

const said = (problem: Problem, hint: string) => `{{subject}} is {{value}}, which is not \`<provider>/<model>\`: ${PROBLEMS[problem]}.${hint}`;
/** The id is right once trimmed (`…Trimmed`). */
const WRITE_TRIMMED = ' Write `{{trimmed}}`.';
/** A bare model of a family whose provider is not in doubt (`…Probably`). */
const NAME_PROVIDER = ' Name the provider connected in the secrets vault, probably `{{provider}}/{{model}}`.';
const WRITE_BOTH =
  ' Write the provider connected in the secrets vault, a `/` and the model, for example `anthropic/claude-sonnet-4-5` (routers add segments: `openrouter/anthropic/claude-sonnet-4.5`).';

export const modelFormat = defineRule({
  meta: {
    id: 'model-format',
    category: 'Model, secrets, channels',
    severity: 'error',
    description: 'The default `model` is not `<provider>/<model>`.',
    evidence:
      '"Default model in `<provider>/<model>` form"; "Provider must match a connected provider in the Secrets Vault" (https://docs.pinata.cloud/agents/manifest). The published schema\'s example for `model.primary` is `anthropic/claude-sonnet-4-6`.',
    rationale:
      'The part before the first `/` must match a provider connected in the secrets vault. A model without a provider, or with an empty part, matches none, so the default model that every task and session falls back to does not work.',
    assumptions:
      'Routers such as OpenRouter add `/` segments (`openrouter/anthropic/claude-sonnet-4.5`), so any number of non-empty segments after the provider is accepted. `model.primary`, the published schema\'s form, is checked the same way; a `null` primary (the platform\'s default model) is accepted. Provider names in the "probably" hint (anthropic, openai, google, deepseek, mistral, xai) are the usual ids of those vendors; the platform does not list its providers.',
    messages: {
      empty: said('empty', WRITE_BOTH),
      blank: said('blank', WRITE_BOTH),
      whitespaceAroundTrimmed: said('whitespaceAround', WRITE_TRIMMED),
      whitespaceAroundProbably: said('whitespaceAround', NAME_PROVIDER),
      whitespaceAround: said('whitespaceAround', WRITE_BOTH),
      containsWhitespace: said('containsWhitespace', WRITE_BOTH),
      noProviderProbably: said('noProvider', NAME_PROVIDER),
      noProvider: said('noProvider', WRITE_BOTH),
      emptyProvider: said('emptyProvider', WRITE_BOTH),
      emptyModel: said('emptyModel', WRITE_BOTH),
      emptyPart: said('emptyPart', WRITE_BOTH),
    },
    fixTitles: {
      useTrimmed: 'Use `{{model}}`',
    },
    fixable: true,
    covers: ['/$defs/modelId/pattern'],
  },
  check(context) {
    const model = nodeAt(context.doc.root, ['model']);
    if (model?.type === 'string') checkModelId(context, model, ['model']);
    else if (model?.type === 'object') {
      const primary = childValue(model, 'primary');
      if (primary?.type === 'string') checkModelId(context, primary, ['model', 'primary']);
    }
  },
});

function checkModelId(context: RuleContext, node: Node, path: JsonPath): void {
  const value = node.value as string;
  if (MODEL_ID.test(value)) return;
  const trimmed = value.trim();
  const fix = trimmed !== value && MODEL_ID.test(trimmed);
  const provider = fix ? undefined : probableProvider(trimmed);
  const it = { subject: subject(path), value: formatValue(value, path) };
  context.report({
    path,
    span: spanOf(node),
    ...(fix
      ? { messageId: `${problemOf(value)}Trimmed`, data: { ...it, trimmed } }
      : provider
        ? { messageId: `${problemOf(value)}Probably`, data: { ...it, provider, model: trimmed } }
        : { messageId: problemOf(value), data: it }),
    ...(fix ? { fixes: [{ titleId: 'useTrimmed', titleData: { model: trimmed }, edits: [replaceValue(node, trimmed)] }] } : {}),
  });
}

function problemOf(value: string): Problem {
  if (value.length === 0) return 'empty';
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'blank';
  if (trimmed !== value && !WHITESPACE.test(trimmed)) return 'whitespaceAround';
  if (WHITESPACE.test(trimmed)) return 'containsWhitespace';
  if (!trimmed.includes('/')) return 'noProvider';
  if (trimmed.startsWith('/')) return 'emptyProvider';
  if (trimmed.endsWith('/')) return 'emptyModel';
  return 'emptyPart';
}

/** The provider of a bare model id whose family leaves no doubt (`claude-…` → `anthropic`). */
function probableProvider(value: string): string | undefined {
  if (value.length === 0 || value.includes('/') || WHITESPACE.test(value)) return undefined;
  return FAMILIES.find(([family]) => family.test(value))?.[1];
}
