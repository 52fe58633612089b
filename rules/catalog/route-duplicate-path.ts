import { formatValue, subject } from '../framework/describe.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { type RouteItem, routeItems, withoutTrailingSlash } from '../analyzers/routes.js';

export const routeDuplicatePath = defineRule({
  meta: {
    id: 'route-duplicate-path',
    category: 'Routes and scripts',
    severity: 'error',
    description: 'Two routes have the same path prefix (`/app` and `/app/` count as the same).',
    rationale:
      'The gateway picks a route by the request\'s path prefix; with two routes on one prefix, requests can reach only one of them, and which one is not documented.',
    evidence:
      'None found about duplicate paths: the linter\'s own inference from routes matching by prefix (https://docs.pinata.cloud/agents/manifest#routes: "Each entry maps an external path prefix to a container port.").',
    assumptions: 'A trailing `/` does not make a different prefix (see route-path-trailing-slash), so `/app` and `/app/` are compared as the same.',
    messages: {
      duplicatePath: `{{subject}} is {{value}}, the same path prefix as {{earlierSubject}} ({{earlierValue}}): requests under it can reach only one of the two routes{{ports}}. {{remedy}}.`,
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
      const samePort = route.port !== undefined && route.port === earlier.port;
      const ports =
        route.port !== undefined && earlier.port !== undefined
          ? samePort
            ? ` (both to port ${route.port})`
            : ` (ports ${earlier.port} and ${route.port})`
          : '';
      context.report({
        path,
        span: spanOf(route.pathNode),
        messageId: 'duplicatePath',
        data: { subject: subject(path), value: formatValue(route.path, path), earlierSubject: subject(earlierPath), earlierValue: formatValue(earlier.path, earlierPath), ports, remedy: samePort ? 'Remove the repeated route' : 'Give each route its own path, or remove one' },
      });
    }
  },
});
