/**
 * issue 31 item 4 "gateway metrics as charts: volume and count by day, by status; fees and seller
 * share", in Chromium, pt and en: /gateway/metrics draws its three charts from the engine's per day
 * × code series (one live query, `daySeries`), the type × status table beside; the kind filter
 * redraws them; keyboard focus on a day shows its values; each chart has its table; a new deposit
 * in the live answer moves the chart with no reload; axe finds nothing serious.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import type { LiveQuery } from "../../../workers/protocol.ts"
import type { CodeSeriesView } from "../../../workers/results.ts"
import { appStore } from "../../lib/app-state.ts"
import { Metrics } from "./metrics.tsx"

vi.mock("../../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../../workers/client.ts")>()),
  ...(await import("../../../tests/support/fake-engine-client.ts")).fakeClient
}))

const WALLETS = [
  { id: "w-m", name: "Bruno Matriz" },
  { id: "w-b", name: "Bruno Filial" }
]
const KEYS = ["deposit|paid|in|BRL", "deposit|pending|in|BRL", "withdrawal|paid|out|BRL", "refund|failed|out|BRL"]
/** Three days; cell = day × 4 + key. */
const series = (extraDeposit = 0): CodeSeriesView => ({
  days: ["2026-11-25", "2026-11-26", "2026-11-27"],
  keys: KEYS,
  count: [2, 1, 1, 0, 0, 0, 0, 1, 3 + (extraDeposit > 0 ? 1 : 0), 0, 1, 0],
  amount: [20_000, 5_000, 7_000, 0, 0, 0, 0, 1_500, 60_000 + extraDeposit, 0, 9_000, 0],
  ints: {
    fee: [198, 50, 100, 0, 0, 0, 0, 0, 594 + (extraDeposit > 0 ? 99 : 0), 0, 100, 0],
    seller_share: [19_802, 4_950, 6_900, 0, 0, 0, 0, 1_500, 59_406 + (extraDeposit > 0 ? extraDeposit - 99 : 0), 0, 8_900, 0]
  },
  tookMs: 1
})
/** The engine's answer, the same object on every read (as the real client's cache gives it). */
const answer = (extra: number) => {
  const value = { total: 10, sumIn: 0, sumOut: 0, net: 0, rows: [], tookMs: 1, loadedRows: 10, daySeries: series(extra) }
  return (q: LiveQuery) => (q.kind === "table" ? value : undefined)
}

const TEXTS = {
  pt: {
    volume: "Volume por dia, por situação, e quantidade",
    status: "Quantidade e valor por situação",
    fees: "Tarifas e parte do vendedor por dia",
    day: "27/11/2026",
    paid: "Pagas: R$ 690,00",
    items: "Quantidade: 4",
    kind: "Tipo de transação",
    deposit: "Depósito",
    showTable: "Ver como tabela"
  },
  en: {
    volume: "Volume per day, by status, and count",
    status: "Count and value by status",
    fees: "Fees and seller share per day",
    day: "27/11/2026",
    paid: "Paid: R$690.00",
    items: "Items: 4",
    kind: "Transaction type",
    deposit: "Deposit",
    showTable: "Show as a table"
  }
} as const

beforeEach(() => {
  fakeEngine.reset()
  appStore.set({ walletId: "w-m" })
  fakeEngine.answer("table:gateway_transactions", answer(0))
  // the server's aggregate (gatewayDashboard) the table is checked against: nothing to compare in these tests
  Object.assign(fakeEngine, { call: () => Promise.resolve({ data: { data: [] } }) })
})
afterEach(() => {
  fakeEngine.reset()
  appStore.set({ walletId: null })
})

describe.each(LOCALES)("gateway metrics charts (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 4 gateway metrics: the three charts render with data from one live query with daySeries (${lng}); axe clean`, async () => {
    const screen = await render(<Metrics wallets={WALLETS} />)
    const days = screen.getByTestId("metrics-chart-days")
    await expect.element(days).toHaveAttribute("data-points", "3")
    await expect.element(days).toHaveAttribute("data-count", "9")
    await expect.element(screen.getByRole("slider", { name: tx.volume })).toBeVisible()
    await expect.element(screen.getByRole("slider", { name: tx.status })).toBeVisible()
    await expect.element(screen.getByRole("slider", { name: tx.fees })).toBeVisible()
    // paid (deposits and withdrawals), pending, failed
    await expect.element(screen.getByTestId("metrics-chart-status")).toHaveAttribute("data-points", "3")
    await expect.element(screen.getByTestId("metrics-chart-fees")).toHaveAttribute("data-fee", "1042")
    await expect.poll(() => document.querySelectorAll(".chart-bar").length, { timeout: 15_000 }).toBeGreaterThan(5)
    const asked = fakeEngine.asked.at(-1)
    expect(asked?.kind === "table" && asked.daySeries).toBe(true)
    // the type × status table from the same series
    await expect.element(screen.getByTestId("metrics-row").first()).toBeVisible()
    expect(screen.getByTestId("metrics-row").elements().length).toBe(4)
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 31 item 4 gateway metrics: keyboard focus on a day shows its values; the kind filter redraws (${lng})`, async () => {
    const screen = await render(<Metrics wallets={WALLETS} />)
    const plot = screen.getByTestId("metrics-chart-days-plot")
    await expect.poll(() => document.querySelectorAll(".chart-bar").length, { timeout: 15_000 }).toBeGreaterThan(5)
    ;(plot.element() as HTMLElement).focus()
    await userEvent.keyboard("{End}")
    const detail = screen.getByTestId("metrics-chart-days-detail")
    await expect.element(detail).toHaveAttribute("data-index", "2")
    await expect.element(detail).toHaveTextContent(tx.day)
    await expect.element(detail).toHaveTextContent(tx.paid)
    await expect.element(detail).toHaveTextContent(tx.items)
    await screen.getByRole("combobox", { name: tx.kind }).selectOptions(tx.deposit)
    await expect.element(screen.getByTestId("metrics-chart-days")).toHaveAttribute("data-count", "6")
    await expect.element(screen.getByTestId("metrics-chart-status")).toHaveAttribute("data-points", "2")
  })

  test(`issue 31 item 4 gateway metrics: each chart's table alternative (${lng})`, async () => {
    const screen = await render(<Metrics wallets={WALLETS} />)
    await screen.getByTestId("metrics-chart-status-toggle").click()
    const table = screen.getByTestId("metrics-chart-status-table")
    await expect.element(table).toBeVisible()
    await expect.element(table).toHaveTextContent(lng === "pt" ? "Pago" : "Paid")
    await screen.getByTestId("metrics-chart-fees-toggle").click()
    await expect.element(screen.getByTestId("metrics-chart-fees-table")).toHaveTextContent(tx.day)
    expect(screen.getByRole("button", { name: tx.showTable }).elements().length).toBe(1)
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 31 item 4 gateway metrics live: a new deposit in the engine's answer moves the chart with no reload (${lng})`, async () => {
    const screen = await render(<Metrics wallets={WALLETS} />)
    const days = screen.getByTestId("metrics-chart-days")
    await expect.element(days).toHaveAttribute("data-volume", "102500")
    fakeEngine.answer("table:gateway_transactions", answer(98_765))
    await expect.element(days).toHaveAttribute("data-count", "10")
    await expect.element(days).toHaveAttribute("data-volume", String(102_500 + 98_765))
  })
})
