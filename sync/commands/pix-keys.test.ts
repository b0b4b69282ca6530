/**
 * The claim start's pending row (spec features §4 claims; sync/SPEC.md C7): shown at once as an opened
 * claim of mine, it steps aside once the directory's row for the key is in the list. While in flight
 * only an open claim stands for it; once the directory took the command, a claim already answered
 * by the holder (confirmed before this tab pulled, e.g. after a reload) stands for it too, so the key
 * is never listed twice (the e2e pix/claims suite saw both rows after a reload).
 */
import { describe, expect, it } from "vitest"
import { layOverlays } from "../outbox/optimistic.ts"
import { commandDef } from "./registry.ts"

const payload = { key: "+5511900000000", kind: "ownership", key_type: "phone" }
const cmd = { id: "c1", user_id: "u", wallet_id: "w", created_at: "2026-11-25T10:00:00.000Z", body: { name: "v1.pix.startClaim", payload } }
const overlaysIn = (phase: "pending" | "confirmed") =>
  (commandDef("v1.pix.startClaim")?.overlay?.(payload as never, cmd as never, phase) ?? []).map((o) => ({ ...o, commandId: cmd.id }))
const synced = (status: string, role = "claimer", key = payload.key) => ({ id: `s-${status}-${role}`, key, role, status })
const keysShown = (rows: ReadonlyArray<Record<string, unknown>>, phase: "pending" | "confirmed") =>
  layOverlays(rows, overlaysIn(phase), (r) => String(r["id"])).map((r) => `${String(r["id"])}:${String(r["status"])}`)

describe("features §4 / C7: the pending claim row", () => {
  it("is shown while nothing synced stands for it, in either phase", () => {
    for (const phase of ["pending", "confirmed"] as const) {
      expect(keysShown([], phase)).toEqual(["pending:c1:opened"])
      // someone else's claim on the key, or mine on another key, does not stand for it
      expect(keysShown([synced("opened", "holder"), synced("opened", "claimer", "+5511911111111")], phase)).toContain("pending:c1:opened")
    }
  })

  it("steps aside for an opened claim of mine on the key", () => {
    for (const phase of ["pending", "confirmed"] as const) expect(keysShown([synced("opened")], phase)).toEqual(["s-opened-claimer:opened"])
  })

  it("once confirmed, steps aside for my claim whatever its status (answered before the pull): never two rows", () => {
    for (const status of ["confirmed", "auto_confirmed", "denied", "canceled"]) {
      expect(keysShown([synced(status)], "confirmed")).toEqual([`s-${status}-claimer:${status}`])
      // in flight, an old finished claim of the key is not the one being started
      expect(keysShown([synced(status)], "pending")).toEqual([`s-${status}-claimer:${status}`, "pending:c1:opened"])
    }
  })
})
