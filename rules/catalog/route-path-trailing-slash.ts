import { formatValue, subject } from '../framework/describe.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { routeItems, withoutTrailingSlash } from '../analyzers/routes.js';

const VALID_PATH = /^\/[^\s?#]*$/u;

export const routePathTrailingSlash = defineRule({
  meta: {
    id: 'route-path-trailing-slash',
    category: 'Routes and scripts',
    severity: 'warning',
    description: 'A route path ends with `/` (other than the path `/` itself).',
    rationale:
      "A route's path is a prefix that is stripped before the request reaches your server. With a trailing slash, a request for the prefix itself (`/app`) does not start with it, and stripping it takes away the `/` your server's own paths begin with.",
    evidence:
      'https://docs.pinata.cloud/agents/routes: "the path prefix is **stripped** before the request hits your service. If someone visits `/app/users/123`, your service sees `/users/123`." How a trailing `/` is matched is not documented: the linter\'s own inference from plain prefix matching.',
    assumptions:
      "The platform documentation says the prefix is stripped but not how a trailing slash is matched; the rule assumes a plain string prefix, which is how the platform's own templates write paths (`/app`).",
    messages: {
      pathTrailingSlash: `{{subject}} is {{value}}, with a trailing \`/\`: a request for \`{{fixed}}\` itself does not start with that prefix, and stripping it removes the \`/\` your server's paths begin with. Write \`{{fixed}}\`.`,
    },
    fixTitles: {
      changePath: 'Change the path to `{{path}}`',
    },
    fixable: true,
  },
  check(context) {
    for (const { index, path: value, pathNode } of routeItems(context.doc)) {
      // Paths the schema rejects are route-path-format's; the slash can wait until they are valid.
      if (value === undefined || !pathNode || value === '/' || !value.endsWith('/') || !VALID_PATH.test(value)) continue;
      const path = ['routes', index, 'path'];
      const fixed = withoutTrailingSlash(value);
      context.report({
        path,
        span: spanOf(pathNode),
        messageId: 'pathTrailingSlash',
        data: { subject: subject(path), value: formatValue(value, path), fixed },
        fixes: [{ titleId: 'changePath', titleData: { path: fixed }, edits: [replaceValue(pathNode, fixed)] }],
      });
    }
  },
});
