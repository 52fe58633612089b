import { MAX_LENGTH, nodeAt } from '../framework/document.js';
import { plural, subject } from '../framework/describe.js';
import { defineRule, spanOf, type Finding, type RuleContext } from '../framework/rule.js';
import type { SchemaError } from '../framework/schema-validation.js';

/** The skills the docs allow, and the most the published schema and Pinata's starter do (its `maxItems`). */
const DOCUMENTED_SKILLS = 10;
const MAX_SKILLS = 20;
/** The published schema's `maxLength` of `template.slug` and `template.authorName`. */
const MAX_TEMPLATE_TEXT = 100;

export const limitExceeded = defineRule({
  meta: {
    id: 'limit-exceeded',
    category: 'Parsing and schema',
    severity: 'error',
    messageSeverities: { overDocumentedLimit: 'warning' },
    description:
      "A length or count limit is exceeded (agent fields, 20 skills, 20 tasks, 10 routes); 11 to 20 skills, over the docs' limit only, is a warning.",
    rationale:
      "The platform enforces these limits (name 100 characters, description 10000, vibe 200, emoji 32, at most 20 tasks and 10 routes) and rejects a manifest over them. For skills the sources differ: the docs say 10, the published schema and Pinata's starter 20.",
    evidence:
      'The docs\' constraints table (https://docs.pinata.cloud/agents/manifest): "`agent.name` is required and ≤ 100 chars", "`skills` | ≤ 10 entries", "`routes` | ≤ 10 entries", "`tasks` | ≤ 20 entries"; the published schema: `maxLength` 100, 10000, 200 and 32 on the agent fields and "Skills to attach (max 20)"; Pinata\'s starter `_docs`: skills "Max 20." In template mode, the published schema\'s `maxLength` 100 on `template.slug` and `template.authorName`.',
    messages: {
      tooLong: `The document is {{megabytes}} MiB long; manifests are read up to ${MAX_LENGTH / 1024 / 1024} MiB, so it was not checked.`,
      textTooLong: `{{subject}} is {{length}} long; the limit is {{limit}}. Shorten it by {{excess}}.`,
      textTooShort: `{{subject}} is {{length}}; it needs at least {{minimum}}.`,
      tooMany: `{{subject}} has {{length}} entries; the limit is {{limit}}. Remove {{excess}}.`,
      templateTooLong: `{{subject}} is {{length}} long; the published schema, which judges a template submission, allows at most ${MAX_TEMPLATE_TEXT} characters. Shorten it by {{excess}}.`,
      overDocumentedLimit: `\`skills\` has {{length}} entries: the docs allow at most ${DOCUMENTED_SKILLS} ("Up to 10 skills"), while the published schema and Pinata's starter allow ${MAX_SKILLS}. Check that the platform attaches them all, or remove {{excess}}.`,
    },
    fixable: false,
  },
  check(context) {
    const { refusal } = context.doc;
    if (refusal?.kind === 'too-long') {
      const megabytes = (refusal.length / 1024 / 1024).toFixed(1);
      context.report({
        path: [],
        span: { start: 0, end: Math.min(1, context.doc.text.length) },
        messageId: 'tooLong',
        data: { megabytes },
      });
      return;
    }
    for (const error of context.schemaErrors) {
      const finding = describe(error);
      if (finding) context.report(finding);
    }
    reportSkillsOverDocumentedLimit(context);
    if (context.templateMode) reportLongTemplateTexts(context);
  },
});

function reportLongTemplateTexts(context: RuleContext): void {
  for (const key of ['slug', 'authorName']) {
    const path = ['template', key];
    const value = nodeAt(context.doc.root, path);
    const length = value?.type === 'string' ? [...(value.value as string)].length : 0;
    if (length <= MAX_TEMPLATE_TEXT) continue;
    context.report({
      path,
      span: spanOf(value!),
      messageId: 'templateTooLong',
      data: { subject: subject(path), length: plural(length, 'character'), excess: length - MAX_TEMPLATE_TEXT },
    });
  }
}

function reportSkillsOverDocumentedLimit(context: RuleContext): void {
  const skills = nodeAt(context.doc.root, ['skills']);
  const items = skills?.type === 'array' ? (skills.children ?? []) : [];
  if (items.length <= DOCUMENTED_SKILLS || items.length > MAX_SKILLS) return;
  context.report({
    path: ['skills'],
    span: { start: items[DOCUMENTED_SKILLS]!.offset, end: skills!.offset + skills!.length },
    messageId: 'overDocumentedLimit',
    data: { length: items.length, excess: items.length - DOCUMENTED_SKILLS },
  });
}

function describe(error: SchemaError): Finding | undefined {
  const { node, params } = error;
  if (!node) return undefined;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'maxLength': {
      const length = [...String(error.value)].length;
      return {
        path: error.path,
        span: spanOf(node),
        messageId: 'textTooLong',
        data: { subject: subject(error.path), length: plural(length, 'character'), limit, excess: length - limit },
      };
    }
    case 'minLength': {
      const length = [...String(error.value)].length;
      return {
        path: error.path,
        span: spanOf(node),
        messageId: 'textTooShort',
        data: { subject: subject(error.path), length: length === 0 ? 'empty' : `${plural(length, 'character')} long`, minimum: plural(limit, 'character') },
      };
    }
    case 'maxItems': {
      const items = node.children ?? [];
      const first = items[limit];
      return {
        path: error.path,
        span: { start: first ? first.offset : node.offset, end: node.offset + node.length },
        messageId: 'tooMany',
        data: { subject: subject(error.path), length: items.length, limit, excess: items.length - limit },
      };
    }
    default:
      return undefined;
  }
}
