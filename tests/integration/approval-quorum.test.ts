/**
 * Approvals that show who is missing (issue 32 item 3; spec features §4 the 23:59:59 cut-off, §6 "a request needs the
 * set number of approvers"; D-approval-quorum): the sandbox answers every approval request with its quorum — who
 * approved and when (`approvals`), who is still awaited (`awaiting`: the wallet's members whose role may approve, minus
 * the requester and those who decided) — in the queue, the request, the history and the stream's change hints; the
 * requester's approval is refused 403 and changes nothing; the approvers are notified once when a request needs them
 * and once at 23:00 (São Paulo) before the cut-off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { spCutoffOf } from "../../sandbox/time.ts"
import type { ApprovalRequest } from "../../schema/entities.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, carla: Session, diego: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

const names = (r: Pick<ApprovalRequest, "awaiting">): string[] => (r.awaiting ?? []).map((a) => a.user_name)
const brl = (walletId: string): number => sb.admin.ledger(walletId).balances.find((b) => b.currency_symbol === "BRL")!.balance
/** Notifications of a user with a message key, from the sandbox's table. */
const notes = (userId: string, key: string, requestId: string): number =>
  (
    sb.db.prepare("SELECT message_json FROM notifications WHERE user_id = ? AND message_json IS NOT NULL").all(userId) as Array<{ message_json: string }>
  ).filter((n) => {
    const m = JSON.parse(n.message_json) as { key: string; params: Record<string, unknown> }
    return m.key === key && m.params["request_id"] === requestId
  }).length
/** The rows of the last change hint of a list for a request (what the stream carries to every reader). */
const lastHintRow = (list: string, id: string): ApprovalRequest | undefined => {
  const evs = sb.db.prepare("SELECT data FROM events WHERE list = ? ORDER BY seq DESC LIMIT 50").all(list) as Array<{ data: string }>
  for (const e of evs) {
    const d = JSON.parse(e.data) as { rows?: ApprovalRequest[] }
    const row = d.rows?.find((r) => r.id === id)
    if (row) return row
  }
  return undefined
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, carla, diego, helena] = await cl.loginAll(["ana", "carla", "diego", "helena"])
  W = sb.admin.seedInfo()!.wallets
  // three approvers besides the requester Ana: Carla and Diego (seed), Helena made an approver; a rule of 3 approvals
  await cl.ok("permissionUpdate", { as: ana, wallet: W.anaMain, body: { user_id: helena.userId, permission_types: ["CLIENT", "APPROVER"] } })
  const setting = (await cl.ok("approvalSettings", { as: ana, wallet: W.anaMain })).data.data[0]!
  await cl.ok("approvalSettingUpdate", {
    as: ana,
    wallet: W.anaMain,
    tx: true,
    params: { id: setting.id },
    body: { min_value: setting.min_value, approvers: 3 }
  })
})
afterAll(async () => {
  await sb?.close()
})

/** A request as `as` would make it paying at or above the rule's minimum (the admin route: no Pix limit of the hour applies). */
const payBig = async (as: Session, amount: number): Promise<string> => {
  const r = await cl.admin("approvalRequestCreate", {
    body: { wallet_id: W.anaMain, amount, requested_by: as.userId, key: "11222333000181", description: "Quórum" }
  })
  expect(r.data.status).toBe("started")
  return r.data.id
}
const decide = (as: Session, id: string, verb: "approvalApprove" | "approvalReprove") =>
  cl.pinToken(as).then((pin) => cl.raw(verb, { as, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: pin } }))
const get = async (as: Session, id: string): Promise<ApprovalRequest> => (await cl.ok("approvalRequestGet", { as, wallet: W.anaMain, params: { id } })).data

