/**
 * Documentation generated from the rule metadata, so the rule list is never written twice.
 * `test/docs.test.ts` fails when a generated part is stale; `UPDATE_DOCS=1` rewrites it.
 */
import type { DefinedRuleMeta, Diagnostic, RuleMeta } from '../rules/index.js';
import { docsUrl, toPointer } from '../rules/index.js';
import schemaFacts from '../rules/generated/schema-facts.js';

export const RULES_BEGIN = '<!-- rules:begin (generated from the rule metadata; do not edit) -->';
export const RULES_END = '<!-- rules:end -->';

/** The README's rule list: one table per category, in catalog order. */
export function ruleListMarkdown(rules: readonly RuleMeta[]): string {
  const sections: string[] = [];
  for (const category of [...new Set(rules.map((rule) => rule.category))]) {
    const rows = rules
      .filter((rule) => rule.category === category)
      .map((rule) => `| [\`${rule.id}\`](${docsUrl(rule.id)}) | ${defaultSeverities(rule)} | ${fixColumn(rule)} | ${rule.description.replace(/\|/g, '\\|')} |`);
    sections.push([`**${category}**`, '', '| rule | default | fix | what it finds |', '| --- | --- | --- | --- |', ...rows].join('\n'));
  }
  return sections.join('\n\n');
}

/** `text` with the part between the markers replaced by `content`. */
export function replaceBetween(text: string, begin: string, end: string, content: string): string {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`markers ${begin} … ${end} not found`);
  return `${text.slice(0, from + begin.length)}\n${content}\n${text.slice(to)}`;
}

/** One golden case of a rule: its input and what the engine reports for it. */
export interface DocCase {
  name: string;
  input: string;
  findings: Diagnostic[];
  fixed: string | undefined;
  /** Template repository rules: the repository the manifest lies in (see `test/repository-facts.ts`). */
  repository?: DocRepository | undefined;
  /** `skill-cid-stale`: the local skill folders the adapter found, by skill name, with their CIDs now. */
  skillSources?: Record<string, { folder: string; cids: Record<string, string> }> | undefined;
  /** `unused-ignore`: the `.manifestlintrc.json` the manifest is linted under. */
  config?: string | undefined;
}

export interface DocRepository {
  /** False when the repository has no `manifest.json` (the input is then not shown). */
  manifest?: boolean;
  files?: Record<string, string>;
  folders?: string[];
  symlinks?: Record<string, string>;
}

/** `docs/rules/<id>.md`: what the rule finds, why, examples from its golden files, the fix, how to turn it off. */
export function rulePage(rule: DefinedRuleMeta, cases: readonly DocCase[]): string {
  const own = (c: DocCase) => c.findings.filter((finding) => finding.ruleId === rule.id);
  // The clearest failing example: the one where this rule's findings are the largest share.
  const failing = [...cases]
    .filter((c) => own(c).length > 0)
    .sort((a, b) => b.findings.length - own(b).length - (a.findings.length - own(a).length) || a.name.localeCompare(b.name))
    .at(-1);
  const passing = cases.find((c) => own(c).length === 0 && c.name.startsWith('near-miss'));
  const lines = [
    `# \`${rule.id}\``,
    '',
    `${rule.description}`,
    '',
    `- Category: ${rule.category}`,
    `- Default severity: \`${rule.severity}\`${otherSeverities(rule)}`,
    `- Fix: ${rule.fixable ? 'yes' : rule.suggests ? 'suggestions only (an editor offers them; `--fix` does not apply them)' : 'no'}`,
    ...(rule.evidence ? [`- Evidence: ${rule.evidence}`] : []),
    '',
    '## Why it matters',
    '',
    rule.rationale,
  ];
  if (rule.assumptions) lines.push('', '## Assumptions', '', rule.assumptions);
  const messages = Object.entries(rule.messages ?? {});
  if (messages.length > 0) {
    lines.push(
      '',
      '## Messages',
      '',
      "What a finding says, by message id (`{{…}}` stands for the value the finding fills in; the id is in the library's diagnostics):",
      '',
      ...messages.map(([id, template]) => `- \`${id}\`${rule.messageSeverities?.[id] ? ` (${rule.messageSeverities[id]})` : ''}: ${template}`),
    );
  }
  if (rule.schemaWords) lines.push('', ...schemaWordsSection(rule.schemaWords));
  const fixTitles = Object.entries(rule.fixTitles ?? {});
  if (fixTitles.length > 0) {
    lines.push(
      '',
      '## Fix and suggestion titles',
      '',
      "What an editor's quick fix and the CLI call each fix or suggestion the rule offers, by id:",
      '',
      ...fixTitles.map(([id, template]) => `- \`${id}\`: ${template}`),
    );
  }
  if (failing) {
    lines.push(
      '',
      '## Example that fails',
      '',
      ...example(failing),
      '',
      ...(failing.repository || failing.skillSources || failing.config ? ['It reports:', ''] : []),
      ...own(failing).map(findingLine),
    );
    const fixes = own(failing).flatMap((finding) => finding.fixes ?? []);
    if (fixes.length > 0) {
      lines.push('', '## The fix', '', ...fixes.map((fix) => `- ${fix.title}`));
      if (failing.fixed !== undefined) lines.push('', '`manifest-lint --fix` turns the example into:', '', fence(failing.fixed));
    }
    const suggestions = own(failing).flatMap((finding) => finding.suggestions ?? []);
    if (suggestions.length > 0) {
      lines.push(
        '',
        '## Suggestions',
        '',
        ...suggestions.map((fix) => `- ${fix.title}`),
        '',
        'A suggestion is a choice or a guess, so `--fix` never applies it: editors offer each one as a quick fix, and the CLI lists them.',
      );
    }
  }
  if (passing) lines.push('', '## Example that passes', '', ...example(passing));
  if (rule.severity === 'off') {
    lines.push(
      '',
      '## Turning it on',
      '',
      `It is off unless you turn it on, at the severity you choose. For one run: \`manifest-lint --rule ${rule.id}=hint\`. For a project, in \`.manifestlintrc.json\`:`,
      '',
      fence(`{ "rules": { "${rule.id}": "hint" } }`),
      '',
    );
    return lines.join('\n');
  }
  lines.push(
    '',
    '## Turning it off',
    '',
    `For one run: \`manifest-lint --rule ${rule.id}=off\`. For a project, in \`.manifestlintrc.json\`:`,
    '',
    fence(`{ "rules": { "${rule.id}": "off" } }`),
    '',
  );
  if (rule.id === UNUSED_IGNORE) {
    // It is about the config file itself: no place in a manifest to silence it at.
    lines.push(
      'It is reported on the config file, at the entry, so an `ignore` entry cannot silence it; remove the entry, or switch the rule off as above.',
      '',
    );
  } else {
    lines.push(
      'To silence one place only, name its JSON pointer; an entry that stops matching is reported as `unused-ignore`:',
      '',
      fence(`{ "ignore": [{ "rule": "${rule.id}", "path": "${failing ? toPointer(own(failing)[0]!.path) : '/tasks/0'}" }] }`),
      '',
    );
  }
  return lines.join('\n');
}

