import { readdirSync } from "node:fs";
import path from "node:path";
import { routeDeclaration, type RouteDeclaration } from "@/lib/server/http/handler";
import { allowedMethodsOf, ROUTE_METHODS, type RouteMethod } from "@/lib/server/http/methods";

// Every route handler under app/api, found on disk rather than listed by hand, so that a route added
// tomorrow is checked (route-auth.test.ts) and fuzzed (route-fuzz.test.ts) the day it lands.

const API_DIR = path.resolve("app/api");

export interface RouteExport {
  path: string;
  method: RouteMethod;
  exported: unknown;
  /** Undefined when apiRoute did not make the handler. */
  declared: RouteDeclaration | undefined;
  /** What the route allows, when otherMethods made this handler (it refuses with 405); else undefined. */
  refusedWithAllow: readonly string[] | undefined;
}

export interface ApiRoute {
  path: string;
  /** The methods apiRoute made handlers for, with their declarations. */
  handlers: { method: RouteMethod; declared: RouteDeclaration }[];
}

function routeFiles(): string[] {
  return readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .sort();
}

/** Every method every route file under app/api exports, in path order. */
export async function loadRouteExports(): Promise<RouteExport[]> {
  const found: RouteExport[] = [];
  for (const file of routeFiles()) {
    const routePath = `/api/${path.dirname(file).split(path.sep).join("/")}`;
    const routeModule: Record<string, unknown> = await import(path.join(API_DIR, file));
    const methods = ROUTE_METHODS.filter((method) => method in routeModule);
    // A route file that exports no handler would otherwise pass every check unseen.
    if (methods.length === 0) throw new Error(`${routePath} exports no HTTP method`);
    for (const method of methods) {
      const exported = routeModule[method];
      found.push({
        path: routePath,
        method,
        exported,
        declared: routeDeclaration(exported),
        refusedWithAllow: allowedMethodsOf(exported),
      });
    }
  }
  return found;
}

/** The routes apiRoute made, each with the methods it answers (catch-alls and 405 handlers left out). */
export function apiRoutesOf(exports: readonly RouteExport[]): ApiRoute[] {
  const byPath = new Map<string, ApiRoute>();
  for (const { path: routePath, method, declared } of exports) {
    if (!declared) continue;
    const route = byPath.get(routePath) ?? { path: routePath, handlers: [] };
    route.handlers.push({ method, declared });
    byPath.set(routePath, route);
  }
  return [...byPath.values()];
}
