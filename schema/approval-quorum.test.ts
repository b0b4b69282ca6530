/** The quorum of an approval request (issue 32 item 3; spec features §6 "a request needs the set number of approvers"; D-approval-quorum). */
import { describe, expect, it } from "vitest"
import { awaitedApprovers, quorumOf } from "./approval-quorum.ts"
import type { ApprovalDecision } from "./entities.ts"

const carla = { user_id: "c", user_name: "Carla Mendes" }
const diego = { user_id: "d", user_name: "Diego Ferreira" }
const helena = { user_id: "h", user_name: "Helena Castro" }
const ana = { user_id: "a", user_name: "Ana Souza" }
const dec = (u: { user_id: string; user_name: string }, decision: ApprovalDecision["decision"], at: string): ApprovalDecision => ({
  ...u,
  decision,
  decided_at: at
})

describe("issue 32 item 3 features §6 who a request still waits for", () => {
  it("issue 32 item 3 the approvers minus the requester and minus those who decided, by name, each once", () => {
    expect(awaitedApprovers("started", [helena, diego, ana, carla, diego], "a", []).map((a) => a.user_name)).toEqual([
      "Carla Mendes",
      "Diego Ferreira",
      "Helena Castro"
    ])
    expect(awaitedApprovers("started", [helena, diego, ana, carla], "a", [dec(carla, "approved", "2026-11-27T17:02:00.000Z")])).toEqual([diego, helena])
  })
  it("issue 32 item 3 a closed request waits for nobody", () => {
    for (const s of ["finished", "reproved", "canceled", "approved"] as const) expect(awaitedApprovers(s, [carla, diego], "a", [])).toEqual([])
  })
  it("issue 32 item 3 quorumOf: approvals in the order they came, k of N, the reproval, whether N can still be reached", () => {
    const q = quorumOf({
      status: "started",
      required_approvals: 3,
      approvals: [dec(helena, "approved", "2026-11-27T17:10:00.000Z"), dec(carla, "approved", "2026-11-27T17:02:00.000Z")],
      awaiting: [diego]
    })
    expect(q.approved.map((a) => a.user_id)).toEqual(["c", "h"])
    expect([q.count, q.required, q.reachable, q.known, q.reproved]).toEqual([2, 3, true, true, null])
    expect(quorumOf({ status: "started", required_approvals: 3, approvals: [], awaiting: [diego] }).reachable).toBe(false)
    expect(quorumOf({ status: "started", required_approvals: 3, approvals: [] }).known).toBe(false)
    const r = quorumOf({ status: "reproved", required_approvals: 2, approvals: [dec(diego, "reproved", "2026-11-27T17:10:00.000Z")], awaiting: [carla] })
    expect([r.reproved?.user_id, r.awaiting]).toEqual(["d", []])
  })
})
