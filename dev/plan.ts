/**
 * What `manifest-lint dev` will run, as the engine reads the manifest: the scripts, the routes
 * and the secrets, and the routes the platform would refuse, which stop the run before anything
 * starts. Pure: it reads a parsed manifest and nothing else.
 */
import type { ParsedDocument } from '../rules/framework/document.js';
import { GATEWAY_PORT, PORT_MAX, PORT_MIN, routeItems, routeLabel, withoutTrailingSlash } from '../rules/analyzers/routes.js';
import { manifestScript } from '../rules/analyzers/scripts.js';
import { declaredSecrets, type DeclaredSecret } from '../rules/analyzers/secrets.js';

export interface DevRoute {
  /** The path prefix, without a trailing slash (`/` stays `/`). */
  path: string;
  port: number;
  protected: boolean;
}

export interface DevPlan {
  build: string | undefined;
  start: string | undefined;
  routes: DevRoute[];
  secrets: readonly DeclaredSecret[];
  /** Why the run cannot start, one line each (empty when it can). */
  refusals: string[];
}

/** The plan for a manifest whose gateway listens on `gatewayPort`. */
export function devPlan(doc: ParsedDocument, gatewayPort: number): DevPlan {
  const routes: DevRoute[] = [];
  // The platform reads the manifest with JSON.parse: a file it cannot read is not deployed at all.
  const refusals: string[] =
    doc.root === undefined || doc.syntaxErrors.length > 0 || doc.refusal !== undefined
      ? ['manifest.json is not valid JSON, so the platform cannot read it (manifest-lint shows where)']
      : [];
  const taken = new Map<string, string>();
  for (const route of routeItems(doc)) {
    const label = routeLabel(route);
    const { port } = route;
    if (route.path === undefined || !route.path.startsWith('/')) {
      refusals.push(`${label} has no path starting with "/", so the gateway cannot forward to it`);
      continue;
    }
    if (port === undefined || port < PORT_MIN || port > PORT_MAX) {
      refusals.push(`${label} has no port between ${PORT_MIN} and ${PORT_MAX}`);
      continue;
    }
    if (port === GATEWAY_PORT || port === gatewayPort) {
      refusals.push(`${label} uses port ${port}, the gateway's (the platform reserves ${GATEWAY_PORT} for it): pick another port`);
      continue;
    }
    const path = withoutTrailingSlash(route.path);
    const earlier = taken.get(path);
    if (earlier !== undefined) {
      refusals.push(`${label} has the same path as ${earlier}`);
      continue;
    }
    taken.set(path, label);
    routes.push({ path, port, protected: route.protected });
  }
  const script = (name: 'build' | 'start') => {
    const text = manifestScript(doc, name)?.script;
    return text === undefined || text.trim() === '' ? undefined : text;
  };
  return { build: script('build'), start: script('start'), routes, secrets: declaredSecrets(doc), refusals };
}

/** The route whose prefix a request path falls under, the longest prefix first; undefined when none. */
export function routeFor(routes: readonly DevRoute[], pathname: string): DevRoute | undefined {
  let found: DevRoute | undefined;
  for (const route of routes) {
    const under = route.path === '/' || pathname === route.path || pathname.startsWith(`${route.path}/`);
    if (under && (found === undefined || route.path.length > found.path.length)) found = route;
  }
  return found;
}

/** The request target as the route's service receives it: the prefix stripped (`/app/x?y` → `/x?y`). */
export function strippedTarget(route: DevRoute, target: string): string {
  if (route.path === '/') return target;
  const rest = target.slice(route.path.length);
  return rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
}
