/** features §6 wallet-permission edit, core §5/§6 role rule and hidden current user: the page's offers. */
import { describe, expect, it } from "vitest"
import type { PermissionUser, Wallet } from "../../../schema/entities.ts"
import { P } from "../../../schema/permissions.ts"
import { canUnlink, escapeHtml, isGrantableRoleSet, offerFor, orderedRoles, visibleUsers } from "./permission-rules.ts"

const wallet = { id: "w1", owner_id: "ana" } as unknown as Wallet
const u = (user_id: string, name: string, types: string[]): PermissionUser => ({ user_id, name, email: `${user_id}@example.com`, permission_types: types })
const users = [u("diego", "Diego", ["APPROVER", "ADMIN"]), u("ana", "Ana", ["ROOT"]), u("carla", "Carla", ["APPROVER", "CLIENT"])]

describe("permissions page rules", () => {
  it("core §6: hides the current user; owner first, then by name", () => {
    expect(visibleUsers(users, "carla", wallet).map((x) => x.user_id)).toEqual(["ana", "diego"])
    expect(visibleUsers(users, "ana", wallet).map((x) => x.user_id)).toEqual(["carla", "diego"])
  })
  it("features §6: edit/remove follow the wallet's actions; never on the owner", () => {
    const admin = [P.getPermissionUsers, P.patchPermissions, P.deletePermissions]
    expect(offerFor(users[0] as PermissionUser, wallet, admin)).toEqual({ edit: true, remove: true })
    expect(offerFor(users[1] as PermissionUser, wallet, ["*"])).toEqual({ edit: false, remove: false })
    expect(offerFor(users[2] as PermissionUser, wallet, [P.getPermissionUsers])).toEqual({ edit: false, remove: false })
    expect(offerFor(users[2] as PermissionUser, wallet, ["*"])).toEqual({ edit: true, remove: true })
  })
  it("core §5: APPROVER needs ADMIN or CLIENT; empty and ROOT are not grantable", () => {
    expect(isGrantableRoleSet(["APPROVER"])).toBe(false)
    expect(isGrantableRoleSet(["APPROVER", "CLIENT"])).toBe(true)
    expect(isGrantableRoleSet(["APPROVER", "ADMIN"])).toBe(true)
    expect(isGrantableRoleSet([])).toBe(false)
    expect(isGrantableRoleSet(["ROOT"])).toBe(false)
    expect(orderedRoles(["APPROVER", "CLIENT"])).toEqual(["CLIENT", "APPROVER"])
  })
  it("core §6: everyone but the owner may unlink", () => {
    expect(canUnlink(wallet, "ana")).toBe(false)
    expect(canUnlink(wallet, "carla")).toBe(true)
    expect(canUnlink(null, "carla")).toBe(false)
  })
  it("escapes names put into dialog HTML", () => {
    expect(escapeHtml(`<b>"x" & 'y'</b>`)).toBe("&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;")
  })
})
