import { CompletionItemKind } from 'vscode-languageserver';
import { channelKeys, ENV_NAME, knownTimeZones, nodeAt, secretDeclarations, type JsonPath, type ParsedDocument } from '../rules/index.js';

/** A value the server proposes beside the schema's: always a JSON string, quotes included. */
export interface OwnCompletion {
  label: string;
  insertText: string;
  kind: CompletionItemKind;
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** `insertText` is a snippet (`$1` marks where the cursor goes). */
  snippet?: boolean;
  /** Ask the editor for completions again after inserting (a provider prefix wants a model). */
  retrigger?: boolean;
  sortText?: string;
}

/**
 * Well-known model providers, as the `<provider>/` prefix of a model identifier. The provider
 * must also be connected in the secrets vault; this list only saves typing.
 */
export const MODEL_PROVIDERS: readonly { id: string; name: string }[] = [
  { id: 'anthropic', name: 'Anthropic (Claude)' },
  { id: 'openai', name: 'OpenAI (GPT, o-series)' },
  { id: 'google', name: 'Google (Gemini)' },
  { id: 'openrouter', name: 'OpenRouter: many providers behind one key; the model part has its own `/`' },
  { id: 'deepseek', name: 'DeepSeek' },
  { id: 'mistral', name: 'Mistral AI' },
  { id: 'xai', name: 'xAI (Grok)' },
  { id: 'groq', name: 'Groq' },
  { id: 'together', name: 'Together AI' },
  { id: 'fireworks', name: 'Fireworks AI' },
  { id: 'cerebras', name: 'Cerebras' },
  { id: 'perplexity', name: 'Perplexity' },
  { id: 'cohere', name: 'Cohere' },
  { id: 'moonshot', name: 'Moonshot AI (Kimi)' },
  { id: 'ollama', name: 'Ollama (local models)' },
];

const quoted = (value: string) => JSON.stringify(value);
const isIndex = (segment: unknown) => typeof segment === 'number';

/**
 * Values for the property `key` of the object at `location`: `env:` names of declared secrets in
 * channel tokens, configured channels in a task's delivery, time zones in a cron schedule, and
 * model providers wherever a model is named.
 */
export function valueCompletions(doc: ParsedDocument, location: JsonPath, key: string): OwnCompletion[] {
  const [first, second, third] = location;
  if ((key === 'botToken' || key === 'appToken') && location.length === 2 && first === 'channels' && typeof second === 'string') {
    return envCompletions(doc);
  }
  if (key === 'channel' && location.length === 3 && first === 'tasks' && isIndex(second) && third === 'delivery') {
    return channelCompletions(doc);
  }
  if (key === 'tz' && location.length === 3 && first === 'tasks' && isIndex(second) && third === 'schedule') {
    return knownTimeZones().map((zone) => ({ label: quoted(zone), insertText: quoted(zone), kind: CompletionItemKind.Value }));
  }
  const modelField =
    (key === 'model' && location.length === 0) ||
    (key === 'primary' && location.length === 1 && first === 'model') ||
    (key === 'model' && location.length === 3 && first === 'tasks' && isIndex(second) && third === 'payload');
  if (modelField) return providerCompletions();
  return [];
}

function envCompletions(doc: ParsedDocument): OwnCompletion[] {
  const seen = new Set<string>();
  const items: OwnCompletion[] = [];
  for (const declaration of secretDeclarations(doc)) {
    if (!ENV_NAME.test(declaration.name) || seen.has(declaration.name)) continue;
    seen.add(declaration.name);
    const description = nodeAt(doc.root, ['secrets', declaration.index, 'description']);
    const value = `env:${declaration.name}`;
    items.push({
      label: quoted(value),
      insertText: quoted(value),
      kind: CompletionItemKind.Variable,
      detail: 'secret declared in secrets[]',
      documentation:
        `Reads the token from the environment variable \`${declaration.name}\`, filled from the secrets vault.` +
        (typeof description?.value === 'string' && description.value ? `\n\n${description.value}` : ''),
      sortText: `0${declaration.name}`,
    });
  }
  return items;
}

function channelCompletions(doc: ParsedDocument): OwnCompletion[] {
  return [...channelKeys(doc).keys()].map((name) => ({
    label: quoted(name),
    insertText: quoted(name),
    kind: CompletionItemKind.EnumMember,
    detail: 'channel configured under channels',
    documentation: `Posts the task's result to the \`${name}\` channel configured under \`channels\`.`,
    sortText: `0${name}`,
  }));
}

function providerCompletions(): OwnCompletion[] {
  return MODEL_PROVIDERS.map((provider, index) => ({
    label: quoted(`${provider.id}/`),
    insertText: `"${provider.id}/$1"`,
    kind: CompletionItemKind.Module,
    detail: 'model provider',
    documentation: `${provider.name}. Complete with the model's name: \`${provider.id}/<model>\`.`,
    snippet: true,
    retrigger: true,
    sortText: `1${String(index).padStart(2, '0')}`,
  }));
}
