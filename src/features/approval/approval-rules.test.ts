/** features §3–§6 staged approval: the views' rules over local data. */
import { describe, expect, it } from "vitest"
import type { ApprovalRequest } from "../../../schema/entities.ts"
import type { CommandView } from "../../../workers/results.ts"
import {
  approversError,
  approvalsOf,
  awaitsMe,
  confirmedDecisions,
  filterHistory,
  filterQueue,
  formatHms,
  historyRows,
  historyTotals,
  minValueError,
  msLeft,
  myDecision,
  NO_FILTER,
  parseRange,
  summarize
} from "./approval-rules.ts"

const req = (id: string, o: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id,
  wallet_id: "w",
  status: "started",
  amount: 200_000,
  payment: {
    key: "fornecedor@example.com",
    key_type: "email",
    beneficiary_name: "Padaria São João",
    beneficiary_document: "11222333000181",
    beneficiary_bank: "Banco X",
    description: "Farinha"
  },
  required_approvals: 2,
  approvals: [],
  requested_by: "ana",
  requested_by_name: "Ana Souza",
  operation_id: null,
  created_at: "2025-05-10T12:00:00.000Z",
  updated_at: "2025-05-10T12:00:00.000Z",
  expires_at: "2025-05-11T02:59:59.000Z",
  ...o
})
const none = new Map<string, "approve" | "reject">()

describe("features §4/§6 decisions", () => {
  it("k of N counts approvals only", () => {
    expect(
      approvalsOf(
        req("a", {
          approvals: [
            { user_id: "carla", user_name: "Carla", decision: "approved", decided_at: "x" },
            { user_id: "diego", user_name: "Diego", decision: "reproved", decided_at: "x" }
          ]
        })
      )
    ).toBe(1)
  })
  it("my decision: server list, then the pending overlay, then a confirmed command", () => {
    const r = req("a", { approvals: [{ user_id: "carla", user_name: "Carla", decision: "approved", decided_at: "x" }] })
    expect(myDecision(r, "carla", none)).toBe("approved")
    expect(myDecision({ ...req("b"), pendingDecision: "reject" }, "carla", none)).toBe("pending-reject")
    expect(myDecision(req("c"), "carla", new Map([["c", "approve"]]))).toBe("approved")
    expect(myDecision(req("d"), "carla", none)).toBe(null)
  })
  it("confirmed decisions come from confirmed approval commands of the wallet", () => {
    const cmd = (id: string, name: "v1.approval.approve" | "v1.approval.reject", state: CommandView["state"], wallet = "w"): CommandView => ({
      id,
      wallet_id: wallet,
      body: { name, payload: { request_id: `r-${id}` } },
      state,
      created_at: "x"
    })
    const m = confirmedDecisions(
      [
        cmd("1", "v1.approval.approve", "confirmed"),
        cmd("2", "v1.approval.reject", "confirmed"),
        cmd("3", "v1.approval.approve", "sending"),
        cmd("4", "v1.approval.approve", "confirmed", "other")
      ],
      "w"
    )
    expect([...m]).toEqual([
      ["r-1", "approve"],
      ["r-2", "reject"]
    ])
  })
  it("a request awaits me unless I decided or requested it", () => {
    expect(awaitsMe(req("a"), "carla", none)).toBe(true)
    expect(awaitsMe(req("a"), "ana", none)).toBe(false)
    expect(awaitsMe({ ...req("a"), pendingDecision: "approve" }, "carla", none)).toBe(false)
  })
})

