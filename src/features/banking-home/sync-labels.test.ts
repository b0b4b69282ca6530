/**
 * Issue 31 item 3 "each language right": the home's sync card names every synced list and big table in the user's
 * language (src/features/banking-home/home-page.tsx SyncStatus), never by its code name (`pix_keys`) — for every list
 * of the registry and every table, so a list added tomorrow fails here until it has its name in both languages.
 */
import { describe, expect, it } from "vitest"
import { listNames } from "../../../schema/lists.ts"
import { TABLE_NAMES } from "../../../schema/tables/registry.ts"
import { resources } from "../../../locales/bundled.ts"

describe("issue 31 item 3: the sync card's names", () => {
  for (const lng of ["pt", "en"] as const) {
    it(`every synced list and table has a name in ${lng}`, () => {
      const names = resources[lng].home.sync.lists as Record<string, string>
      const missing = [...listNames, ...TABLE_NAMES, "statements"].filter((n) => typeof names[n] !== "string" || names[n] === "" || names[n] === n)
      expect(missing).toEqual([])
    })
  }
})
