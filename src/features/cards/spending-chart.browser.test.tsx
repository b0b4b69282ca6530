/**
 * issue 31 item 4 "card spending over time" (spec features §2 cards statements; D-cards-statement), in
 * Chromium, pt and en: the approved purchases per day (per month over long ranges) from the statement
 * projection's series, as bars; keyboard focus on a day shows what was spent; the table alternative;
 * a purchase arriving moves the chart (live); axe finds nothing serious.
 */
import { beforeEach, describe, expect, test } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import type { StatementSeriesView } from "../../../workers/results.ts"
import { SpendingChart } from "./card-statement.tsx"

const point = (key: string, sumOut: number) => ({
  key,
  from: Date.parse(`${key.length === 7 ? `${key}-01` : key}T03:00:00Z`),
  sumIn: 0,
  sumOut,
  net: -sumOut,
  balance: null
})
const DAYS: StatementSeriesView = {
  unit: "day",
  currency: "BRL",
  points: [point("2026-11-20", 12_990), point("2026-11-21", 0), point("2026-11-22", 45_050)],
  tookMs: 1
}
const MONTHS: StatementSeriesView = { unit: "month", currency: "BRL", points: [point("2026-09", 100_000), point("2026-10", 250_000)], tookMs: 1 }
const TEXTS = {
  pt: { daily: "Gastos aprovados por dia", monthly: "Gastos aprovados por mês", day: "22/11/2026", spent: "Gasto: R$ 450,50", showTable: "Ver como tabela" },
  en: { daily: "Approved spending per day", monthly: "Approved spending per month", day: "22/11/2026", spent: "Spent: R$450.50", showTable: "Show as a table" }
} as const

describe.each(LOCALES)("card spending chart (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 4 card spending: renders per day with data; keyboard focus shows a day's spending; table alternative; axe clean (${lng})`, async () => {
    const screen = await render(<SpendingChart series={DAYS} />)
    const chart = screen.getByTestId("card-spending-chart")
    await expect.element(chart).toHaveAttribute("data-total", "58040")
    await expect.element(screen.getByRole("slider", { name: tx.daily })).toBeVisible()
    await expect.poll(() => document.querySelectorAll(".chart-bar").length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    expect(await seriousAxeViolations()).toEqual([])
    ;(screen.getByTestId("card-spending-chart-plot").element() as HTMLElement).focus()
    await userEvent.keyboard("{End}")
    const detail = screen.getByTestId("card-spending-chart-detail")
    await expect.element(detail).toHaveTextContent(tx.day)
    await expect.element(detail).toHaveTextContent(tx.spent)
    await screen.getByRole("button", { name: tx.showTable }).click()
    await expect.element(screen.getByTestId("card-spending-chart-table")).toHaveTextContent(tx.spent.split(": ")[1] ?? "")
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 31 item 4 card spending: a long range is drawn per month; a purchase arriving moves it (${lng})`, async () => {
    const screen = await render(<SpendingChart series={MONTHS} />)
    await expect.element(screen.getByRole("slider", { name: tx.monthly })).toBeVisible()
    await expect.element(screen.getByTestId("card-spending-chart")).toHaveAttribute("data-total", "350000")
    await screen.rerender(<SpendingChart series={{ ...MONTHS, points: [MONTHS.points[0]!, point("2026-10", 259_990)] }} />)
    await expect.element(screen.getByTestId("card-spending-chart")).toHaveAttribute("data-total", "359990")
  })
})