describe("features §2 approval/requests: filters and counts", () => {
  const rows = [
    req("a", { amount: 150_000 }),
    req("b", { amount: 1_200_000, payment: { ...req("x").payment, beneficiary_name: "Eletrocasa" } }),
    req("c", { amount: 300_000, requested_by: "carla", requested_by_name: "Carla" })
  ]
  it("text search ignores case and accents, over beneficiary, key, document, requester", () => {
    expect(filterQueue(rows, { ...NO_FILTER, text: "padaria sao" }, "carla", none).map((r) => r.id)).toEqual(["a", "c"])
    expect(filterQueue(rows, { ...NO_FILTER, text: "ELETRO" }, "carla", none).map((r) => r.id)).toEqual(["b"])
    expect(filterQueue(rows, { ...NO_FILTER, text: "11.222.333" }, "carla", none).map((r) => r.id)).toEqual([])
    expect(filterQueue(rows, { ...NO_FILTER, text: "11222333" }, "carla", none)).toHaveLength(3)
  })
  it("amount range is inclusive; only-mine drops my own requests", () => {
    expect(filterQueue(rows, { ...NO_FILTER, min: 150_000, max: 300_000 }, "carla", none).map((r) => r.id)).toEqual(["a", "c"])
    expect(filterQueue(rows, { ...NO_FILTER, onlyMine: true }, "carla", none).map((r) => r.id)).toEqual(["a", "b"])
  })
  it("summary: count, sum, awaiting me", () => {
    expect(summarize(rows, "carla", none, true)).toEqual({ count: 3, sum: 1_650_000, awaitingMe: 2 })
    expect(summarize(rows, "carla", none, false).awaitingMe).toBe(0)
  })
  it("range inputs parse as cents and report reversed bounds", () => {
    expect(parseRange("1.000,00", "")).toMatchObject({ min: 100_000, max: null, reversed: false })
    expect(parseRange("10", "5")).toMatchObject({ reversed: true })
    expect(parseRange("abc", "")).toMatchObject({ minBad: true })
  })
})

describe("features §4 cut-off countdown", () => {
  it("counts down to expires_at, never below zero", () => {
    const exp = "2025-05-11T02:59:59.000Z" // 23:59:59 in São Paulo
    expect(formatHms(msLeft(exp, Date.parse("2025-05-10T23:59:59.000Z")))).toBe("03:00:00")
    expect(formatHms(msLeft(exp, Date.parse("2025-05-11T02:59:58.200Z")))).toBe("00:00:00")
    expect(msLeft(exp, Date.parse("2025-05-12T00:00:00.000Z"))).toBe(0)
  })
})

describe("features §2 approval/history: states, filters, totals", () => {
  it("merges the queue's started requests with the closed ones, newest state wins", () => {
    const q = [req("a"), req("b")]
    const h = [
      req("b", { status: "finished", updated_at: "2025-05-10T13:00:00.000Z" }),
      req("c", { status: "canceled", created_at: "2025-05-09T12:00:00.000Z" })
    ]
    const rows = historyRows(h, q)
    expect(rows.map((r) => `${r.id}:${r.status}`)).toEqual(["a:started", "b:finished", "c:canceled"])
    expect(filterHistory(rows, { status: "canceled", text: "" }).map((r) => r.id)).toEqual(["c"])
    const t = historyTotals(rows)
    expect(t.count).toBe(3)
    expect(t.sum).toBe(600_000)
    expect(t.byStatus.finished).toEqual({ count: 1, sum: 200_000 })
  })
})

describe("features §5 settings form", () => {
  it("approvers from 1 to 100", () => {
    expect(approversError("0")).toEqual({ key: "validation:VALIDATION_MIN_VALUE", params: { min: 1 } })
    expect(approversError("101")).toEqual({ key: "validation:VALIDATION_MAX_VALUE", params: { max: 100 } })
    expect(approversError("1")).toBe(null)
    expect(approversError("100")).toBe(null)
    expect(approversError("")).toMatchObject({ key: "validation:VALIDATION_REQUIRED" })
    expect(approversError("2,5")).toMatchObject({ key: "validation:VALIDATION_NUMERIC" })
  })
  it("minimum value is a money amount of at least one cent", () => {
    expect(minValueError("", null)).toMatchObject({ key: "validation:VALIDATION_REQUIRED" })
    expect(minValueError("x", null)).toMatchObject({ key: "validation:VALIDATION_MONEY" })
    expect(minValueError("0,00", 0)).toMatchObject({ key: "validation:VALIDATION_MIN_VALUE" })
    expect(minValueError("1.000,00", 100_000)).toBe(null)
  })
})
