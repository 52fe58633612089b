import { childValue, touchesSyntaxError } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { scheduleObject, tasks } from '../analyzers/tasks.js';
import { isValidTimeZone, suggestTimeZone } from '../analyzers/time-zones.js';

export const taskTimezoneInvalid = defineRule({
  meta: {
    id: 'task-timezone-invalid',
    category: 'Tasks',
    severity: 'error',
    description: "A schedule's `tz` is not a time zone; suggests the closest zone name.",
    rationale:
      'A cron schedule is read in its `tz`; a name the runtime does not know stops the task from being scheduled. Zone names are IANA names such as `Europe/Berlin`, `America/New_York` or `UTC`.',
    evidence:
      'https://docs.pinata.cloud/agents/tasks: "You can set a timezone (`tz`) so cron respects DST and local time." That `tz` is an IANA name is the OpenClaw engine\'s ("optional IANA timezone", openclaw/openclaw `docs/automation/cron-jobs.md`); the docs give no list.',
    assumptions:
      "A zone is valid when `Intl.DateTimeFormat` accepts it, as the engine's runtime does: IANA names in any letter case, `UTC`, and links such as `US/Pacific`.",
    messages: {
      blank: `{{subject}} is {{emptiness}}. Name an IANA time zone such as \`Europe/Berlin\` or \`UTC\`, or remove \`tz\`.`,
      unknown: `{{subject}} is {{value}}, which is not a time zone. Use an IANA zone name such as \`Europe/Berlin\`, \`America/New_York\` or \`UTC\`.`,
      unknownWithSuggestion: `{{subject}} is {{value}}, which is not a time zone; did you mean \`{{suggestion}}\`? Use an IANA zone name such as \`Europe/Berlin\`, \`America/New_York\` or \`UTC\`.`,
    },
    fixTitles: {
      useZone: 'Use `{{zone}}`',
    },
    fixable: false,
    suggests: true,
    covers: ['/$defs/schedule/properties/tz/minLength'],
  },
  check(context) {
    for (const { index, node } of tasks(context.doc)) {
      const tz = childValue(scheduleObject(node), 'tz');
      if (tz?.type !== 'string') continue;
      const value = tz.value as string;
      if ((value !== '' && isValidTimeZone(value)) || touchesSyntaxError(context.doc, tz)) continue;
      const path = ['tasks', index, 'schedule', 'tz'];
      if (value.trim() === '') {
        context.report({
          path,
          span: spanOf(tz),
          messageId: 'blank',
          data: { subject: subject(path), emptiness: value === '' ? 'empty' : 'blank' },
        });
        continue;
      }
      const suggestion = suggestTimeZone(value);
      context.report({
        path,
        span: spanOf(tz),
        ...(suggestion
          ? { messageId: 'unknownWithSuggestion', data: { subject: subject(path), value: formatValue(value), suggestion: suggestion.zone } }
          : { messageId: 'unknown', data: { subject: subject(path), value: formatValue(value) } }),
        ...(suggestion?.clear
          ? { suggestions: [{ titleId: 'useZone', titleData: { zone: suggestion.zone }, edits: [replaceValue(tz, suggestion.zone)] }] }
          : {}),
      });
    }
  },
});
