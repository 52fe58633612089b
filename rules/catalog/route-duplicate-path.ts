import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { type RouteItem, routeItems, withoutTrailingSlash } from '../analyzers/routes.js';

/** A message of this rule: the two paths, what the overlap costs (and the ports, when both are known), and what to do. */
const said = (ports: string, remedy: string) =>
  `{{subject}} is {{value}}, the same path prefix as {{earlierSubject}} ({{earlierValue}}): requests under it can reach only one of the two routes${ports}. ${remedy}.`;
const SEPARATE = 'Give each route its own path, or remove one';

export const routeDuplicatePath = defineRule({
  meta: {
    id: 'route-duplicate-path',
    category: 'Routes and scripts',
    severity: 'error',
    description: 'Two routes have the same path prefix (`/app` and `/app/` count as the same).',
    rationale:
      "The gateway picks a route by the request's path prefix; with two routes on one prefix, requests can reach only one of them, and which one is not documented.",
    evidence:
      'None found about duplicate paths: the linter\'s own inference from routes matching by prefix (https://docs.pinata.cloud/agents/manifest#routes: "Each entry maps an external path prefix to a container port.").',
    assumptions: 'A trailing `/` does not make a different prefix (see route-path-trailing-slash), so `/app` and `/app/` are compared as the same.',
    messages: {
      duplicatePath: said('', SEPARATE),
      duplicatePathOtherPorts: said(' (ports {{earlierPort}} and {{port}})', SEPARATE),
      duplicatePathSamePort: said(' (both to port {{port}})', 'Remove the repeated route'),
    },
    fixable: false,
  },
  check(context) {
    const first = new Map<string, RouteItem>();
    for (const route of routeItems(context.doc)) {
      if (route.path === undefined || !route.pathNode) continue;
      const prefix = withoutTrailingSlash(route.path);
      const earlier = first.get(prefix);
      if (!earlier) {
        first.set(prefix, route);
        continue;
      }
      const path = ['routes', route.index, 'path'];
      const earlierPath = ['routes', earlier.index, 'path'];
      const paths = {
        subject: subject(path),
        value: formatValue(route.path, path),
        earlierSubject: subject(earlierPath),
        earlierValue: formatValue(earlier.path, earlierPath),
      };
      context.report({
        path,
        span: spanOf(route.pathNode),
        ...(route.port === undefined || earlier.port === undefined
          ? { messageId: 'duplicatePath', data: paths }
          : route.port === earlier.port
            ? { messageId: 'duplicatePathSamePort', data: { ...paths, port: route.port } }
            : { messageId: 'duplicatePathOtherPorts', data: { ...paths, earlierPort: earlier.port, port: route.port } }),
      });
    }
  },
});
