/**
 * The platform's two gates (SPEC section 3): each form of the decision table, linted as a deploy
 * (a plain lint) and as a template submission (`EngineLintOptions.template`), gives exactly the
 * findings the table decides, at its severities; and no certain fix moves a value between the
 * forms the sources each accept.
 */
import { describe, expect, it } from 'vitest';
import { fixText, lint, type Severity } from '../rules/index.js';

const NOW = new Date('2026-11-23T09:00:00Z');
const TEMPLATE = { slug: 'useful-assistant', category: 'general', authorName: 'Pinata' };

/** A manifest with a complete template block (so template mode has only the row's form to judge). */
function manifest(fields: Record<string, unknown>, template: Record<string, unknown> = TEMPLATE): string {
  return JSON.stringify({ version: 1, agent: { name: 'Useful Assistant' }, template, ...fields }, null, 2);
}

type Found = `${string} ${Severity}`;

function found(text: string, template: boolean, inTemplateRepository?: boolean): Found[] {
  const { diagnostics } = lint(text, { now: NOW, template, ...(inTemplateRepository === undefined ? {} : { inTemplateRepository }) });
  return diagnostics.map((d): Found => `${d.ruleId} ${d.severity}`).sort();
}

const tasks = (...items: object[]) => ({ tasks: items });
const skills = (count: number) => ({ skills: Array.from({ length: count }, (_, i) => ({ name: `skill-${i}`, clawhub_slug: `skill-${i}` })) });

/** The decision table: a form, then what a deploy and a template submission report for it. */
const TABLE: [form: string, text: string, deploy: Found[], template: Found[]][] = [
  ['agent fields that are null', manifest({ agent: { name: 'A', description: null, vibe: null, emoji: null } }), [], []],
  ['no agent', JSON.stringify({ version: 1, template: TEMPLATE }), ['missing-property warning'], ['missing-property warning']],
  ['agent.name null', manifest({ agent: { name: null } }), ['missing-property warning'], ['missing-property warning']],
  ['model as a string', manifest({ model: 'anthropic/claude-sonnet-4-6' }), [], ['template-model-form info']],
  ['model as { primary }', manifest({ model: { primary: 'anthropic/claude-sonnet-4-6' } }), [], []],
  ['model as { primary: null }', manifest({ model: { primary: null } }), [], []],
  ['the task shorthand with a cron', manifest(tasks({ name: 'daily', prompt: 'Check in', schedule: '0 9 * * *', enabled: true })), [], []],
  ['the task shorthand with an interval', manifest(tasks({ name: 'poll', prompt: 'Poll', schedule: '600000ms', enabled: true })), [], []],
  [
    'the shorthand under a minute',
    manifest(tasks({ prompt: 'Poll', schedule: '10000ms' })),
    ['task-interval-too-short error'],
    ['task-interval-too-short error'],
  ],
  ['the shorthand with a bad cron', manifest(tasks({ prompt: 'Poll', schedule: '61 * * * *' })), ['task-cron-invalid error'], ['task-cron-invalid error']],
  [
    'a task in the object form',
    manifest(tasks({ schedule: { kind: 'cron', expr: '0 9 * * *' }, payload: { kind: 'agentTurn', text: 'Check in' } })),
    [],
    ['template-task-form error'],
  ],
  ['12 skills', manifest(skills(12)), ['limit-exceeded warning'], ['limit-exceeded warning']],
  ['21 skills', manifest(skills(21)), ['limit-exceeded error'], ['limit-exceeded error']],
  ['a skill without name', manifest({ skills: [{ clawhub_slug: '@pinata/api' }] }), ['missing-property warning'], ['missing-property warning']],
  [
    "the docs' slug and a bare one",
    manifest({
      skills: [
        { name: 'api', clawhub_slug: '@pinata/api' },
        { name: 'slack', clawhub_slug: 'slack' },
      ],
    }),
    [],
    [],
  ],
  [
    'an owner/name slug',
    manifest({ skills: [{ name: 'os', clawhub_slug: 'opensea/opensea-marketplace' }] }),
    ['skill-slug-format warning'],
    ['skill-slug-format warning'],
  ],
  ['a slug in cid', manifest({ skills: [{ name: 'alchemy', cid: 'alchemy-official' }] }), ['skill-cid-invalid error'], ['skill-cid-invalid error']],
  [
    'dmPolicy, allowFrom and enabled on every channel',
    manifest({
      secrets: [
        { name: 'SLACK_BOT_TOKEN', description: 'x' },
        { name: 'SLACK_APP_TOKEN', description: 'x' },
        { name: 'DISCORD_BOT_TOKEN', description: 'x' },
      ],
      channels: {
        slack: { enabled: true, botToken: 'env:SLACK_BOT_TOKEN', appToken: 'env:SLACK_APP_TOKEN', dmPolicy: 'pairing', allowFrom: ['U1'] },
        discord: { enabled: true, botToken: 'env:DISCORD_BOT_TOKEN', dmPolicy: 'pairing', allowFrom: ['1'] },
      },
    }),
    [],
    [],
  ],
  [
    'appToken outside Slack',
    manifest({ secrets: [{ name: 'T', description: 'x' }], channels: { telegram: { botToken: 'env:T', dmPolicy: 'pairing', appToken: 'env:T' } } }),
    ['unknown-property warning'],
    ['unknown-property warning'],
  ],
  ['an engine the docs do not name', manifest({ engine: 'claude-code' }), ['invalid-value warning'], ['invalid-value warning']],
  [
    'a route without path',
    manifest({ routes: [{ port: 5173 }], scripts: { start: 'npx serve -l 5173' } }),
    ['missing-property warning'],
    ['missing-property warning'],
  ],
  ['an author URL without a scheme', manifest({}, { ...TEMPLATE, authorUrl: 'www.pinata.cloud' }), ['invalid-value warning'], ['invalid-value warning']],
  ['an empty start script', manifest({ scripts: { build: 'npm ci', start: '' } }), [], []],
  ['a category nobody lists', manifest({}, { ...TEMPLATE, category: 'financial agent' }), [], []],
  ['a near-typo of a category', manifest({}, { ...TEMPLATE, category: 'defy' }), [], ['template-category-unknown hint']],
  ['no authorName', manifest({}, { slug: 'a', category: 'general' }), [], ['template-author-field error']],
  ['partnerName alone', manifest({}, { slug: 'a', category: 'general', partnerName: 'Pinata' }), [], ['template-author-field error']],
  [
    'partner keys beside authorName, and paid',
    manifest({}, { ...TEMPLATE, partnerName: 'Pinata', partnerUrl: 'https://pinata.cloud', paid: { amount: '1.00', currency: 'USDC' } }),
    [],
    ['template-author-field warning', 'template-author-field warning', 'template-paid-invalid warning'],
  ],
  ['11 tags', manifest({}, { ...TEMPLATE, tags: Array.from({ length: 11 }, (_, i) => `tag-${i}`) }), [], ['template-tags-limit error']],
  ['a slug over 100 characters', manifest({}, { ...TEMPLATE, slug: 'a'.repeat(101) }), [], ['limit-exceeded error']],
  ['a secret without description', manifest({ secrets: [{ name: 'OPENAI_API_KEY' }] }), [], ['template-secret-description warning']],
  ["the starter's _docs block", manifest({ _docs: { _about: 'Remove this _docs block before submitting.' } }), ['docs-block hint'], ['docs-block error']],
  [
    'pre-v1 keys',
    JSON.stringify({ version: 1, agent: { name: 'A' }, template: TEMPLATE, setup: 'npm ci' }),
    ['unknown-property error'],
    ['unknown-property error'],
  ],
  ['an unknown key', manifest({ routez: [] }), ['unknown-property error'], ['unknown-property error']],
];

