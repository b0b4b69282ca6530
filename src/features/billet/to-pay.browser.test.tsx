/**
 * issue 32 item 2 (DDA, D-dda) "To pay" in Chromium, pt and en: open boletos soonest first with issuer,
 * amount and due date; an overdue one shows today's amount with its fine and interest; paid and hidden ones
 * only behind the switch (paid, not lost); Pay now opens the pay flow with the line in the address; Hide
 * asks first, then sends one v1.billet.hideDda; axe-clean.
 */
import { MemoryRouter, Route, Routes, useLocation } from "react-router"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import type { Wallet } from "../../../schema/entities.ts"
import type { DdaBillet } from "../../../schema/billet.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { P } from "../../../schema/permissions.ts"
import { appStore } from "../../lib/app-state.ts"
import { ToPayBillets } from "./to-pay.tsx"

vi.mock("../../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../../workers/client.ts")>()),
  ...(await import("../../../tests/support/fake-engine-client.ts")).fakeClient
}))

const WALLET: Wallet = {
  id: "w-1",
  name: "Principal",
  owner_name: "Ana",
  owner_id: "u-1",
  default: true,
  permission_types: [],
  is_matrix: false,
  branches: [],
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z"
}
const day = (n: number): string => new Date(Date.parse(saoPauloDateKey(new Date())) + n * 86_400_000).toISOString().slice(0, 10)
const LINE = "34191090080000000000000000000000000000000010000"
const row = (o: Partial<DdaBillet>): DdaBillet => ({
  id: "d-1",
  status: "open",
  issuer_name: "Condomínio Edifício Jacarandá",
  issuer_document: "60746948000112",
  description: "Taxa condominial",
  amount: 10_000,
  due_date: day(20),
  limit_due_date: day(50),
  fine_bp: 200,
  interest_per_day: 330,
  typeable_line: LINE,
  barcode: "b-1",
  paid_at: null,
  hidden_at: null,
  created_at: "2026-11-01T00:00:00.000Z",
  updated_at: "2026-11-01T00:00:00.000Z",
  ...o
})

const TEXTS = {
  pt: { late: "Hoje: R$ 10.000,00 + multa R$ 200,00 + juros R$ 33,00", showAll: "Mostrar pagos, ocultos e cancelados", paid: "Pago", hide: "Ocultar" },
  en: { late: "Today: R$10,000.00 + fine R$200.00 + interest R$33.00", showAll: "Show paid, hidden and cancelled", paid: "Paid", hide: "Hide" }
} as const

function Where() {
  const l = useLocation()
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>
}

beforeEach(() => {
  fakeEngine.reset()
  appStore.set({ wallets: [WALLET], walletId: WALLET.id })
  fakeEngine.answer("permissionActions", [P.getBilletPayments, P.postBilletPayment])
  fakeEngine.answer("list:billet_scheduled", [])
  fakeEngine.answer("list:billet_dda", [
    // 10 days late (a weekday due date 10 days ago: fine 2 %, interest 0.033 %/day × 10)
    row({ id: "late", amount: 1_000_000, due_date: day(-10), issuer_name: "Colégio Santa Luzia Ltda", typeable_line: `${LINE.slice(0, 46)}1` }),
    row({ id: "later" }),
    row({ id: "paid", status: "paid", paid_at: "2026-11-20T12:00:00.000Z", issuer_name: "Seguradora Amparo S.A." }),
    row({ id: "hidden", status: "hidden", hidden_at: "2026-11-20T12:00:00.000Z", issuer_name: "Academia Corpo em Forma Ltda" })
  ])
})
afterEach(() => {
  fakeEngine.reset()
  appStore.set({ wallets: null, walletId: null })
})

describe.each(LOCALES)("To pay (DDA) (%s)", (lng) => {
  test("issue 32 item 2 open ones with the amount due today; paid and hidden behind the switch; Pay now carries the line; Hide asks, then sends one command", async () => {
    await showLocale(lng)
    const tx = TEXTS[lng]
    const screen = await render(
      <MemoryRouter initialEntries={["/banking/billet/to-pay"]}>
        <Routes>
          <Route path="/banking/billet/to-pay" element={<ToPayBillets />} />
          <Route path="/banking/billet/pay" element={<Where />} />
        </Routes>
      </MemoryRouter>
    )
    const rows = screen.getByTestId("billet-dda-row")
    await expect.element(rows.first()).toBeVisible()
    expect(rows.elements().map((e) => (e as HTMLElement).dataset["id"])).toEqual(["late", "later"])
    const late = rows.elements()[0] as HTMLElement
    // the late one: fine 2 % = 200,00; interest 0.033 %/day × 10 calendar days from the printed date = 33,00
    expect(late.dataset["amountDue"]).toBe("1023300")
    expect(late.textContent).toContain(tx.late)
    expect(await seriousAxeViolations()).toEqual([])

    await screen.getByRole("checkbox", { name: tx.showAll }).click()
    await expect.element(screen.getByText("Seguradora Amparo S.A.")).toBeVisible()
    expect(rows.elements().map((e) => (e as HTMLElement).dataset["status"])).toEqual(["open", "open", "paid", "hidden"])

    await userEvent.click(screen.getByTestId("billet-dda-hide").nth(1))
    await screen.getByRole("button", { name: tx.hide, exact: true }).last().click()
    await expect.poll(() => fakeEngine.submitted.length).toBe(1)
    expect(fakeEngine.submitted[0]?.body).toEqual({ name: "v1.billet.hideDda", payload: { id: "later" } })

    await screen.getByTestId("billet-dda-pay").first().click()
    await expect.element(screen.getByTestId("where")).toHaveTextContent(`/banking/billet/pay?line=${LINE.slice(0, 46)}1&when=now`)
  })
})
