/**
 * Wallet permissions enforced by the sandbox (spec core §6 roles and actions, features §2 route
 * permissions, §6 "every action gated by the wallet's permission actions"): across users and
 * wallets, by role, and after access is removed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, carla: Session, diego: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, carla, diego, helena] = await cl.loginAll(["ana", "bruno", "carla", "diego", "helena"])
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

describe("permissions (core §6)", () => {
  it("spec core §6 a user cannot read another's wallet: 403 WITHOUT_PERMISSION on every wallet call", async () => {
    for (const id of ["statement", "walletAccounts", "pendingBalance", "bankingAccount", "approvalHistory", "permissionActions"] as const) {
      const r = await cl.err(id, { as: bruno, wallet: W.anaMain })
      expect(r.status).toBe(403)
      expect(r.body.error.key).toBe("WITHOUT_PERMISSION")
    }
    expect((await cl.err("walletGet", { as: bruno, params: { id: W.anaMain } })).status).toBe(403)
    expect((await cl.ok("checkGatewayWallets", { as: ana, body: { wallets_ids: [W.brunoMatrix] } })).data.wallets_ids).toEqual([])
  })

  it("spec features §2 approval pages: Helena (CLIENT) reads only her own requests (D-approval-quorum) and is refused the settings; Carla (APPROVER+CLIENT) reads the queue", async () => {
    const own = (await cl.ok("approvalRequests", { as: helena, wallet: W.anaMain })).data
    expect(own.data.every((r) => r.requested_by === helena.userId)).toBe(true)
    expect((await cl.err("approvalSettings", { as: helena, wallet: W.anaMain })).status).toBe(403)
    expect((await cl.ok("approvalRequests", { as: carla, wallet: W.anaMain })).data.total).toBeGreaterThan(0)
    // APPROVER reads settings but only ADMIN (or the owner) changes them
    const s = (await cl.ok("approvalSettings", { as: carla, wallet: W.anaMain })).data.data[0]!
    expect((await cl.err("approvalSettingUpdate", { as: carla, wallet: W.anaMain, params: { id: s.id }, body: { min_value: 1, approvers: 1 } })).status).toBe(
      403
    )
    await cl.ok("approvalSettingUpdate", { as: diego, wallet: W.anaMain, params: { id: s.id }, body: { min_value: 100_000, approvers: 2 } })
  })

  it("spec core §6 role actions: CLIENT pays Pix but cannot convert, invite or edit permissions; ADMIN invites and renames", async () => {
    const pin = await cl.pinToken(helena)
    await cl.ok("pixPayByKey", { as: helena, wallet: W.anaMain, tx: true, body: { key: "+5511987650000", amount: 500, description: "Lanche", pin_token: pin } })
    const q = await cl.ok("spotQuote", { as: helena, wallet: W.anaMain, query: { base: "BTC", quote: "BRL" } })
    expect(
      (
        await cl.err("convert", {
          as: helena,
          wallet: W.anaMain,
          tx: true,
          body: { quote_id: q.data.quote_id, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 10_000, pin_token: pin }
        })
      ).status
    ).toBe(403)
    expect(
      (
        await cl.err("invitationCreate", {
          as: helena,
          wallet: W.anaMain,
          body: { wallet_id: W.anaMain, email: "x@example.com", permission_types: ["CLIENT"] }
        })
      ).status
    ).toBe(403)
    expect((await cl.err("permissionUpdate", { as: helena, wallet: W.anaMain, body: { user_id: carla.userId, permission_types: ["CLIENT"] } })).status).toBe(
      403
    )
    await cl.ok("invitationCreate", {
      as: diego,
      wallet: W.anaMain,
      body: { wallet_id: W.anaMain, email: "novo.admin@example.com", permission_types: ["ADMIN"] }
    })
    const renamed = await cl.ok("walletUpdate", { as: diego, params: { id: W.anaMain }, body: { name: "Conta Principal" } })
    expect(renamed.data.permission_types).toEqual(["APPROVER", "ADMIN"])
    expect((await cl.err("walletUpdate", { as: diego, params: { id: W.anaMain }, body: { default: true } })).status).toBe(403)
    expect((await cl.err("walletUpdate", { as: carla, params: { id: W.anaMain }, body: { name: "X" } })).status).toBe(403)
  })

  it("spec core §6 a removed member loses access at once; the owner cannot be removed; unlink needs the permission for others", async () => {
    expect((await cl.err("permissionRemoveByUser", { as: helena, params: { userId: carla.userId }, query: { wallet_id: W.anaMain } })).status).toBe(403)
    expect((await cl.err("permissionRemoveByUser", { as: diego, params: { userId: ana.userId }, query: { wallet_id: W.anaMain } })).body.error.key).toBe(
      "CANNOT_REMOVE_OWNER"
    )
    await cl.ok("permissionRemoveByUser", { as: helena, params: { userId: helena.userId }, query: { wallet_id: W.anaMain } })
    expect((await cl.err("statement", { as: helena, wallet: W.anaMain })).status).toBe(403)
    expect((await cl.ok("wallets", { as: helena })).data.data.some((w) => w.id === W.anaMain)).toBe(false)
  })

  it("spec core §6 the owner holds * and passes every check; permission_types decides a member's actions", async () => {
    const a = await cl.ok("permissionActions", { as: ana, wallet: W.anaMain })
    expect(a.data.data).toEqual([{ tag: "*" }])
    const d = await cl.ok("permissionActions", { as: diego, wallet: W.anaMain, query: { page_size: 100 } })
    const tags = d.data.data.map((x) => x.tag)
    expect(tags).toEqual(expect.arrayContaining(["api-users-post-assisted-payments-decision", "api-users-post-wallet-invitations"]))
  })
})
