/**
 * The quorum line in both languages (issue 32 item 3 "1 of 3 approvals: Carla approved at 14:02; waiting for Diego and
 * Helena"; spec features §6; D-approval-quorum), read through a real i18next instance with the app's messages.
 */
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import { NAMESPACES } from "../../../locales/index.ts"
import { resources } from "../../../locales/bundled.ts"
import type { ApprovalRequest } from "../../../schema/entities.ts"
import { quorumText } from "./quorum-text.ts"

async function translator(lng: "pt" | "en") {
  const i = i18next.createInstance()
  await i.init({ resources, lng, fallbackLng: "pt", ns: [...NAMESPACES], defaultNS: "common", interpolation: { escapeValue: false }, showSupportNotice: false })
  return i.t
}
const carla = { user_id: "c", user_name: "Carla" }
const diego = { user_id: "d", user_name: "Diego" }
const helena = { user_id: "h", user_name: "Helena" }
// 14:02 in São Paulo (UTC−3)
const at = "2026-11-27T17:02:00.000Z"
const base: Pick<ApprovalRequest, "status" | "approvals" | "awaiting" | "required_approvals" | "requested_by"> = {
  status: "started",
  required_approvals: 3,
  requested_by: "a",
  approvals: [{ ...carla, decision: "approved", decided_at: at }],
  awaiting: [diego, helena]
}

describe("issue 32 item 3 the quorum line (features §6)", () => {
  it("issue 32 item 3 one of three approvals, who approved at what time, who is awaited — pt and en", async () => {
    expect(quorumText(base, await translator("pt"), "pt")).toBe("1 de 3 aprovações: Carla aprovou às 14:02; aguardando Diego e Helena")
    expect(quorumText(base, await translator("en"), "en")).toBe("1 of 3 approvals: Carla approved at 14:02; waiting for Diego and Helena")
  })
  it("issue 32 item 3 nobody yet; finished; withdrawn by the requester; a rule the wallet cannot reach", async () => {
    const pt = await translator("pt")
    const en = await translator("en")
    expect(quorumText({ ...base, approvals: [], awaiting: [carla, diego, helena] }, en, "en")).toBe("0 of 3 approvals: waiting for Carla, Diego, and Helena")
    expect(
      quorumText(
        {
          ...base,
          status: "finished",
          required_approvals: 2,
          approvals: [base.approvals[0]!, { ...diego, decision: "approved", decided_at: "2026-11-27T17:10:00.000Z" }],
          awaiting: []
        },
        pt,
        "pt"
      )
    ).toBe("2 de 2 aprovações: Carla aprovou às 14:02 e Diego aprovou às 14:10")
    expect(
      quorumText({ ...base, status: "reproved", approvals: [{ user_id: "a", user_name: "Ana", decision: "reproved", decided_at: at }], awaiting: [] }, en, "en")
    ).toBe("0 of 3 approvals: Ana withdrew the request at 14:02")
    expect(quorumText({ ...base, awaiting: [diego] }, pt, "pt")).toBe(
      "1 de 3 aprovações: Carla aprovou às 14:02; aguardando Diego; não restam aprovadores suficientes para completar"
    )
    // a row stored before the field: k of N and who approved, no waiting list
    const { awaiting: _, ...old } = base
    expect(quorumText(old, en, "en")).toBe("1 of 3 approvals: Carla approved at 14:02")
  })
})
