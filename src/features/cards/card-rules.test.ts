/**
 * Tests of the cards page rules (spec features §4 states and actions, §9 virtual limit, core §5
 * card numbers grouped by 4), against generated inputs.
 */
import { describe, expect, it } from "vitest"
import { cardActions, groupBy4, maskedNumber, virtualCount, type CardView } from "./card-rules.ts"

const card = (p: Partial<CardView>): CardView => ({
  id: "c",
  wallet_id: "w",
  type: 5,
  virtual: true,
  status: "activated",
  card_name: "ANA",
  nickname: "",
  last_four: "1234",
  expiry: "01/30",
  attempts_left: 3,
  replaced_by: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  ...p
})

describe("cards rules", () => {
  it("core §5 card numbers grouped by 4, for every length up to 19 digits", () => {
    for (let n = 1; n <= 19; n++) {
      const digits = "5399112233445566778".slice(0, n)
      const g = groupBy4(digits)
      expect(g.replace(/ /g, "")).toBe(digits)
      expect(g.split(" ").every((part, i, all) => part.length === 4 || i === all.length - 1)).toBe(true)
    }
    expect(maskedNumber("4321")).toBe("•••• •••• •••• 4321")
    expect(maskedNumber(null)).toBe("•••• •••• •••• ••••")
  })

  it("features §4 the state decides the actions: pending → activate; activated → block; blocked → unblock unless replaced; cancelled → none", () => {
    expect(cardActions(card({ status: "pending", last_four: null }))).toMatchObject({ activate: true, block: true, unblock: false, reveal: false })
    expect(cardActions(card({ status: "activated" }))).toMatchObject({
      activate: false,
      block: true,
      unblock: false,
      reveal: true,
      password: true,
      newCopy: true,
      remove: true
    })
    expect(cardActions(card({ status: "blocked" }))).toMatchObject({ block: false, unblock: true, reveal: false })
    expect(cardActions(card({ status: "blocked", replaced_by: "n" }))).toMatchObject({ unblock: false, newCopy: false })
    expect(Object.values(cardActions(card({ status: "cancelled" }))).every((v) => !v)).toBe(true)
    // a pending command (the "blocking…" overlay) disables every action
    const busy = cardActions(card({ status: "activated", pending_action: "blocking" }))
    expect([busy.block, busy.unblock, busy.remove, busy.newCopy]).toEqual([false, false, false, false])
  })

  it("features §9 the virtual count leaves out deleted and replaced cards and physical ones", () => {
    const states = ["pending", "activated", "blocked", "cancelled"] as const
    for (let i = 0; i < 200; i++) {
      const cards = Array.from({ length: i % 9 }, (_, k) =>
        card({ id: String(k), virtual: (i + k) % 3 !== 0, status: states[(i * 7 + k) % 4]!, replaced_by: (i + k) % 5 === 0 ? "x" : null })
      )
      const expected = cards.reduce((n, c) => n + (c.virtual && c.status !== "cancelled" && c.replaced_by === null ? 1 : 0), 0)
      expect(virtualCount(cards)).toBe(expected)
    }
  })
})