const UNUSED_IGNORE = 'unused-ignore';

function fence(json: string, language = 'json'): string {
  return `\`\`\`${language}\n${json.replace(/\n$/, '')}\n\`\`\``;
}

/** The case's manifest, and the repository around it when it has one. */
function example(c: DocCase): string[] {
  const repository = c.repository;
  if (c.skillSources) return [fence(c.input), '', ...skillFolders(c.skillSources)];
  if (c.config !== undefined) return [fence(c.input), '', 'with this `.manifestlintrc.json` beside it:', '', fence(c.config)];
  if (!repository) return [fence(c.input)];
  const lines = repository.manifest === false ? ['A repository without `manifest.json`, holding:'] : [fence(c.input), '', 'in a repository holding:'];
  lines.push('');
  for (const [path, text] of Object.entries(repository.files ?? {})) {
    if (/(^|\/)(\.env[^/]*|[^/]*\.env|id_[a-z0-9_]+|[^/]*\.(pem|key))$/.test(path) && text !== '') {
      lines.push(
        `- \`${path}\`:`,
        '',
        ...fence(text, 'text')
          .split('\n')
          .map((line) => `  ${line}`),
      );
    } else {
      lines.push(`- \`${path}\`${text.trim() === '' ? ' (empty)' : ''}`);
    }
  }
  for (const folder of repository.folders ?? []) lines.push(`- \`${folder}/\` (an empty folder)`);
  for (const [path, target] of Object.entries(repository.symlinks ?? {})) lines.push(`- \`${path}\`, a symbolic link to \`${target}\``);
  return lines;
}

/** The skill folders beside a case's manifest, as the CLI or the editor finds and hashes them. */
function skillFolders(sources: NonNullable<DocCase['skillSources']>): string[] {
  const lines = ['where the CLI or the editor finds these skill folders beside it:', ''];
  for (const [name, { folder, cids }] of Object.entries(sources)) {
    const now = Object.entries(cids)
      .map(([profile, cid]) => `\`${cid}\` under \`${profile}\``)
      .join(', ');
    lines.push(`- \`${folder}\` for the skill \`${name}\`: ${now}`);
  }
  return lines;
}

function findingLine(finding: Diagnostic): string {
  const where = `line ${finding.range.start.line + 1}, column ${finding.range.start.character + 1}`;
  return `- ${finding.file === undefined ? where : `\`${finding.file}\`, ${where}`}: ${finding.severity} — ${finding.message}`;
}

/** The rule's default severity, then the other defaults some of its messages have. */
function defaultSeverities(rule: RuleMeta): string {
  return [...new Set([rule.severity, ...Object.values(rule.messageSeverities ?? {})])].join(' / ');
}

/** The messages whose findings default to another severity, after the rule's own. */
function otherSeverities(rule: RuleMeta): string {
  const others = Object.entries(rule.messageSeverities ?? {}).filter(([, severity]) => severity !== rule.severity);
  return others.length === 0 ? '' : ` (${others.map(([id, severity]) => `\`${severity}\` for \`${id}\``).join(', ')})`;
}

/** The rule list's fix column: `yes` for a certain fix, `suggests` for choices only. */
function fixColumn(rule: RuleMeta): string {
  return rule.fixable ? 'yes' : rule.suggests ? 'suggests' : '';
}

/** What the schema says a value must be (its `errorMessage`s), which the rule's `slots` quote: each text once, with where it applies. */
function schemaWordsSection(slots: readonly string[]): string[] {
  const byText = new Map<string, string[]>();
  for (const [pointer, text] of Object.entries(schemaFacts.expectations)) byText.set(text, [...(byText.get(text) ?? []), pointer]);
  return [
    "## The schema's words",
    '',
    `What ${slots.map((slot) => `\`{{${slot}}}\``).join(' and ')} say, quoted from the schema's \`errorMessage\` for the value (by schema location):`,
    '',
    ...[...byText].map(([text, pointers]) => `- ${pointers.map((pointer) => `\`${pointer}\``).join(', ')}: ${text}`),
  ];
}
