import { defineRule, spanOf } from '../framework/rule.js';
import { PORT_MAX, PORT_MIN, routeItems, routeLabel } from '../analyzers/routes.js';


export const routePortRange = defineRule({
  meta: {
    id: 'route-port-range',
    category: 'Routes and scripts',
    severity: 'error',
    description: `A route's port is outside ${PORT_MIN}-${PORT_MAX}.`,
    rationale:
      `The platform forwards routes only to container ports ${PORT_MIN} to ${PORT_MAX}; a manifest with a route outside that range is rejected, and ports above ${PORT_MAX} do not exist.`,
    evidence:
      'https://docs.pinata.cloud/agents/manifest#routes: `port` "Container port. 1025-65535."; https://docs.pinata.cloud/agents/routes: "Container ports must be between `1025` and `65535`."',
    messages: {
      portRange: `{{initial}}{{rest}} uses port {{written}}, {{problem}}. Start your server on a port from ${PORT_MIN} to ${PORT_MAX} (such as 8080) and use that port here.`,
    },
    fixable: false,
    covers: ['/$defs/route/properties/port/minimum', '/$defs/route/properties/port/maximum'],
  },
  check(context) {
    for (const route of routeItems(context.doc)) {
      const { port, portNode } = route;
      if (port === undefined || !portNode || (port >= PORT_MIN && port <= PORT_MAX)) continue;
      const problem =
        port > PORT_MAX
          ? `but port numbers end at ${PORT_MAX}`
          : `but the platform forwards only to ports ${PORT_MIN} to ${PORT_MAX}${port >= 0 ? ' (lower ports are privileged)' : ''}`;
      const label = routeLabel(route);
      // As written: a huge number would print in exponent form.
      const written = context.doc.text.slice(portNode.offset, portNode.offset + Math.min(portNode.length, 24));
      context.report({
        path: ['routes', route.index, 'port'],
        span: spanOf(portNode),
        messageId: 'portRange',
        data: { initial: label.charAt(0).toUpperCase(), rest: label.slice(1), written, problem },
      });
    }
  },
});
