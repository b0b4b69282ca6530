/**
 * issue 31 item 4 "GGR history by month" (spec features §2 history-ggr), in Chromium, pt and en:
 * the months sent as bars, oldest first, whatever the list's order; keyboard focus on a month shows
 * its GGR; the table alternative lists every month; a month added to the synced list moves the chart
 * (live); axe finds nothing serious.
 */
import { beforeEach, describe, expect, test } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { GgrChart } from "./betting-page.tsx"

const ROWS = [
  { month: 3, year: 2026, total_value: 1_250_000_00 },
  { month: 1, year: 2026, total_value: 980_000_00 },
  { month: 2, year: 2026, total_value: 1_100_500_00 }
]
const TEXTS = {
  pt: { title: "GGR por mês", feb: "02/2026", value: "Valor total: R$ 1.100.500,00", showTable: "Ver como tabela" },
  en: { title: "GGR by month", feb: "02/2026", value: "Total value: R$1,100,500.00", showTable: "Show as a table" }
} as const

describe.each(LOCALES)("GGR history chart (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 4 GGR by month: renders with data oldest first; keyboard focus shows a month's GGR; table alternative; axe clean (${lng})`, async () => {
    const screen = await render(<GgrChart rows={ROWS} />)
    const chart = screen.getByTestId("ggr-chart")
    await expect.element(chart).toHaveAttribute("data-points", "3")
    await expect.element(chart).toHaveAttribute("data-total", String(1_250_000_00 + 980_000_00 + 1_100_500_00))
    await expect.poll(() => document.querySelectorAll(".chart-bar").length, { timeout: 15_000 }).toBe(3)
    expect(await seriousAxeViolations()).toEqual([])
    await userEvent.click(screen.getByRole("slider", { name: tx.title }))
    await userEvent.keyboard("{Home}{ArrowRight}")
    const detail = screen.getByTestId("ggr-chart-detail")
    await expect.element(detail).toHaveTextContent(tx.feb)
    await expect.element(detail).toHaveTextContent(tx.value)
    await screen.getByRole("button", { name: tx.showTable }).click()
    const rows = screen.getByTestId("ggr-chart-table").getByRole("row")
    await expect.element(rows.nth(2)).toHaveTextContent(tx.feb)
    expect(rows.elements().length).toBe(4)
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 31 item 4 GGR by month live: a month added to the list moves the chart (${lng})`, async () => {
    const screen = await render(<GgrChart rows={ROWS} />)
    await expect.element(screen.getByTestId("ggr-chart")).toHaveAttribute("data-points", "3")
    await screen.rerender(<GgrChart rows={[{ month: 4, year: 2026, total_value: 500_00 }, ...ROWS]} />)
    await expect.element(screen.getByTestId("ggr-chart")).toHaveAttribute("data-points", "4")
  })
})
