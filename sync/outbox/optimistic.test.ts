/**
 * Optimistic effects of pending commands (sync/SPEC.md OP1–OP3; DESIGN "Commands"
 * "Optimistic projections").
 */
import { describe, expect, it } from "vitest"
import type { Command, CommandEvent, CommandState } from "../../schema/commands.ts"
import { approvalBody, convertBody, makeCommand, pixBody } from "../../tests/support/outbox-fakes.ts"
import type { CommandWithLatest } from "./optimistic.ts"
import { layOverlays, pendingEffects, withPendingBalance } from "./optimistic.ts"

const at = (command: Command, state: CommandState, error_key?: string): CommandWithLatest => {
  const latest: CommandEvent = { command_id: command.id, seq: 3, state, at: "2025-01-02T12:00:01.000Z", ...(error_key === undefined ? {} : { error_key }) }
  return { command, latest }
}

describe("optimistic effects (sync/SPEC.md)", () => {
  it("OP1 convert moves −amount of from and +expected_to_amount of to on its wallet; pix moves −amount BRL; all pending", () => {
    const conv = makeCommand(convertBody(0), "w1") // BRL −50000, BTC +8000
    const pix = makeCommand(pixBody(0), "w1") // BRL −1000
    const other = makeCommand(pixBody(5), "w2") // BRL −1005 on another wallet
    const fx = pendingEffects([at(conv, "sending"), at(pix, "awaiting-pin"), at(other, "created")])
    const find = (w: string, c: string) => fx.balances.find((b) => b.walletId === w && b.currency === c)
    expect(find("w1", "BRL")).toMatchObject({ delta: -51_000, pending: true, commandIds: [conv.id, pix.id] })
    expect(find("w1", "BTC")).toMatchObject({ delta: 8_000, pending: true })
    expect(find("w2", "BRL")).toMatchObject({ delta: -1_005, pending: true })
    expect(fx.notices).toEqual([])
    expect(withPendingBalance(100_000, "w1", "BRL", fx)).toEqual({ amount: 49_000, pending: true })
    expect(withPendingBalance(7, "w1", "ETH", fx)).toEqual({ amount: 7, pending: false })
  })

  it("OP1 approve and reject overlay the request with its pending decision", () => {
    const a = makeCommand(approvalBody("approve", "req-1"), "w1")
    const r = makeCommand(approvalBody("reject", "req-2"), "w1")
    const fx = pendingEffects([at(a, "sending"), at(r, "awaiting-pin")])
    expect(fx.overlays).toEqual([
      { list: "approval_requests", id: "req-1", patch: { pendingDecision: "approve" }, walletId: "w1", commandId: a.id, pending: true },
      { list: "approval_requests", id: "req-2", patch: { pendingDecision: "reject" }, walletId: "w1", commandId: r.id, pending: true }
    ])
    expect(fx.balances).toEqual([])
  })

  it("OP2 rejected, failed and cancelled commands drop their effect and yield a notice with the key", () => {
    const rej = makeCommand(pixBody(1), "w1")
    const fail = makeCommand(convertBody(1), "w1")
    const canc = makeCommand(approvalBody("approve", "req-3"), "w1")
    const fx = pendingEffects([at(rej, "rejected", "INSUFFICIENT_BALANCE"), at(fail, "failed", "GATEWAY_TIMEOUT"), at(canc, "cancelled")])
    expect(fx.balances).toEqual([])
    expect(fx.overlays).toEqual([])
    expect(fx.notices.map((n) => [n.commandId, n.state, n.errorKey])).toEqual([
      [rej.id, "rejected", "INSUFFICIENT_BALANCE"],
      [fail.id, "failed", "GATEWAY_TIMEOUT"],
      [canc.id, "cancelled", null]
    ])
  })

  it("OP3 a confirmed command drops out by default, or stays (not pending) until the pulled data reflects it", () => {
    const pix = makeCommand(pixBody(2), "w1")
    expect(pendingEffects([at(pix, "confirmed")]).balances).toEqual([])
    const fx = pendingEffects([at(pix, "confirmed")], { isReflected: () => false })
    expect(fx.balances).toMatchObject([{ walletId: "w1", currency: "BRL", delta: -1_002, pending: false }])
  })
})

describe("C7 layOverlays: a pending new row steps aside once the synced row it stands for is there", () => {
  type Row = { id: string; key: string; status: string }
  const rows: Row[] = [{ id: "k1", key: "a@x.com", status: "added" }]
  const idOf = (r: Row) => r.id
  it("patches, hides and adds as before", () => {
    const out = layOverlays(
      rows,
      [
        { id: "k1", patch: { status: "deleting" }, commandId: "c1" },
        { id: "pending:c2", row: { id: "pending:c2", key: "b@x.com", status: "not_confirmed" }, commandId: "c2" }
      ],
      idOf
    )
    expect(out).toEqual([
      { id: "k1", key: "a@x.com", status: "deleting", pendingCommand: "c1" },
      { id: "pending:c2", key: "b@x.com", status: "not_confirmed", pendingCommand: "c2" }
    ])
    expect(layOverlays(rows, [{ id: "k1", remove: true, commandId: "c3" }], idOf)).toEqual([])
  })
  it("never shows a key twice: with its synced row in, the pending row is gone; without it, it shows", () => {
    const pendingRow = {
      id: "pending:c4",
      row: { id: "pending:c4", key: "b@x.com", status: "not_confirmed" },
      commandId: "c4",
      standsFor: (r: Readonly<Record<string, unknown>>) => r["key"] === "b@x.com"
    }
    expect(layOverlays(rows, [pendingRow], idOf).map((r) => r["id"])).toEqual(["k1", "pending:c4"])
    const synced: Row[] = [...rows, { id: "k2", key: "b@x.com", status: "not_confirmed" }]
    expect(layOverlays(synced, [pendingRow], idOf).map((r) => r["id"])).toEqual(["k1", "k2"])
  })
})
