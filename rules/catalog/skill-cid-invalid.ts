import { CID_PROBLEMS, describeCid } from '../analyzers/cid.js';
import { arrayItems, childValue, keyNodeAt } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { removeProperty, replaceValue } from '../framework/json-edits.js';
import { readsAsSlug } from '../analyzers/registry-slugs.js';
import { defineRule, spanOf, type MessageData, type RuleContext } from '../framework/rule.js';
import type { JsonPath } from '../framework/types.js';
import type { Node } from 'jsonc-parser';

/**
 * What an uploaded skill's CID can address: a UnixFS folder or file (dag-pb, the form of every
 * CIDv0 and of `bafy…` CIDv1s) or a single raw block (`bafk…`, the leaves of a `v1` upload).
 */
const UPLOAD_CODECS = new Set(['dag-pb', 'raw']);

/** A message about a string that is not a CID: the analyzer's words for why (`CID_PROBLEMS`), then what to write. */
const notACid = (problem: string, advice: string) => `{{subject}} is {{value}}, which is not a valid CID: ${problem}. ${advice}`;
const COPY_WHOLE = 'Use the CID the upload returned (`bafy…`, `bafk…` or `Qm…`), copied whole.';
/** The causes `describeCid` offers a CID for (whitespace trimmed, a gateway URL's CID, a CIDv0's multibase prefix dropped). */
const REPAIRABLE = ['whitespaceAround', 'urlWithCid', 'v0WithMultibasePrefix'];
/** `invalidTooLong`, `repairableUrlWithCid`: a message id per cause. */
const messageId = (repairable: boolean, cause: string) => `${repairable ? 'repairable' : 'invalid'}${cause.charAt(0).toUpperCase()}${cause.slice(1)}`;
/** What a valid CID that is not an upload names, by codec name or (`…CodecCode`) by code. */
const notUpload = (data: string) =>
  `{{subject}} is {{value}}, a valid CID but of ${data}, which is not an upload: a skill's CID names an uploaded folder or file (dag-pb, \`bafy…\` or \`Qm…\`) or raw block (\`bafk…\`). Use the CID the upload returned.`;

export const skillCidInvalid = defineRule({
  meta: {
    id: 'skill-cid-invalid',
    category: 'Skills',
    severity: 'error',
    description: 'A skill `cid` is not a valid CIDv0 (`Qm…`) or CIDv1 (`bafy…`) of an upload; the message says why.',
    rationale:
      'The platform fetches an uploaded skill by its CID when the agent is deployed. A CID with a lost or extra character, a stray space or a gateway URL in its place addresses nothing, so the deploy fails or the skill is missing.',
    evidence:
      '"`cid` | string | IPFS CID of an uploaded skill. Mutually exclusive with `clawhub_slug`" (https://docs.pinata.cloud/agents/manifest). Slugs written into `cid` (`alchemy-official`, `credcli`) were replaced by authors in later commits; the platform answered a CID it could not find with "Hub download…Skill not found".',
    assumptions:
      'The platform does not say which CIDs it accepts for a skill. Any CIDv0 or CIDv1 in a multibase `multiformats` knows is accepted when its codec is dag-pb or raw, the two an upload produces (a folder or file, or a raw leaf); other codecs (dag-cbor, json, libp2p-key…) name data that is not an upload and are reported.',
    messages: {
      // An empty `cid` has its own message (`empty`).
      ...Object.fromEntries(
        Object.entries(CID_PROBLEMS)
          .filter(([cause]) => cause !== 'empty')
          .map(([cause, words]) => [messageId(false, cause), notACid(words, COPY_WHOLE)]),
      ),
      ...Object.fromEntries(REPAIRABLE.map((cause) => [messageId(true, cause), notACid(CID_PROBLEMS[cause]!, 'Write `{{suggestion}}`.')])),
      notUpload: notUpload('{{codec}} data'),
      notUploadCodecCode: notUpload('data of codec {{codec}}'),
      registrySlug: `{{subject}} is {{value}}, a ClawHub registry slug rather than a CID: a slug belongs in \`clawhub_slug\`, and \`cid\` takes the CID an upload returned (\`bafy…\`, \`bafk…\` or \`Qm…\`). Rename the key to \`clawhub_slug\`.`,
      registrySlugBesideSlug: `{{subject}} is {{value}}, a ClawHub registry slug rather than a CID, beside \`clawhub_slug\`: the skill has two sources where it needs one. Remove \`cid\`, and keep the slug in \`clawhub_slug\`.`,
      empty: `{{subject}} is empty. Write the CID the upload returned (\`bafy…\` or \`Qm…\`), or use \`clawhub_slug\` for a registry skill.`,
    },
    fixTitles: {
      useRepaired: 'Use `{{cid}}`',
      removeCid: 'Remove `cid` (keep `clawhub_slug`)',
      renameToSlug: 'Rename `cid` to `clawhub_slug`',
    },
    fixable: false,
    suggests: true,
    covers: ['/$defs/skill/properties/cid/minLength'],
  },
  check(context) {
    for (const { index, node } of arrayItems(context.doc.root, ['skills'])) {
      const cid = childValue(node, 'cid');
      if (cid?.type !== 'string') continue;
      const value = cid.value as string;
      const path = ['skills', index, 'cid'];
      const found = describeCid(value);
      const it = { subject: subject(path), value: formatValue(value, path) };
      if (found.valid) {
        if (UPLOAD_CODECS.has(found.codec)) continue;
        context.report({
          path,
          span: spanOf(cid),
          messageId: found.codec.startsWith('0x') ? 'notUploadCodecCode' : 'notUpload',
          data: { ...it, codec: found.codec },
        });
        continue;
      }
      if (readsAsSlug(value)) {
        reportSlug(context, cid, path, it, node);
        continue;
      }
      if (value.length === 0) {
        context.report({
          path,
          span: spanOf(cid),
          messageId: 'empty',
          data: { subject: subject(path) },
        });
        continue;
      }
      const { suggestion, cause } = found;
      context.report({
        path,
        span: spanOf(cid),
        messageId: messageId(suggestion !== undefined, cause.id),
        data: { ...it, ...cause.data, ...(suggestion ? { suggestion } : {}) },
        ...(suggestion ? { suggestions: [{ titleId: 'useRepaired', titleData: { cid: suggestion }, edits: [replaceValue(cid, suggestion)] }] } : {}),
      });
    }
  },
});

/**
 * A slug in `cid`: moved to `clawhub_slug` when that key is free, or dropped beside the slug the
 * skill already has (which `skill-source-exclusive` then leaves to this finding).
 */
function reportSlug(context: RuleContext, cid: Node, path: JsonPath, it: MessageData, skill: Node): void {
  const besideSlug = childValue(skill, 'clawhub_slug') !== undefined;
  const key = keyNodeAt(context.doc.root, path)!;
  context.report({
    path,
    span: spanOf(cid),
    messageId: besideSlug ? 'registrySlugBesideSlug' : 'registrySlug',
    data: it,
    suggestions: [
      besideSlug
        ? { titleId: 'removeCid', edits: removeProperty(context.doc, path) }
        : { titleId: 'renameToSlug', edits: [{ ...spanOf(key), newText: '"clawhub_slug"' }] },
    ],
  });
}
