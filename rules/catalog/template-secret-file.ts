import { defineRule, type FindingMessage } from '../framework/rule.js';
import { readEnvLines, type EnvAssignment } from '../analyzers/env-file.js';
import { credentialLike, privateKeyLine, secretFileKind } from '../analyzers/secret-files.js';
import type { Range } from '../framework/types.js';

const FIRST_LINE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
/** Variable names listed in a message before "and N more". */
const LISTED = 3;

const UNPUBLISH =
  'Files in a template repository are published to everyone who deploys it, and anything once committed stays in the git history: remove the file from the repository (and add it to `.gitignore`), and revoke or rotate what it holds if it was ever pushed.';

const DECLARE_INSTEAD = 'Commit a `.env.example` with empty values instead, and declare the variables in `secrets[]` so the platform injects them.';
const EMPTY_INSTEAD = 'Leave the values empty or use placeholders.';

/** The messages of an env file's flagged variables, by how many there are. */
const MESSAGES_BY_COUNT = {
  env: { one: 'envValue', several: 'envValues', more: 'envValuesMore' },
  'env-example': { one: 'exampleCredential', several: 'exampleCredentials', more: 'exampleCredentialsMore' },
} as const;

export const templateSecretFile = defineRule({
  meta: {
    id: 'template-secret-file',
    category: 'Template repository',
    severity: 'warning',
    description: 'Template mode: the repository holds a `.env`-style file with values, or a private key.',
    rationale:
      'A template repository is public to everyone who deploys it, and every deployed agent gets a copy of its files. Credentials belong in the secrets vault: declared by name in `secrets[]`, injected as environment variables, never committed.',
    evidence:
      'https://docs.pinata.cloud/agents/channels: "Bot tokens are sensitive. Keep them out of source control."; https://docs.pinata.cloud/agents/secrets: values are "injected into the agent as environment variables when its container starts". That a template repository is public follows from https://docs.pinata.cloud/agents/templates/creating ("Paste your public repository URL").',
    assumptions:
      'A `.env`-style file is `.env`, `.env.<anything>`, `<anything>.env` or `.envrc`; one with a value for at least one variable is reported. Example files (`.env.example`, `.env.sample`, `example.env`…) are meant to be committed: they are reported only when a value has the shape of a real credential. Private keys are `id_rsa`-style SSH key files and `*.pem`, `*.key` or `*.p8` files holding a `PRIVATE KEY` block, and `*.p12` / `*.pfx` keystores. Messages name variables and lines, never values.',
    messages: {
      envValue: `\`{{file}}\` sets a value for {{names}}. ${UNPUBLISH} ${DECLARE_INSTEAD}`,
      envValues: `\`{{file}}\` sets values for {{names}}. ${UNPUBLISH} ${DECLARE_INSTEAD}`,
      envValuesMore: `\`{{file}}\` sets values for {{names}} and {{more}} more. ${UNPUBLISH} ${DECLARE_INSTEAD}`,
      exampleCredential: `\`{{file}}\` is an example file, but the value of {{names}} has the shape of a real credential. ${UNPUBLISH} ${EMPTY_INSTEAD}`,
      exampleCredentials: `\`{{file}}\` is an example file, but the values of {{names}} have the shape of a real credential. ${UNPUBLISH} ${EMPTY_INSTEAD}`,
      exampleCredentialsMore: `\`{{file}}\` is an example file, but the values of {{names}} and {{more}} more have the shape of a real credential. ${UNPUBLISH} ${EMPTY_INSTEAD}`,
      keystore: `\`{{file}}\` is a PKCS #12 keystore, which holds a private key. ${UNPUBLISH}`,
      privateKey: `\`{{file}}\` holds a private key. ${UNPUBLISH} Keys an agent needs go in the secrets vault, declared in \`secrets[]\`.`,
    },
    fixable: false,
  },
  check(context) {
    for (const file of context.repository?.files ?? []) {
      const kind = secretFileKind(file.path);
      if (!kind) continue;
      const report = (message: FindingMessage, range: Range = FIRST_LINE) =>
        context.report({ path: [], span: { start: 0, end: 0 }, ...message, file: { path: file.path, range } });

      if (kind === 'env' || kind === 'env-example') {
        if (file.text === undefined) continue;
        const assignments = readEnvLines(file.text).filter((entry): entry is EnvAssignment => entry.kind === 'assignment');
        const flagged = assignments.filter((entry) => (kind === 'env' ? entry.value !== '' : credentialLike(entry.value)));
        const first = flagged[0];
        if (!first) continue;
        const listed = flagged.slice(0, LISTED).map((entry) => `\`${entry.name}\` (line ${entry.line + 1})`);
        const range = { start: { line: first.line, character: first.character }, end: { line: first.line, character: first.end } };
        const more = flagged.length - LISTED;
        // Past `LISTED`, the rest are counted: "`A` (line 1), `B` (line 2), `C` (line 3) and 2 more".
        const names = more > 0 || listed.length === 1 ? listed.join(', ') : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)!}`;
        const messages = MESSAGES_BY_COUNT[kind];
        report(
          more > 0
            ? { messageId: messages.more, data: { file: file.path, names, more } }
            : { messageId: flagged.length === 1 ? messages.one : messages.several, data: { file: file.path, names } },
          range,
        );
        continue;
      }
      if (kind === 'keystore') {
        report({ messageId: 'keystore', data: { file: file.path } });
        continue;
      }
      const header = file.text === undefined ? undefined : privateKeyLine(file.text);
      // An SSH key file that could not be read as text is reported by its name alone.
      if (!header && !(kind === 'ssh-key' && file.text === undefined)) continue;
      const range = header ? { start: { line: header.line, character: 0 }, end: { line: header.line, character: header.length } } : FIRST_LINE;
      report({ messageId: 'privateKey', data: { file: file.path } }, range);
    }
  },
});
