import type { Node } from 'jsonc-parser';
import { arrayItems, childValue, type ParsedDocument } from '../framework/document.js';
import { touchesSyntaxError } from '../framework/document.js';

/** One item of `routes`, with the parts the route rules read; any of them may be absent or mistyped. */
export interface RouteItem {
  index: number;
  node: Node;
  /** The `port` value node, whatever its type. */
  portNode: Node | undefined;
  /** The port when it is an integer. */
  port: number | undefined;
  /** The `path` value node, whatever its type. */
  pathNode: Node | undefined;
  /** The path when it is a string. */
  path: string | undefined;
  /** `protected: true`: the gateway asks for its token (the default is `false`, seed section 2.3). */
  protected: boolean;
}

/** The object items of `routes` (other items are the schema's to report). */
export function routeItems(doc: ParsedDocument): RouteItem[] {
  return arrayItems(doc.root, ['routes'])
    .filter(({ node }) => node.type === 'object')
    .map(({ index, node }) => {
      const portNode = childValue(node, 'port');
      const pathNode = childValue(node, 'path');
      // A value a syntax error cut short is not what the user wrote: leave it out (SPEC section 4).
      const port =
        portNode?.type === 'number' && Number.isInteger(portNode.value) && !touchesSyntaxError(doc, portNode) ? (portNode.value as number) : undefined;
      const path = pathNode?.type === 'string' && !touchesSyntaxError(doc, pathNode) ? (pathNode.value as string) : undefined;
      const protectedNode = childValue(node, 'protected');
      return { index, node, portNode, port, pathNode, path, protected: protectedNode?.type === 'boolean' && protectedNode.value === true };
    });
}

const UNSHOWABLE = /[`\s]/;

/** The route's path when a message can show it in a code span (short, no backquote or whitespace); otherwise a message names the route by its index. */
export function showablePath(route: RouteItem): string | undefined {
  return route.path !== undefined && route.path !== '' && route.path.length <= 60 && !UNSHOWABLE.test(route.path) ? route.path : undefined;
}

/** "the route `/app`", or "the route at routes[2]" when it has no path to show (`showablePath`). */
export function routeLabel(route: RouteItem): string {
  const path = showablePath(route);
  return path === undefined ? `the route at routes[${route.index}]` : `the route \`${path}\``;
}

/** "5173", "3000 and 4000", "3000, 4000 and 5000" */
export function portList(ports: readonly number[]): string {
  return ports.length <= 1 ? String(ports[0] ?? '') : `${ports.slice(0, -1).join(', ')} and ${ports.at(-1)}`;
}

/** The distinct integer ports of the routes, in order. */
export function routePorts(routes: readonly RouteItem[]): number[] {
  return [...new Set(routes.flatMap((route) => (route.port === undefined ? [] : [route.port])))];
}

const TRAILING_SLASHES = /\/+$/;

/** `/app/` → `/app`; `/` and `//` → `/`. */
export function withoutTrailingSlash(path: string): string {
  return path.replace(TRAILING_SLASHES, '') || (path.startsWith('/') ? '/' : '');
}

/** The platform's gateway listens here inside every agent container. */
export const GATEWAY_PORT = 18789;

/** The ports a route may use. */
export const PORT_MIN = 1025;
export const PORT_MAX = 65535;