describe("the decision table of the platform's two gates", () => {
  for (const [form, text, deploy, template] of TABLE) {
    it(`${form}: as a deploy ${JSON.stringify(deploy)}, as a template ${JSON.stringify(template)}`, () => {
      expect(found(text, false)).toEqual([...deploy].sort());
      expect(found(text, true)).toEqual([...template].sort());
    });
  }

  it('calls template ignored only where the manifest is known to lie outside a template repository', () => {
    const text = manifest({});
    expect(found(text, false, false)).toEqual(['template-ignored hint']);
    expect(found(text, false, true)).toEqual([]);
    expect(found(text, false)).toEqual([]);
    expect(found(text, true, false)).toEqual([]);
  });
});

describe('certain fixes and the accepted forms', () => {
  it('never moves the model, a task or the author fields between forms the sources each accept', () => {
    const text = manifest(
      { model: { primary: 'anthropic/claude-sonnet-4-6' }, ...tasks({ name: 'daily', prompt: 'Check in', schedule: '0 9 * * *', enabled: true }) },
      { slug: 'a', category: 'general', partnerName: 'Pinata' },
    );
    for (const template of [false, true]) expect(fixText(text, { now: NOW, template }).output).toBe(text);
    const objects = manifest({ model: 'anthropic/claude-sonnet-4-6', ...tasks({ schedule: { kind: 'every', everyMs: 600000 }, payload: { text: 'Poll' } }) });
    for (const template of [false, true]) expect(fixText(objects, { now: NOW, template }).output).toBe(objects);
  });

  it('offers the conversions as suggestions, each giving the other accepted form', () => {
    const objects = manifest(tasks({ name: 'poll', schedule: { kind: 'every', everyMs: 600000 }, payload: { kind: 'agentTurn', text: 'Poll' } }));
    const [finding] = lint(objects, { now: NOW, template: true }).diagnostics;
    expect(finding?.ruleId).toBe('template-task-form');
    const lines = objects.split('\n');
    const applied = finding!
      .suggestions![0]!.edits.map((edit) => ({ start: offsetOf(lines, edit.range.start), end: offsetOf(lines, edit.range.end), text: edit.newText }))
      .sort((a, b) => b.start - a.start)
      .reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), objects);
    expect(JSON.parse(applied).tasks).toEqual([{ name: 'poll', schedule: '600000ms', prompt: 'Poll' }]);
    expect(found(applied, true)).toEqual([]);
  });
});

function offsetOf(lines: string[], position: { line: number; character: number }): number {
  return lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
}