describe("issue 32 item 3 the quorum in the sandbox's answers (features §6, D-approval-quorum)", () => {
  it("issue 32 item 3 features §6 a new request awaits every approver but the requester; each decision moves the quorum in the queue, the request and the stream", async () => {
    const id = await payBig(ana, 150_000)
    const fresh = await get(carla, id)
    expect(fresh.required_approvals).toBe(3)
    expect(fresh.approvals).toEqual([])
    expect(names(fresh)).toEqual(["Carla Mendes", "Diego Ferreira", "Helena Castro"]) // not Ana, the requester
    expect(names(lastHintRow("approval_requests", id)!)).toEqual(["Carla Mendes", "Diego Ferreira", "Helena Castro"])

    expect((await decide(carla, id, "approvalApprove")).status).toBe(200)
    const one = await get(diego, id)
    expect(one.approvals.map((a) => [a.user_name, a.decision])).toEqual([["Carla Mendes", "approved"]])
    expect(one.approvals[0]!.decided_at).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(names(one)).toEqual(["Diego Ferreira", "Helena Castro"])
    // the queue's rows and the hint every reader gets carry the same quorum
    const queue = (await cl.ok("approvalRequests", { as: helena, wallet: W.anaMain })).data.data.find((r) => r.id === id)!
    expect(names(queue)).toEqual(["Diego Ferreira", "Helena Castro"])
    expect(names(lastHintRow("approval_requests", id)!)).toEqual(["Diego Ferreira", "Helena Castro"])

    expect((await decide(helena, id, "approvalApprove")).status).toBe(200)
    expect(names(await get(diego, id))).toEqual(["Diego Ferreira"])
    expect(names(lastHintRow("approval_requests", id)!)).toEqual(["Diego Ferreira"])

    const last = await decide(diego, id, "approvalApprove")
    expect(last.status).toBe(200)
    const done = (last.json as { data: ApprovalRequest }).data
    expect(done.status).toBe("finished")
    expect(done.awaiting).toEqual([]) // closed: nobody is awaited
    expect(done.approvals.map((a) => a.user_name)).toEqual(["Carla Mendes", "Helena Castro", "Diego Ferreira"])
    const hist = (await cl.ok("approvalHistory", { as: carla, wallet: W.anaMain })).data.data.find((r) => r.id === id)!
    expect(hist.approvals).toHaveLength(3)
    expect(hist.awaiting).toEqual([])
    expect(lastHintRow("approval_history", id)?.status).toBe("finished")
  })

  it("issue 32 item 3 D-approval-quorum the requester's approval is refused 403 and nothing changes; they may withdraw", async () => {
    const id = await payBig(ana, 160_000)
    const before = await get(carla, id)
    const balance = brl(W.anaMain)
    const decisions = (sb.db.prepare("SELECT count(*) AS n FROM approval_decisions WHERE request_id = ?").get(id) as { n: number }).n
    const own = await decide(ana, id, "approvalApprove")
    expect(own.status).toBe(403)
    expect((own.json as { error: { key: string } }).error.key).toBe("WITHOUT_PERMISSION")
    const after = await get(carla, id)
    expect(after).toEqual(before) // same quorum, same updated_at
    expect(brl(W.anaMain)).toBe(balance)
    expect((sb.db.prepare("SELECT count(*) AS n FROM approval_decisions WHERE request_id = ?").get(id) as { n: number }).n).toBe(decisions)
    // a requester who is an approver (Diego) is not awaited on his own request either, and is refused the same way
    const byDiego = await payBig(diego, 170_000)
    expect(names(await get(carla, byDiego))).toEqual(["Ana Souza", "Carla Mendes", "Helena Castro"])
    expect((await decide(diego, byDiego, "approvalApprove")).status).toBe(403)
    const withdrawn = await decide(diego, byDiego, "approvalReprove")
    expect(withdrawn.status).toBe(200)
    expect((withdrawn.json as { data: ApprovalRequest }).data.status).toBe("reproved")
    expect(brl(W.anaMain)).toBe(balance)
  })

  it("issue 32 item 3 features §6 an approver is notified once when a request needs them (never the requester)", async () => {
    const id = await payBig(ana, 180_000)
    expect(notes(carla.userId, "approvalNeeded", id)).toBe(1)
    expect(notes(diego.userId, "approvalNeeded", id)).toBe(1)
    expect(notes(helena.userId, "approvalNeeded", id)).toBe(1)
    expect(notes(ana.userId, "approvalNeeded", id)).toBe(0)
    // the notification list answers the message key and its values (worded by the client in pt or en)
    const list = await cl.ok("notifications", { as: carla, query: { page_size: 50 } })
    const n = list.data.find((x) => x.message?.key === "approvalNeeded" && x.message.params["request_id"] === id)!
    expect(n.message?.params).toMatchObject({ amount: 180_000, requester: "Ana Souza" })
    expect(n.title).toBe("Solicitação de aprovação")
  })

  it("issue 32 item 3 features §4 at 23:00 São Paulo the approvers still awaited are reminded once; after 23:59:59 nobody is", async () => {
    const id = await payBig(ana, 190_000)
    expect((await decide(carla, id, "approvalApprove")).status).toBe(200)
    const cutoff = spCutoffOf(Date.parse((await get(carla, id)).created_at))
    // 22:59 — not yet
    sb.admin.setClockOffset(cutoff - 61 * 60_000 - Date.now())
    expect(notes(diego.userId, "approvalReminder", id)).toBe(0)
    // 23:00:30 — Diego and Helena (still awaited), not Carla (decided) nor Ana (requester)
    sb.admin.setClockOffset(cutoff - 59 * 60_000 - Date.now())
    expect(notes(diego.userId, "approvalReminder", id)).toBe(1)
    expect(notes(helena.userId, "approvalReminder", id)).toBe(1)
    expect(notes(carla.userId, "approvalReminder", id)).toBe(0)
    expect(notes(ana.userId, "approvalReminder", id)).toBe(0)
    // the clock moves again within the hour: still once
    sb.admin.setClockOffset(cutoff - 30 * 60_000 - Date.now())
    expect(notes(diego.userId, "approvalReminder", id)).toBe(1)
    expect(notes(helena.userId, "approvalReminder", id)).toBe(1)
    const reminder = (await cl.ok("notifications", { as: diego, query: { page_size: 50 } })).data.find(
      (x) => x.message?.key === "approvalReminder" && x.message.params["request_id"] === id
    )!
    expect(reminder.message?.params["expires_at"]).toBe(new Date(cutoff).toISOString())
    // a request made after its day's cut-off passed gets no reminder from a clock beyond its own cut-off
    sb.admin.setClockOffset(cutoff + 2_000 - Date.now())
    const late = await payBig(ana, 191_000)
    sb.admin.setClockOffset(spCutoffOf(Date.parse((await get(carla, late)).created_at)) + 5_000 - Date.now())
    expect((await get(carla, late)).status).toBe("canceled")
    expect(notes(diego.userId, "approvalReminder", late)).toBe(0)
    sb.admin.setClockOffset(0)
  })

  it("issue 32 item 3 a role change moves the open requests' quorum at once (stamped and sent again in the stream)", async () => {
    const id = await payBig(ana, 200_000)
    expect(names(await get(carla, id))).toEqual(["Carla Mendes", "Diego Ferreira", "Helena Castro"])
    const stamped = (await get(carla, id)).updated_at
    await cl.ok("permissionUpdate", { as: ana, wallet: W.anaMain, body: { user_id: helena.userId, permission_types: ["CLIENT"] } })
    expect(names(await get(carla, id))).toEqual(["Carla Mendes", "Diego Ferreira"])
    expect(names(lastHintRow("approval_requests", id)!)).toEqual(["Carla Mendes", "Diego Ferreira"])
    expect((await get(carla, id)).updated_at > stamped).toBe(true)
    await cl.ok("permissionUpdate", { as: ana, wallet: W.anaMain, body: { user_id: helena.userId, permission_types: ["CLIENT", "APPROVER"] } })
    expect(names(lastHintRow("approval_requests", id)!)).toEqual(["Carla Mendes", "Diego Ferreira", "Helena Castro"])
  })
})
