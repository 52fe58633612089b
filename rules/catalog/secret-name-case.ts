import { arrayItems, childValue } from '../framework/document.js';
import { formatValue, subject } from '../framework/describe.js';
import { upperSnakeCase } from '../analyzers/env-names.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { maskFor } from '../framework/masking.js';
import { CREDENTIAL_AS_NAME, declaredSecretNames, ENV_NAME } from '../analyzers/secrets.js';

const LOWERCASE = /[a-z]/;

/** A message about a lowercase name, and what to do with it. */
const said = (advice: string) =>
  `{{subject}} is \`{{value}}\`, not UPPER_SNAKE_CASE, the convention for environment variables: names are case-sensitive, so code or a skill that expects \`{{suggestion}}\` would not find it. ${advice}`;

export const secretNameCase = defineRule({
  meta: {
    id: 'secret-name-case',
    category: 'Model, secrets, channels',
    severity: 'warning',
    description: 'A secret `name` is not UPPER_SNAKE_CASE.',
    rationale:
      'A secret reaches the agent as an environment variable, and those names are case-sensitive and by convention UPPER_SNAKE_CASE: code, skills and prompts that expect `OPENAI_API_KEY` find nothing in `openaiApiKey`. Renaming is left to you, because the code that reads the variable is not in the manifest.',
    evidence:
      'None found requiring a case: https://docs.pinata.cloud/agents/manifest#secrets calls `name` an "Environment variable name (e.g. `ANTHROPIC_API_KEY`)", and every example is upper case. UPPER_SNAKE_CASE is the POSIX convention for environment variables, not a platform rule.',
    assumptions: 'Only lowercase letters make a name not UPPER_SNAKE_CASE; where its underscores go (`_PRIVATE`, `A__B`) is left alone.',
    messages: {
      credential: CREDENTIAL_AS_NAME,
      nameCase: said('Rename it to `{{suggestion}}`, together with its `env:` references and any code that reads it.'),
      nameCaseTwinDeclared: said('`{{suggestion}}` is declared as well: keep the one the agent reads and remove the other.'),
    },
    // A credential where a name belongs is a leak, whatever its case.
    messageSeverities: { credential: 'error' },
    fixable: false,
  },
  check(context) {
    const declared = declaredSecretNames(context.doc);
    for (const { index, node } of arrayItems(context.doc.root, ['secrets'])) {
      const name = childValue(node, 'name');
      if (name?.type !== 'string') continue;
      const value = name.value as string;
      // An invalid name is `secret-name-format`'s.
      if (!ENV_NAME.test(value) || !LOWERCASE.test(value)) continue;
      const path = ['secrets', index, 'name'];
      if (maskFor(context.doc).hides(value)) {
        context.report({ path, span: spanOf(name), messageId: 'credential', data: { subject: subject(path), value: formatValue(value, path) } });
        continue;
      }
      const suggestion = upperSnakeCase(value);
      context.report({
        path,
        span: spanOf(name),
        messageId: declared.has(suggestion) ? 'nameCaseTwinDeclared' : 'nameCase',
        data: { subject: subject(path), value, suggestion },
      });
    }
  },
});
