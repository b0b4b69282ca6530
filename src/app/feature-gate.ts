/**
 * core §1 switchable features on the route tree: a route whose path a flag governs
 * (src/config/features.ts FEATURE_PATHS) keeps its page while the flag is on and answers with
 * the "not available in this configuration" page while it is off. Pure over route objects, so
 * the router and its test share it.
 */
import type { NonIndexRouteObject, RouteObject } from "react-router"
import { featureOfPath, type FeatureFlags, type FeatureName } from "../config/features.ts"

/** The path (without prefix, leading "/", no trailing "/*") of a relative route path. */
const barePath = (routePath: string): string => `/${routePath.replace(/\/\*$/, "").replace(/^\/+/, "")}`

/** The flag governing a route object, or null. */
export function featureOfRoute(route: RouteObject): FeatureName | null {
  return route.path === undefined ? null : featureOfPath(barePath(route.path))
}

/** Replaces the page of every route whose flag is off by `off(flag)`; other routes are kept as they are. */
export function gateFeatures(
  routes: ReadonlyArray<RouteObject>,
  flags: FeatureFlags,
  off: (feature: FeatureName) => Omit<NonIndexRouteObject, "path">
): RouteObject[] {
  return routes.map((r): RouteObject => {
    const f = featureOfRoute(r)
    if (r.path === undefined || f === null || flags[f]) return r
    return { ...off(f), path: r.path }
  })
}
