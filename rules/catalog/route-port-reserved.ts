import { arrayItems, childValue, stringValue } from '../framework/document.js';
import { replaceValue } from '../framework/json-edits.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { GATEWAY_PORT } from '../analyzers/routes.js';

export const routePortReserved = defineRule({
  meta: {
    id: 'route-port-reserved',
    category: 'Routes and scripts',
    severity: 'error',
    description: `Port ${GATEWAY_PORT} belongs to the platform's gateway; a route cannot use it.`,
    rationale:
      "Port 18789 is where the platform's gateway listens inside every agent container; a route to it would send your users to the gateway, never to your server.",
    evidence:
      'https://docs.pinata.cloud/agents/manifest#routes: "`18789` is reserved."; https://docs.pinata.cloud/agents/routes: "Port `18789` is reserved for the gateway."',
    messages: {
      portReserved: `Port ${GATEWAY_PORT} is reserved for the platform's gateway, so {{route}} would never reach your server. Serve on another port, for example {{free}} (the lowest free port above it), and start your server there.`,
    },
    fixTitles: {
      usePort: 'Use port {{port}} (then start your server on it)',
    },
    fixable: false,
    suggests: true,
    covers: ['/$defs/route/properties/port/allOf/0/not'],
  },
  check(context) {
    const routes = arrayItems(context.doc.root, ['routes']);
    const used = new Set(routes.map(({ node }) => childValue(node, 'port')?.value));
    // Each reserved route gets its own free port, so fixing them all at once stays consistent.
    let free = GATEWAY_PORT;
    for (const { index, node } of routes) {
      const port = childValue(node, 'port');
      if (port?.type !== 'number' || port.value !== GATEWAY_PORT) continue;
      do free++;
      while (used.has(free));
      const path = stringValue(childValue(node, 'path'));
      context.report({
        path: ['routes', index, 'port'],
        span: spanOf(port),
        messageId: 'portReserved',
        data: { route: path ? `the route \`${path}\`` : 'this route', free },
        // Another port changes where the route leads, and the server must follow: a choice, not a repair.
        suggestions: [{ titleId: 'usePort', titleData: { port: free }, edits: [replaceValue(port, free)] }],
      });
    }
  },
});
