/**
 * The date fields of the statement filter as the user fills them, in Chromium (spec core §9 date
 * presets, features §2 statements page, §5 date ranges "start ≤ end"; core §5 VALIDATION_DATE):
 * the filter bar wired to buildQuery the way the statements page does, in pt and en.
 */
import { useState } from "react"
import { beforeEach, describe, expect, test } from "vitest"
import { render } from "vitest-browser-react"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { FilterBar } from "./filter-bar.tsx"
import { buildQuery, emptyFilter, type StatementFilter } from "./statement-filter.ts"

const TEXTS = {
  pt: {
    period: "Período",
    custom: "Personalizado",
    today: "Hoje",
    sevenDays: "Últimos 7 dias",
    start: "Data inicial",
    end: "Data final",
    range: "A data inicial deve ser anterior à final",
    min: "Valor mínimo",
    max: "Valor máximo",
    money: "Valor inválido (use o formato 1.234,56)",
    amounts: { tooPrecise: "10,999", fifty: "50,00", ten: "10,00" },
    minMax: "O valor mínimo deve ser menor ou igual ao máximo",
    brlOnly: "Faixa de valor disponível para BRL",
    currency: "Moeda",
    allCurrencies: "Todas as moedas"
  },
  en: {
    period: "Period",
    custom: "Custom",
    today: "Today",
    sevenDays: "Last 7 days",
    start: "Start date",
    end: "End date",
    range: "The start date must be before the end date",
    min: "Minimum amount",
    max: "Maximum amount",
    money: "Invalid amount (use the format 1,234.56)",
    amounts: { tooPrecise: "10.999", fifty: "50.00", ten: "10.00" },
    minMax: "The minimum must not be above the maximum",
    brlOnly: "Amount range available for BRL",
    currency: "Currency",
    allCurrencies: "All currencies"
  }
} as const

/** The bar as the statements page wires it: the filter kept as typed, its problems from buildQuery; the query's range shown for the test. */
function Bar({ lng = "pt" }: { readonly lng?: "pt" | "en" }) {
  const [filter, setFilter] = useState<StatementFilter>(() => emptyFilter(["w-1"]))
  const built = buildQuery(filter, Date.UTC(2025, 2, 14, 15), lng)
  return (
    <>
      <FilterBar
        filter={filter}
        problems={built.problems}
        wallets={[]}
        onChange={(p) => setFilter((f) => ({ ...f, ...p }))}
        onClear={() => setFilter(emptyFilter(["w-1"]))}
      />
      <output data-testid="range">{built.range ? `${new Date(built.range.from).toISOString()}/${new Date(built.range.to).toISOString()}` : "none"}</output>
    </>
  )
}

describe.each(LOCALES)("statement filter dates (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`core §9 date presets: the period select lists the presets in ${lng}; "custom" shows the start and end date fields`, async () => {
    const screen = await render(<Bar />)
    const period = screen.getByLabelText(tx.period)
    await expect.element(period.getByRole("option", { name: tx.sevenDays })).toBeInTheDocument()
    await expect.element(screen.getByLabelText(tx.start)).not.toBeInTheDocument()
    await period.selectOptions(tx.today)
    // today in São Paulo (UTC-3): 14 March 03:00Z to 15 March 03:00Z
    await expect.element(screen.getByTestId("range")).toHaveTextContent("2025-03-14T03:00:00.000Z/2025-03-15T03:00:00.000Z")
    await period.selectOptions(tx.custom)
    await expect.element(screen.getByLabelText(tx.start)).toHaveAttribute("type", "date")
    await expect.element(screen.getByLabelText(tx.end)).toHaveAttribute("type", "date")
  })

  test(`features §5 date ranges: an end before the start gives the end field's message in ${lng} and no range; a single day is a range (start and end included)`, async () => {
    const screen = await render(<Bar />)
    await screen.getByLabelText(tx.period).selectOptions(tx.custom)
    const start = screen.getByLabelText(tx.start)
    const end = screen.getByLabelText(tx.end)
    await start.fill("2025-03-10")
    await end.fill("2025-03-05")
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.range)
    await expect.element(end).toHaveAttribute("aria-invalid", "true")
    await expect.element(end).toHaveAccessibleDescription(tx.range)
    await expect.element(screen.getByTestId("range")).toHaveTextContent("none")
    // nothing typed is lost
    await expect.element(start).toHaveValue("2025-03-10")
    await expect.element(end).toHaveValue("2025-03-05")
    await end.fill("2025-03-10")
    await expect.element(screen.getByRole("alert")).not.toBeInTheDocument()
    await expect.element(screen.getByTestId("range")).toHaveTextContent("2025-03-10T03:00:00.000Z/2025-03-11T03:00:00.000Z")
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`core §5 VALIDATION_MONEY and features §2: the amount range fields give their messages in ${lng} (not money; minimum above maximum) and are off outside BRL`, async () => {
    const screen = await render(<Bar lng={lng} />)
    const min = screen.getByLabelText(tx.min)
    const max = screen.getByLabelText(tx.max)
    await min.fill(tx.amounts.tooPrecise)
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.money)
    await min.fill(tx.amounts.fifty)
    await max.fill(tx.amounts.ten)
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.minMax)
    await expect.element(max).toHaveAttribute("aria-invalid", "true")
    await screen.getByLabelText(tx.currency).selectOptions(tx.allCurrencies)
    await expect.element(min).toBeDisabled()
    await expect.element(min).toHaveAccessibleDescription(tx.brlOnly)
    await expect.element(screen.getByRole("alert")).not.toBeInTheDocument()
    expect(await seriousAxeViolations()).toEqual([])
  })
})
