/**
 * Real manifests from repositories the project had never seen, judged finding by finding in
 * `fixtures/corpus/real3/VERDICTS.md`: every TRUE finding is still reported, every FALSE one is
 * gone, and every "missed" problem is found. Each file is linted twice, as the platform's two
 * gates judge it: as a deploy (a plain lint, the file at the root of its template repository,
 * which every one of them is) and as a template submission (`manifest-lint template`, without
 * the repository's other files, which the corpus does not hold).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lint, type Diagnostic } from '../rules/index.js';

const REAL3 = new URL('./fixtures/corpus/real3/', import.meta.url).pathname;
const NOW = new Date('2026-11-23T09:00:00Z');

type Mode = 'deploy' | 'template';
/** A finding as the verdicts name it: rule, JSON path, severity. */
type Expected = `${string} ${string} ${'error' | 'warning' | 'info' | 'hint'}`;

function findingsOf(file: string, mode: Mode): Diagnostic[] {
  const text = readFileSync(`${REAL3}${file}.json`, 'utf8');
  return lint(text, { now: NOW, template: mode === 'template', inTemplateRepository: true }).diagnostics;
}

const shown = (d: Diagnostic): string => `${d.ruleId} ${d.path.join('.') || '/'} ${d.severity}`;

/**
 * Everything each file reports, by mode, with the verdict behind it: T… a TRUE finding kept, M…
 * a problem the linter used to miss. Nothing else may be reported, at any severity.
 */
const EXPECTED: Record<string, Record<Mode, [Expected, string][]>> = {
  '0xPolygon__pinata-agent-template__manifest': { deploy: [], template: [] },
  '0xPolygon__pinata-agent-template__manifest@1f2c588': {
    deploy: [['docs-block _docs hint', 'T2']],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['docs-block _docs error', 'T2'],
    ],
  },
  '0xPolygon__pinata-agent-template__manifest@391af47': {
    deploy: [],
    template: [
      ['template-author-field template.partnerName warning', 'M1'],
      ['template-author-field template.partnerUrl warning', 'M1b'],
      ['template-author-field template.partnerLogoUrl warning', 'M1b'],
    ],
  },
  '0xPolygon__pinata-agent-template__manifest@b2d15cd': {
    deploy: [],
    template: [
      ['template-author-field template.partnerName warning', 'M1'],
      ['template-author-field template.partnerUrl warning', 'M1b'],
      ['template-author-field template.partnerLogoUrl warning', 'M1b'],
    ],
  },
  '0xPolygon__pinata-agent-template__manifest@cfddcee': {
    deploy: [
      ['docs-block _docs hint', 'T2'],
      ['unknown-property routes.0 error', 'T11, once'],
    ],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['docs-block _docs error', 'T2'],
      ['unknown-property routes.0 error', 'T11, once'],
    ],
  },
  GeneralInfluence__YouTubeSkip__manifest: { deploy: [], template: [] },
  'GeneralInfluence__YouTubeSkip__manifest@d53cf87': { deploy: [], template: [['template-author-field template.authorName error', 'T1']] },
  'GeneralInfluence__bd-agent-template__manifest': {
    deploy: [
      ['channel-token-missing channels.telegram.botToken warning', 'T7'],
      ['unknown-property channels.telegram.token_secret error', 'T17'],
    ],
    template: [
      ['template-author-field template.partnerName warning', 'M1'],
      ['channel-token-missing channels.telegram.botToken warning', 'T7'],
      ['unknown-property channels.telegram.token_secret error', 'T17'],
    ],
  },
  'GeneralInfluence__bd-agent-template__manifest@0182e88': { deploy: [], template: [['template-author-field template.authorName error', 'T1']] },
  // Written by the platform's workspace sync: nothing is wrong with it as a deploy (it is no template).
  'GeneralInfluence__bd-agent-template__manifest@42b9bdb': {
    deploy: [],
    template: [
      ['template-metadata-missing template error', 'not a template'],
      ['template-secret-description secrets.0.description warning', 'not a template'],
    ],
  },
  'GeneralInfluence__bd-agent-template__manifest@779d8d2': {
    deploy: [
      ['channel-token-missing channels.telegram.botToken warning', 'T7'],
      ['unknown-property channels.telegram.token_secret error', 'T17'],
    ],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['channel-token-missing channels.telegram.botToken warning', 'T7'],
      ['unknown-property channels.telegram.token_secret error', 'T17'],
    ],
  },
  'PinataCloud__agent-template__manifest': {
    deploy: [['docs-block _docs hint', 'T2']],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['docs-block _docs error', 'T2'],
    ],
  },
  'PinataCloud__agent-template__manifest@e65eede': {
    deploy: [['docs-block _docs hint', 'T2']],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['docs-block _docs error', 'T2'],
    ],
  },
  'SahilAujla__pinata-agents__manifest': {
    deploy: [['skill-cid-invalid skills.0.cid error', 'T4']],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['skill-cid-invalid skills.0.cid error', 'T4'],
    ],
  },
  'SahilAujla__pinata-agents__manifest@a1efb30': { deploy: [], template: [['template-author-field template.authorName error', 'T1']] },
  'SahilAujla__pinata-agents__manifest@a8b487b': {
    deploy: [['skill-cid-invalid skills.0.cid error', 'T5']],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['skill-cid-invalid skills.0.cid error', 'T5'],
    ],
  },
  'botfun__agent-template__manifest': {
    deploy: [
      ['channel-token-missing channels.telegram.botToken warning', 'T7'],
      ['channel-token-missing channels.discord.botToken warning', 'T7'],
    ],
    template: [
      ['channel-token-missing channels.telegram.botToken warning', 'T7'],
      ['channel-token-missing channels.discord.botToken warning', 'T7'],
    ],
  },
  'dev-slater__agent-with-wallet-template__manifest': { deploy: [], template: [['template-author-field template.authorName error', 'T1']] },
  'dev-slater__agent-with-wallet-template__manifest@a8978a3': { deploy: [], template: [['template-author-field template.authorName error', 'T1']] },
  'francardoso93__useful-assistant-three__manifest': {
    deploy: [['docs-block _docs hint', 'T2']],
    template: [
      ['template-author-field template.partnerName warning', 'M1'],
      ['docs-block _docs error', 'T2'],
    ],
  },
  'paulo-bot-dev__openclaw-frontend-agent__manifest': {
    deploy: [
      ['missing-property agent warning', 'T12'],
      ['missing-property version error', 'T12'],
      ['unknown-property ports error', 'T12'],
      ['unknown-property setup error', 'T12'],
      ['unknown-property start error', 'T12'],
    ],
    template: [
      ['missing-property agent warning', 'T12'],
      ['missing-property version error', 'T12'],
      ['template-metadata-missing template error', 'not a template'],
      ['unknown-property ports error', 'T12'],
      ['unknown-property setup error', 'T12'],
      ['unknown-property start error', 'T12'],
    ],
  },
  'paysponge__pinata-agent-templates__agent-with-sponge-wallet__manifest': { deploy: [], template: [] },
  'paysponge__pinata-agent-templates__openclaw__basic__useful-assistant__manifest': {
    deploy: [['docs-block _docs hint', 'T2']],
    template: [
      ['template-author-field template.authorName error', 'T1'],
      ['docs-block _docs error', 'T2'],
    ],
  },
  'paysponge__pinata-agent-templates__sponge-wallet-agent__manifest': { deploy: [], template: [] },
};

