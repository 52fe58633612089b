import { childValue, nodeAt } from '../framework/document.js';
import { formatValue, listOf, subject, writtenText } from '../framework/describe.js';
import { defineRule, spanOf, type FindingMessage, type FixSpec, type RuleContext } from '../framework/rule.js';
import { AUTHOR_FIELDS } from '../analyzers/template-fields.js';
import { expectation } from '../framework/schema-lookup.js';
import type { SchemaError } from '../framework/schema-validation.js';
import { closest } from '../framework/suggest.js';

/** A numeric bound's comparison, by keyword; each has its message (`minimum`, and `minimumExplained` with the schema's words). */
const BOUNDS = { minimum: 'at least', exclusiveMinimum: 'more than', maximum: 'at most', exclusiveMaximum: 'less than' } as const;

const KEYWORDS = new Set(['enum', 'const', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'not', 'false schema']);

export const invalidValue = defineRule({
  meta: {
    id: 'invalid-value',
    category: 'Parsing and schema',
    severity: 'error',
    messageSeverities: { engineUnknown: 'warning', engineUnknownWithSuggestion: 'warning', urlWithoutScheme: 'warning', urlWithoutSchemeGuessed: 'warning' },
    description:
      'A value is outside its enum, const, pattern, format or numeric bounds; an engine the docs do not name and a template link without a scheme are warnings.',
    rationale:
      'A value outside what the platform accepts (`version` 2, a port out of range, a model without its provider) fails validation or falls back to a default you did not choose. Engines are enabled per deployment, so an engine the docs do not name may still exist; a template link without a scheme is accepted by the published schema, but the card cannot link to it.',
    evidence:
      'Enums, consts, patterns and bounds all sources share (https://docs.pinata.cloud/agents/manifest; the published schema\'s `"version":{"const":1}`). Engines: "`openclaw` (default), `hermes`, or another enabled engine" (https://docs.pinata.cloud/agents/devtools), "Engines are enabled per deployment" (https://docs.pinata.cloud/agents/concepts). Template links: the published schema types `authorUrl` and `authorLogoUrl` as plain strings.',
    messages: {
      enum: `{{subject}} is {{value}}, which is not one of {{list}}.`,
      enumWithSuggestion: `{{subject}} is {{value}}, which is not one of {{list}}; did you mean \`{{suggestion}}\`?`,
      const: `{{subject}} is {{value}}; it must be {{allowed}}.`,
      pattern: `{{subject}} is {{value}}; it {{expected}}.`,
      patternUnexplained: `{{subject}} is {{value}}; it must match \`{{pattern}}\`.`,
      formatUnexplained: `{{subject}} is {{value}}; it must be a valid {{format}}.`,
      ...Object.fromEntries(
        Object.entries(BOUNDS).flatMap(([keyword, comparison]) => [
          [keyword, `{{subject}} is {{value}}; it must be ${comparison} {{limit}}.`],
          [`${keyword}Explained`, `{{subject}} is {{value}}; it must be ${comparison} {{limit}} ({{expected}}).`],
        ]),
      ),
      other: `{{subject}} is {{value}}; {{advice}}.`,
      notAllowed: `{{subject}} is {{value}}; that value is not allowed here.`,
      engineUnknown: `\`engine\` is {{value}}, which is not an engine the docs name (\`openclaw\`, the default, or \`hermes\`). Engines are enabled per deployment: if yours offers it, \`GET /v0/agents/engines\` lists it.`,
      engineUnknownWithSuggestion: `\`engine\` is {{value}}, which is not an engine the docs name (\`openclaw\`, the default, or \`hermes\`); did you mean \`{{suggestion}}\`? Engines are enabled per deployment: if yours offers it, \`GET /v0/agents/engines\` lists it.`,
      urlWithoutScheme: `{{subject}} is {{value}}, which is not an absolute URL with a scheme, so the template card cannot link to it. Write the whole URL, for example \`https://www.example.com\`.`,
      urlWithoutSchemeGuessed: `{{subject}} is {{value}}, which is not an absolute URL with a scheme, so the template card cannot link to it. Write the whole URL, \`{{guess}}\`.`,
    },
    schemaWords: ['expected', 'advice'],
    fixTitles: {
      changeTo: 'Change to `{{value}}`',
    },
    fixable: false,
    suggests: true,
  },
  check(context) {
    for (const error of context.schemaErrors) {
      if (!KEYWORDS.has(error.keyword) || !error.node) continue;
      const { fix, ...message } = describe(error, writtenText(context.doc, error.node));
      context.report({ path: error.path, span: spanOf(error.node), ...message, ...(fix ? { suggestions: [fix] } : {}) });
    }
    reportUnknownEngine(context);
    reportLinksWithoutScheme(context);
  },
});

