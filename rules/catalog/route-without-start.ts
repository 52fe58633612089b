import type { Node } from 'jsonc-parser';
import { childValue, keyNodeAt, nodeAt, touchesSyntaxError, type ParsedDocument } from '../framework/document.js';
import { defineRule, spanOf } from '../framework/rule.js';
import { portList, routeItems, routePorts } from '../analyzers/routes.js';

/** Why there is no start command, by the start of its message ids. */
const MISSING = {
  noScripts: 'there is no `scripts.start`',
  noStart: '`scripts` has no `start`',
  emptyStart: '`scripts.start` is empty',
};
type Missing = keyof typeof MISSING;

/**
 * A message of this rule, for one route or several (`…OneRoute`), on known ports or on none
 * (`…WithoutPorts`); `{{ports}}` is the list with its unit (`port 5173`, `ports 3000 and 3001`).
 */
function said(missing: Missing, oneRoute: boolean, onPorts: boolean): string {
  const routes = oneRoute ? '1 route' : '{{count}} routes';
  return `\`routes\` declares ${routes}${onPorts ? ' ({{ports}})' : ''}, but ${MISSING[missing]}, so nothing the manifest starts will serve ${oneRoute ? 'it' : 'them'}. If the agent starts that server itself, this is fine; otherwise add a \`start\` command that runs your server on 0.0.0.0${onPorts ? ', {{ports}}' : ''}, or remove the ${oneRoute ? 'route' : 'routes'}.`;
}
const messageId = (missing: Missing, oneRoute: boolean, onPorts: boolean) => `${missing}${oneRoute ? 'OneRoute' : ''}${onPorts ? '' : 'WithoutPorts'}`;

export const routeWithoutStart = defineRule({
  meta: {
    id: 'route-without-start',
    category: 'Routes and scripts',
    severity: 'info',
    description: 'Routes are declared but there is no non-empty `scripts.start`, so nothing the manifest starts will serve them.',
    rationale:
      "A route only forwards requests to a port in the container; the server listening there is usually the one `scripts.start` runs. Without a start command the routes lead nowhere until something else listens on those ports: Pinata's own Hermes template ships a route that way, for a server the agent starts itself when asked, so this is information, not a warning.",
    evidence:
      'None found stating it: the linter\'s own inference from https://docs.pinata.cloud/agents/routes ("Container port — the port your service is listening on inside the agent") and from `start` being what runs your server (https://docs.pinata.cloud/agents/manifest#scripts). Pinata\'s own `hermes/basic/useful-assistant` template declares a route without a start command.',
    messages: Object.fromEntries(
      (Object.keys(MISSING) as Missing[]).flatMap((missing) =>
        [true, false].flatMap((oneRoute) => [true, false].map((onPorts) => [messageId(missing, oneRoute, onPorts), said(missing, oneRoute, onPorts)])),
      ),
    ),
    fixable: false,
    crossReference: true,
  },
  check(context) {
    const { doc } = context;
    const routes = nodeAt(doc.root, ['routes']);
    const count = routes?.type === 'array' ? (routes.children?.length ?? 0) : 0;
    const key = keyNodeAt(doc.root, ['routes']);
    if (count === 0 || !key) return;
    const missing = missingStart(doc);
    if (!missing) return;
    const ports = routePorts(routeItems(doc));
    context.report({
      path: ['routes'],
      span: spanOf(key),
      messageId: messageId(missing, count === 1, ports.length > 0),
      data: { count, ...(ports.length > 0 ? { ports: `${ports.length === 1 ? 'port' : 'ports'} ${portList(ports)}` } : {}) },
    });
  },
});

/** Why there is no start command, or undefined when there is one (or the question is not this rule's). */
function missingStart(doc: ParsedDocument): Missing | undefined {
  const scripts = childValue(doc.root, 'scripts');
  if (!scripts) return cutShort(doc, doc.root) ? undefined : 'noScripts';
  if (scripts.type !== 'object') return undefined; // a type error, reported by the schema
  const start = childValue(scripts, 'start');
  if (!start) return cutShort(doc, scripts) ? undefined : 'noStart';
  if (start.type !== 'string' || touchesSyntaxError(doc, start)) return undefined;
  return (start.value as string).trim() === '' ? 'emptyStart' : undefined;
}

/** A key "missing" from an object that a syntax error cut short is not reported (SPEC section 4). */
function cutShort(doc: ParsedDocument, object: Node | undefined): boolean {
  return !object || touchesSyntaxError(doc, object);
}
