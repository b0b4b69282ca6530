/** spec core §1 switchable features on the route tree: a route whose flag is off answers with the configuration page. */
import type { RouteObject } from "react-router"
import { describe, expect, it } from "vitest"
import { ALL_ON, BUILD_DEFAULTS, type FeatureName } from "../config/features.ts"
import { featureOfRoute, gateFeatures } from "./feature-gate.ts"

const page = (name: string) => ({ lazy: async () => ({ Component: () => name }) })
const ROUTES: RouteObject[] = [
  { index: true, element: null },
  { path: "banking/home", ...page("home") },
  { path: "banking/coins/*", ...page("coins") },
  { path: "banking/statements/*", ...page("statements") },
  { path: "banking/pix/automatic-pix/*", ...page("pix") },
  { path: "banking/pix/*", ...page("pix") },
  { path: "banking/billet/*", ...page("billet") },
  { path: "banking/cards/*", ...page("cards") },
  { path: "*", element: null }
]
const offMarker = (f: FeatureName) => ({ handle: { featureOff: f }, element: null })
const offOf = (routes: RouteObject[]): Record<string, unknown> =>
  Object.fromEntries(routes.filter((r) => r.handle !== undefined).map((r) => [r.path, (r.handle as { featureOff: string }).featureOff]))

describe("core §1 feature flags on routes", () => {
  it("core §1: knows the flag of a relative route path", () => {
    expect(ROUTES.map(featureOfRoute)).toEqual([null, null, null, "statements", "automaticPayments", null, "billets", "cards", null])
  })

  it("core §1: with every flag on the routes are untouched", () => {
    const out = gateFeatures(ROUTES, ALL_ON, offMarker)
    out.forEach((r, i) => expect(r).toBe(ROUTES[i]))
  })

  it("core §1: this build's defaults gate nothing (cards, billet and automatic-pix are built: issues 15, 14, 13); a flag off turns its route into the configuration page, keeping the path", () => {
    expect(offOf(gateFeatures(ROUTES, BUILD_DEFAULTS, offMarker))).toEqual({})
    expect(offOf(gateFeatures(ROUTES, { ...BUILD_DEFAULTS, automaticPayments: false }, offMarker))).toEqual({
      "banking/pix/automatic-pix/*": "automaticPayments"
    })
    expect(offOf(gateFeatures(ROUTES, { ...BUILD_DEFAULTS, billets: false }, offMarker))).toMatchObject({ "banking/billet/*": "billets" })
    expect(offOf(gateFeatures(ROUTES, { ...BUILD_DEFAULTS, cards: false }, offMarker))).toMatchObject({ "banking/cards/*": "cards" })
  })

  it("core §1: statements off answers /banking/statements with the configuration page", () => {
    const out = gateFeatures(ROUTES, { ...ALL_ON, statements: false }, offMarker)
    expect(offOf(out)).toEqual({ "banking/statements/*": "statements" })
    expect(out.find((r) => r.path === "banking/statements/*")?.lazy).toBeUndefined()
  })
})