/** The engines the docs name; others may be enabled on a deployment. */
const DOCUMENTED_ENGINES = ['openclaw', 'hermes'];

function reportUnknownEngine(context: RuleContext): void {
  const engine = nodeAt(context.doc.root, ['engine']);
  if (engine?.type !== 'string' || (engine.value as string) === '' || DOCUMENTED_ENGINES.includes(engine.value as string)) return;
  const suggestion = closest(engine.value as string, DOCUMENTED_ENGINES);
  context.report({
    path: ['engine'],
    span: spanOf(engine),
    ...(suggestion
      ? { messageId: 'engineUnknownWithSuggestion', data: { value: formatValue(engine.value, ['engine']), suggestion } }
      : { messageId: 'engineUnknown', data: { value: formatValue(engine.value, ['engine']) } }),
    ...(suggestion
      ? { suggestions: [{ titleId: 'changeTo', titleData: { value: suggestion }, edits: [{ ...spanOf(engine), newText: JSON.stringify(suggestion) }] }] }
      : {}),
  });
}

/** A URL the card can link to: absolute, with a scheme and a host. */
function hasScheme(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/]/.test(value);
}

function reportLinksWithoutScheme(context: RuleContext): void {
  const template = nodeAt(context.doc.root, ['template']);
  if (template?.type !== 'object') return;
  for (const key of AUTHOR_FIELDS.flatMap(([partner, author]) => [partner, author]).filter((key) => key.endsWith('Url'))) {
    const value = childValue(template, key);
    if (value?.type !== 'string' || (value.value as string).trim() === '' || hasScheme(value.value as string)) continue;
    const path = ['template', key];
    const written = (value.value as string).trim();
    // A bare host or host/path (`www.example.com/logo.png`) is most likely missing its `https://`.
    const guess = /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(written) ? `https://${written}` : undefined;
    context.report({
      path,
      span: spanOf(value),
      ...(guess
        ? { messageId: 'urlWithoutSchemeGuessed', data: { subject: subject(path), value: formatValue(value.value, path), guess } }
        : { messageId: 'urlWithoutScheme', data: { subject: subject(path), value: formatValue(value.value, path) } }),
      ...(guess ? { suggestions: [{ titleId: 'changeTo', titleData: { value: guess }, edits: [{ ...spanOf(value), newText: JSON.stringify(guess) }] }] } : {}),
    });
  }
}

function describe(error: SchemaError, written: string | undefined): FindingMessage & { fix?: FixSpec } {
  const it = { subject: subject(error.path), value: formatValue(error.value, error.path, written) }; // what every message starts with
  const expected = expectation(error.schemaPath);
  const { params } = error;
  switch (error.keyword) {
    case 'enum': {
      const allowed = params.allowedValues as unknown[];
      const suggestion =
        typeof error.value === 'string'
          ? closest(
              error.value,
              allowed.filter((v): v is string => typeof v === 'string'),
            )
          : undefined;
      return {
        ...(suggestion
          ? { messageId: 'enumWithSuggestion', data: { ...it, list: listOf(allowed), suggestion } }
          : { messageId: 'enum', data: { ...it, list: listOf(allowed) } }),
        ...(suggestion && error.node
          ? { fix: { titleId: 'changeTo', titleData: { value: suggestion }, edits: [{ ...spanOf(error.node), newText: JSON.stringify(suggestion) }] } }
          : {}),
      };
    }
    case 'const':
      return { messageId: 'const', data: { ...it, allowed: formatValue(params.allowedValue) } };
    case 'pattern':
    case 'format':
      if (expected) return { messageId: 'pattern', data: { ...it, expected } };
      return error.keyword === 'format'
        ? { messageId: 'formatUnexplained', data: { ...it, format: String(params.format) } }
        : { messageId: 'patternUnexplained', data: { ...it, pattern: String(params.pattern) } };
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const data = { ...it, limit: params.limit as number };
      return expected ? { messageId: `${error.keyword}Explained`, data: { ...data, expected } } : { messageId: error.keyword, data };
    }
    default:
      return expected ? { messageId: 'other', data: { ...it, advice: expected } } : { messageId: 'notAllowed', data: it };
  }
}
