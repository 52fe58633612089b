/**
 * The task rules on task-shaped input of every type: they must never throw, and every range they
 * report lies inside the document (the general engine invariants, aimed at the task fields).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex, lint } from '../rules/index.js';

const NOW = new Date('2026-11-23T09:00:00Z');

const anyValue = fc.oneof(
  fc.constantFrom('0 9 * * *', '61 9 * * *', '@daily', '@nope', '', ' ', '0\t9 * * 8', 'H 9 * * *', '*/0 * * * *', '0 9 31 2 *'),
  fc.constantFrom('Europe/Lisbon', 'europe/lisbn', 'UTC', 'US/Pacific', 'Mars/Base', ''),
  fc.constantFrom('2026-06-01T09:00:00', '2027-01-01T00:00:00Z', '0099-01-01T00:00:00Z', '2026-02-29T09:00:00Z', '1772355600000', 'soon'),
  fc.constantFrom(
    'agentTurn',
    'systemEvent',
    'main',
    'isolated',
    'announce',
    'webhook',
    'none',
    'telegram',
    'http://example.com',
    'https://[::1]/x',
    'hooks.example.com',
    'gpt-4o',
    'openai/gpt-4o',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

const record = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: keys.length });
const schedule = fc.oneof(anyValue, record(['kind', 'expr', 'tz', 'at', 'atMs', 'everyMs', 'staggerMs']));
const payload = fc.oneof(anyValue, record(['kind', 'text', 'message', 'model', 'thinking', 'timeoutSeconds']));
const delivery = fc.oneof(anyValue, record(['mode', 'channel', 'to', 'bestEffort']));
const task = fc.oneof(
  anyValue,
  fc.record({ name: anyValue, schedule, payload, delivery, sessionTarget: anyValue, prompt: anyValue, enabled: anyValue }, { requiredKeys: [] }),
);
const manifest = fc.record(
  {
    version: fc.constant(1),
    agent: fc.constant({ name: 'Fuzz' }),
    channels: fc.oneof(anyValue, record(['telegram', 'slack', 'Telegram'])),
    tasks: fc.oneof(anyValue, fc.array(task, { maxLength: 4 })),
  },
  { requiredKeys: ['version', 'agent'] },
);

describe('task rules', () => {
  it('never throw, and report ranges inside the document', () => {
    fc.assert(
      fc.property(manifest, fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const result = lint(text, { now: NOW });
        const lines = new LineIndex(text);
        for (const d of result.diagnostics) {
          expect(lines.offsetAt(d.range.start)).toBeLessThanOrEqual(lines.offsetAt(d.range.end));
          expect(lines.offsetAt(d.range.end)).toBeLessThanOrEqual(text.length);
        }
        expect(lint(text, { now: NOW })).toEqual(result);
      }),
      { numRuns: 1500 },
    );
  });
});
