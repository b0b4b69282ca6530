/**
 * The registry of synced lists (sync/SPEC.md P1): each list's description is coherent with the
 * contract (a GET of the paged shape it says), and every stream hint name reaches its lists.
 */
import { isTableName } from "./tables/registry.ts"
import { describe, expect, it } from "vitest"
import { api } from "./api.ts"
import { hintOf, listDef, listNames, listsOfHint } from "./lists.ts"
import { SYNCED_LISTS } from "./stream.ts"

describe("synced lists registry", () => {
  it("P1 every list is read by a GET of the contract, paged unless it says otherwise", () => {
    for (const name of listNames) {
      const def = listDef(name)
      expect(def, name).toBeDefined()
      const e = api[def!.endpoint as keyof typeof api]
      expect(e.method, name).toBe("GET")
      if ((def!.page ?? "paged") !== "single") expect(Object.keys((e as { query?: { fields?: object } }).query?.fields ?? {}), name).toContain("page")
      // a wallet list is asked with the wallet's header; a user list without one
      expect((e as { wallet?: boolean }).wallet === true, name).toBe(def!.scope === "wallet")
    }
  })

  it("L5 every hint the stream may carry names lists of the registry (or a table / on-demand list)", () => {
    for (const hint of SYNCED_LISTS) {
      if (hint === "statements" || isTableName(hint) || hint === "permission_users") continue // tables (schema/tables/registry.ts) and on-demand lists
      expect(listsOfHint(hint).length, hint).toBeGreaterThan(0)
    }
    for (const name of listNames) expect(SYNCED_LISTS).toContain(hintOf(name))
    expect(listsOfHint("invitations")).toEqual(["invitations_received", "invitations_sent"])
  })
})
