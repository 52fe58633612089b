import { defineRule, spanOf } from '../framework/rule.js';
import { PORT_MAX, PORT_MIN, routeItems, showablePath } from '../analyzers/routes.js';

/** A message of this rule: the route, its port, why the port is refused, and what to do. */
const said = (route: string, problem: string) =>
  `${route} uses port {{written}}, ${problem}. Start your server on a port from ${PORT_MIN} to ${PORT_MAX} (such as 8080) and use that port here.`;
const NAMED = 'The route `{{path}}`';
/** A route whose path a message cannot show (`showablePath`). */
const UNNAMED = 'The route at routes[{{index}}]';
const ABOVE = `but port numbers end at ${PORT_MAX}`;
const BELOW = `but the platform forwards only to ports ${PORT_MIN} to ${PORT_MAX} (lower ports are privileged)`;
const NEGATIVE = `but the platform forwards only to ports ${PORT_MIN} to ${PORT_MAX}`;

export const routePortRange = defineRule({
  meta: {
    id: 'route-port-range',
    category: 'Routes and scripts',
    severity: 'error',
    description: `A route's port is outside ${PORT_MIN}-${PORT_MAX}.`,
    rationale: `The platform forwards routes only to container ports ${PORT_MIN} to ${PORT_MAX}; a manifest with a route outside that range is rejected, and ports above ${PORT_MAX} do not exist.`,
    evidence:
      'https://docs.pinata.cloud/agents/manifest#routes: `port` "Container port. 1025-65535."; https://docs.pinata.cloud/agents/routes: "Container ports must be between `1025` and `65535`."',
    messages: {
      aboveRange: said(NAMED, ABOVE),
      aboveRangeUnnamed: said(UNNAMED, ABOVE),
      belowRange: said(NAMED, BELOW),
      belowRangeUnnamed: said(UNNAMED, BELOW),
      negative: said(NAMED, NEGATIVE),
      negativeUnnamed: said(UNNAMED, NEGATIVE),
    },
    fixable: false,
    covers: ['/$defs/route/properties/port/minimum', '/$defs/route/properties/port/maximum'],
  },
  check(context) {
    for (const route of routeItems(context.doc)) {
      const { port, portNode } = route;
      if (port === undefined || !portNode || (port >= PORT_MIN && port <= PORT_MAX)) continue;
      const problem = port > PORT_MAX ? 'aboveRange' : port >= 0 ? 'belowRange' : 'negative';
      const path = showablePath(route);
      // As written: a huge number would print in exponent form.
      const written = context.doc.text.slice(portNode.offset, portNode.offset + Math.min(portNode.length, 24));
      context.report({
        path: ['routes', route.index, 'port'],
        span: spanOf(portNode),
        messageId: path === undefined ? `${problem}Unnamed` : problem,
        data: { ...(path === undefined ? { index: route.index } : { path }), written },
      });
    }
  },
});
