/**
 * issue 30 item 8 on the home: when each wallet's statement last added up with the bank's balance (live
 * `syncProgress.ledger`), and a gap the re-pull did not heal as an alert naming its currencies — in Chromium, pt and en.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import type { Wallet } from "../../../schema/entities.ts"
import { appStore } from "../../lib/app-state.ts"
import { LedgerStatus } from "./home-page.tsx"

vi.mock("../../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../../workers/client.ts")>()),
  ...(await import("../../../tests/support/fake-engine-client.ts")).fakeClient
}))

const wallet = (id: string, name: string): Wallet => ({
  id,
  name,
  owner_name: "Ana",
  owner_id: "u-owner",
  default: id === "w-1",
  permission_types: [],
  is_matrix: false,
  branches: [],
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z"
})

const TEXTS = {
  pt: { title: "Extrato conferido com o banco", ok: "Principal: confere com o saldo do banco", gap: "Reserva: o extrato neste dispositivo não confere" },
  en: {
    title: "Statement checked with the bank",
    ok: "Principal: adds up with the bank's balance",
    gap: "Reserva: the statement on this device does not add up"
  }
} as const

beforeEach(() => {
  appStore.set({ wallets: [wallet("w-1", "Principal"), wallet("w-2", "Reserva"), wallet("w-3", "Sem extrato")], walletId: "w-1" })
  fakeEngine.answer("syncProgress", {
    lists: {},
    ledger: {
      "w-1": {
        state: "reconciled",
        point: "2026-11-27T18:00:00.000Z|a",
        at: "2026-11-27T18:01:00.000Z",
        reconciledAt: "2026-11-27T18:01:00.000Z",
        repulled: 0
      },
      "w-2": {
        state: "gap",
        point: "2026-11-27T18:00:00.000Z|b",
        at: "2026-11-27T18:02:00.000Z",
        reconciledAt: "2026-11-26T10:00:00.000Z",
        currencies: ["BRL"],
        repulled: 1
      }
    }
  })
})
afterEach(() => {
  fakeEngine.reset()
  appStore.set({ wallets: null, walletId: null })
})

describe.each(LOCALES)("the home's ledger card (%s)", (lng) => {
  test("each checked wallet says when it last added up; an unhealed gap is an alert with its currencies; a wallet never checked is not listed", async () => {
    await showLocale(lng)
    const screen = await render(<LedgerStatus />)
    const tx = TEXTS[lng]
    await expect.element(screen.getByText(tx.title)).toBeVisible()
    const items = screen.getByTestId("home-ledger-wallet")
    expect(items.elements().length).toBe(2)
    const ok = items.elements()[0] as HTMLElement
    expect(ok.dataset["state"]).toBe("reconciled")
    expect(ok.textContent).toContain(tx.ok)
    const alert = screen.getByRole("alert")
    await expect.element(alert).toHaveTextContent(tx.gap)
    await expect.element(alert).toHaveTextContent("BRL")
    expect(document.body.textContent).not.toContain("Sem extrato")
    expect(await seriousAxeViolations()).toEqual([])
  })
})
