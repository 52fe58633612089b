import { replaceValue } from '../framework/json-edits.js';
import { defineRule, type FindingMessage, type FixSpec } from '../framework/rule.js';
import { documentSpan, manifestScript, scriptEdits, type ManifestScript } from '../analyzers/scripts.js';
import { type NamedPort, shownSetting, startAddresses } from '../analyzers/server-address.js';
import { replaceInWord, spanInWord } from '../analyzers/shell.js';
import { GATEWAY_PORT, PORT_MAX, PORT_MIN, portList, type RouteItem, routeItems, routePorts } from '../analyzers/routes.js';

export const startPortMismatch = defineRule({
  meta: {
    id: 'start-port-mismatch',
    category: 'Routes and scripts',
    severity: 'warning',
    description: "The start command names ports (`--port N`, `PORT=N`, `-p N`…) and none of them is a route's port.",
    rationale:
      'A route forwards requests to one port in the container. When the start command serves on other ports only, every request to the routes finds nothing listening.',
    evidence:
      'https://docs.pinata.cloud/agents/troubleshooting: "Port mismatch with `routes` entry | Make sure `manifest.json` `routes[i].port` matches what the server actually listens on".',
    assumptions:
      "Ports are read from common server options (`--port`, `-p`, `--listen host:port`, `--bind host:port`) and variables (`PORT`, `SERVER_PORT`…); a command that names no port is not checked, since its server's default port is not known. Databases and other backing services are left out.",
    messages: {
      portMismatch: `\`scripts.start\` serves on port {{port}} ({{setting}}), but the route uses port {{routePort}}, so requests to it find nothing listening. Serve on port {{routePort}}, or change the route's port to the one your server uses.`,
      portMismatchRoutesOnePort: `\`scripts.start\` serves on port {{port}} ({{setting}}), but the routes use port {{routePort}}, so requests to them find nothing listening. Serve on port {{routePort}}, or change the routes' port to the one your server uses.`,
      portMismatchRoutesPorts: `\`scripts.start\` serves on port {{port}} ({{setting}}), but the routes use ports {{routePorts}}, so requests to them find nothing listening. Serve on one of the route ports, or change a route's port to the one your server uses.`,
      portsMismatch: `\`scripts.start\` names ports {{ports}}, but the route uses port {{routePort}}, so requests to it find nothing listening. Serve on port {{routePort}}, or change the route's port to the one your server uses.`,
      portsMismatchRoutesOnePort: `\`scripts.start\` names ports {{ports}}, but the routes use port {{routePort}}, so requests to them find nothing listening. Serve on port {{routePort}}, or change the routes' port to the one your server uses.`,
      portsMismatchRoutesPorts: `\`scripts.start\` names ports {{ports}}, but the routes use ports {{routePorts}}, so requests to them find nothing listening. Serve on one of the route ports, or change a route's port to the one your server uses.`,
    },
    fixTitles: {
      serveOnRoutePort: 'Serve on port {{port}}',
      routeToServerPort: 'Route to port {{port}}',
    },
    fixable: false,
    suggests: true,
    crossReference: true,
  },
  check(context) {
    const script = manifestScript(context.doc, 'start');
    if (!script) return;
    const routes = routeItems(context.doc);
    const ports = routePorts(routes);
    if (ports.length === 0) return;
    const named = startAddresses(context.doc)?.ports ?? [];
    if (named.length === 0 || named.some((part) => ports.includes(part.port))) return;
    const first = named[0]!;
    const startPorts = [...new Set(named.map((part) => part.port))];
    const several = routes.filter((route) => route.port !== undefined).length > 1;
    // One route has one port: the routes' shape is one route, several on one port, or several ports.
    const routesShape = !several ? '' : ports.length === 1 ? 'RoutesOnePort' : 'RoutesPorts';
    const server: FindingMessage =
      startPorts.length === 1
        ? { messageId: 'portMismatch', data: { port: first.port, setting: shownSetting(first) } }
        : { messageId: 'portsMismatch', data: { ports: portList(startPorts) } };
    context.report({
      path: script.path,
      span: documentSpan(script, spanInWord(first.word, first.from, first.to)),
      messageId: `${server.messageId}${routesShape}`,
      data: { ...server.data, ...(ports.length === 1 ? { routePort: ports[0]! } : { routePorts: portList(ports) }) },
      suggestions: alternatives(script, named, startPorts, ports, routes),
    });
  },
});

/**
 * With one port on each side and one route, two editor quick fixes: serve on the route's port, or
 * route to the server's. Which one is right is the user's choice, so both or neither are offered
 * (`--fix` applies a fix only when it is the only one).
 */
function alternatives(script: ManifestScript, named: NamedPort[], startPorts: number[], ports: number[], routes: RouteItem[]): FixSpec[] {
  const withPort = routes.filter((route) => route.port !== undefined);
  const route = withPort[0];
  if (startPorts.length !== 1 || ports.length !== 1 || withPort.length !== 1 || !route?.portNode) return [];
  const [serverPort] = startPorts as [number];
  const [routePort] = ports as [number];
  if (serverPort < PORT_MIN || serverPort > PORT_MAX || serverPort === GATEWAY_PORT) return [];
  return [
    {
      titleId: 'serveOnRoutePort',
      titleData: { port: routePort },
      edits: scriptEdits(
        script,
        named.map((part) => replaceInWord(part.word, part.from, part.to, String(routePort))),
      ),
    },
    { titleId: 'routeToServerPort', titleData: { port: serverPort }, edits: [replaceValue(route.portNode, serverPort)] },
  ];
}