/** The findings VERDICTS.md judges FALSE: none may come back, in either mode, at any severity. */
const FALSE_FINDINGS: [rule: string, reason: string][] = [
  ['template-ignored', 'F1: every file is the root manifest of a template repository'],
  ['legacy-task-shorthand', "F2: Pinata's own task format, and the template validator's"],
  ['legacy-model-object', "F3: the published schema's form of `model`"],
  ['template-category-unknown', "F4: categories nothing says are wrong (`devops` is in Pinata's own list)"],
  ['script-empty', 'F5: `"start": ""` ships in Pinata\'s own templates'],
];

describe('real manifests from unseen repositories, judged by VERDICTS.md', () => {
  it('holds every file of the set, and nothing else', () => {
    const files = readdirSync(REAL3)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, modes] of Object.entries(EXPECTED)) {
    for (const mode of ['deploy', 'template'] as const) {
      it(`${file} as a ${mode}: every true finding and every missed problem, and nothing else`, () => {
        expect(findingsOf(file, mode).map(shown).sort()).toEqual(modes[mode].map(([finding]) => finding).sort());
      });
    }
  }

  it('brings none of the false findings back', () => {
    for (const file of Object.keys(EXPECTED)) {
      for (const mode of ['deploy', 'template'] as const) {
        const reported = findingsOf(file, mode).map((d) => d.ruleId);
        for (const [rule, reason] of FALSE_FINDINGS) expect(reported, `${file} (${mode}): ${reason}`).not.toContain(rule);
      }
    }
  });

  it('gives no error to a deploy of what the platform wrote or ships, and one finding to one mistake', () => {
    expect(findingsOf('GeneralInfluence__bd-agent-template__manifest@42b9bdb', 'deploy')).toEqual([]);
    // A secret pasted into `routes` is one mistake: one finding that says what it is.
    const routes = findingsOf('0xPolygon__pinata-agent-template__manifest@cfddcee', 'deploy').filter((d) => d.path[0] === 'routes');
    expect(routes.map((d) => d.messageId)).toEqual(['misplacedInRoutes']);
    expect(routes[0]!.message).toContain('`secrets`');
  });

  it('says what each mistake is: a slug in `cid`, pre-v1 keys, partner keys beside the author', () => {
    const slug = findingsOf('SahilAujla__pinata-agents__manifest', 'deploy')[0]!;
    expect(slug.messageId).toBe('registrySlug');
    expect(slug.suggestions?.[0]?.title).toBe('Rename `cid` to `clawhub_slug`');
    const preV1 = findingsOf('paulo-bot-dev__openclaw-frontend-agent__manifest', 'deploy').filter((d) => d.ruleId === 'unknown-property');
    expect(preV1.map((d) => d.message.match(/its place is `([^`]+)`/)?.[1])).toEqual(['routes', 'scripts.build', 'scripts.start']);
    const partnerUrl = findingsOf('0xPolygon__pinata-agent-template__manifest@b2d15cd', 'template').find((d) => d.path[1] === 'partnerUrl')!;
    expect(partnerUrl.message).toContain('the card has no link');
    expect(partnerUrl.suggestions?.[0]?.title).toBe('Rename `partnerUrl` to `authorUrl`');
  });
});
