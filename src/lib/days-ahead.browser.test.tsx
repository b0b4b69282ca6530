/**
 * issue 31 item 4 "the days ahead as a projected balance line with the negative days marked and the
 * items of each day on hover and focus" (issue 13 the days ahead), in Chromium, pt and en: the chart
 * draws the 60 days (its drawing loaded lazily), the days below zero are drawn red and said in words,
 * the keyboard moves from day to day and shows the day's balance and items, the pointer does the
 * same, the table alternative shows every day; axe finds nothing serious.
 */
import { beforeEach, describe, expect, test } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../tests/support/browser-kit.ts"
import { daysAhead } from "../../schema/schedule.ts"
import { DaysAheadCalendar, itemsByDay, type DayItem } from "./days-ahead.tsx"

const TODAY = "2026-12-01"
const day = (n: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const ITEMS: DayItem[] = [
  { date: day(2), amount: -30_000, label: "Imobiliária Lar Doce", kind: "pix" },
  { date: day(2), amount: -5_000, label: "Academia Corpo em Forma", kind: "automatic" },
  { date: day(5), amount: -80_000, label: "Colégio Santa Luzia", kind: "pix" },
  { date: day(9), amount: -20_000, kind: "withdraw" }
]
const ahead = () => {
  const a = daysAhead(ITEMS, 100_000, TODAY)
  return { ...a, items: itemsByDay(a, ITEMS) }
}

const TEXTS = {
  pt: {
    title: "Os próximos 60 dias, com as saídas agendadas e o saldo previsto",
    negative: "saldo abaixo de zero",
    item: "Pix agendado · Imobiliária Lar Doce: −R$ 300,00",
    item2: "Pix Automático · Academia Corpo em Forma: −R$ 50,00",
    balance: "Saldo previsto: R$ 650,00",
    day2: "03/12/2026",
    neg: "Saldo previsto: -R$ 150,00",
    showTable: "Ver como tabela",
    showChart: "Ver como gráfico"
  },
  en: {
    title: "The next 60 days, with the scheduled outflows and the projected balance",
    negative: "balance below zero",
    item: "Scheduled Pix · Imobiliária Lar Doce: −R$300.00",
    item2: "Pix Automático · Academia Corpo em Forma: −R$50.00",
    balance: "Projected balance: R$650.00",
    day2: "03/12/2026",
    neg: "Projected balance: -R$150.00",
    showTable: "Show as a table",
    showChart: "Show as a chart"
  }
} as const

describe.each(LOCALES)("the days ahead chart (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 4 the days ahead: renders the 60 days with data, lazily; negative days marked red and in words (${lng}); axe clean`, async () => {
    const screen = await render(<DaysAheadCalendar ahead={ahead()} />)
    const chart = screen.getByTestId("ahead-chart")
    await expect.element(chart).toHaveAttribute("data-points", "61")
    await expect.element(screen.getByRole("slider", { name: tx.title })).toBeVisible()
    // drawn (its lazy chunk): the balance line and the red dots of the days below zero (day 5 on)
    await expect.poll(() => document.querySelectorAll(".chart-line").length, { timeout: 15_000 }).toBe(1)
    await expect.poll(() => document.querySelectorAll('circle[data-negative="true"]').length, { timeout: 15_000 }).toBe(61 - 5)
    expect(chart.element().getAttribute("data-first-negative")).toBe(day(5))
    // the hidden table carries every day, the negative ones said in words (and the e2e's data-date / data-outflow)
    const rows = document.querySelectorAll<HTMLElement>('[data-testid="ahead-day"]')
    expect(rows.length).toBe(61)
    expect(rows[2]?.dataset["outflow"]).toBe("35000")
    expect(rows[5]?.dataset["negative"]).toBe("true")
    expect(rows[5]?.textContent).toContain(tx.negative)
    expect(rows[4]?.dataset["negative"]).toBeUndefined()
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 31 item 4 the days ahead: keyboard focus on the points shows a day's balance and its items; the pointer too (${lng})`, async () => {
    const screen = await render(<DaysAheadCalendar ahead={ahead()} />)
    const plot = screen.getByTestId("ahead-chart-plot")
    await expect.poll(() => document.querySelectorAll(".chart-line").length, { timeout: 15_000 }).toBe(1)
    // the toggle, then the plot: one tab stop for the 61 days
    await userEvent.tab()
    await userEvent.tab()
    expect(document.activeElement).toBe(plot.element())
    const detail = screen.getByTestId("ahead-chart-detail")
    await expect.element(detail).toHaveAttribute("data-index", "0")
    await userEvent.keyboard("{ArrowRight}{ArrowRight}")
    await expect.element(detail).toHaveAttribute("data-index", "2")
    await expect.element(detail).toHaveTextContent(tx.day2)
    await expect.element(detail).toHaveTextContent(tx.balance)
    await expect.element(detail).toHaveTextContent(tx.item)
    await expect.element(detail).toHaveTextContent(tx.item2)
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}")
    await expect.element(detail).toHaveTextContent(tx.negative)
    await expect.element(detail).toHaveTextContent(tx.neg)
    await userEvent.keyboard("{End}")
    await expect.element(detail).toHaveAttribute("data-index", "60")
    await userEvent.keyboard("{Home}")
    await expect.element(detail).toHaveAttribute("data-index", "0")
    // the pointer over the plot shows the day under it
    const box = plot.element().getBoundingClientRect()
    await userEvent.hover(plot, { position: { x: Math.round(box.width * 0.5), y: Math.round(box.height * 0.5) } })
    await expect.poll(() => Number(detail.element().getAttribute("data-index"))).toBeGreaterThan(15)
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 31 item 4 the days ahead: the table alternative shows every day with its balance, outflow and items (${lng})`, async () => {
    const screen = await render(<DaysAheadCalendar ahead={ahead()} />)
    const toggle = screen.getByRole("button", { name: tx.showTable })
    await toggle.click()
    await expect.element(screen.getByRole("button", { name: tx.showChart })).toHaveAttribute("aria-pressed", "true")
    const table = screen.getByTestId("ahead-chart-table")
    await expect.element(table).toBeVisible()
    await expect.element(screen.getByTestId("ahead-chart-plot")).not.toBeInTheDocument()
    const row = screen.getByTestId("ahead-day").nth(2)
    await expect.element(row).toHaveTextContent(tx.day2)
    await expect.element(row).toHaveTextContent(tx.item)
    expect(await seriousAxeViolations()).toEqual([])
  })
})
