/**
 * issue 32 item 4 "Analysis across wallets", in Chromium, pt and en: the analysis view lays out the
 * worker's pivots — the pivot grid with the measure chosen (money by Intl in the language, counts), the
 * others and total rows; the top counterparties with their share; this period against the previous one
 * with the change per row — asks the worker for a new pivot when the rows change, and writes the view
 * into the URL; the bad input of the item: a link naming a wallet this member may not read shows its
 * message in the member's language, the rest of the view kept; a view saved without a name is refused
 * and the typed text kept; with a name it is saved with the view's state. axe finds nothing serious.
 */
import { beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { MemoryRouter, Route, Routes, useLocation } from "react-router"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import type { PivotResultView, SavedView } from "../../../schema/analysis.ts"
import type { LiveQuery } from "../../../workers/protocol.ts"
import { AnalysisView } from "./analysis-page.tsx"

vi.mock("../../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../../workers/client.ts")>()),
  ...(await import("../../../tests/support/fake-engine-client.ts")).fakeClient
}))

const WALLETS = [
  { id: "w-main", name: "Conta Principal" },
  { id: "w-res", name: "Reserva" }
]
const line = (key: string, cells: number[], label?: string) => {
  let count = 0
  let sumIn = 0
  let sumOut = 0
  for (let j = 0; j < cells.length; j += 3) {
    count += cells[j] as number
    sumIn += cells[j + 1] as number
    sumOut += cells[j + 2] as number
  }
  return { key, ...(label ? { label } : {}), count, sumIn, sumOut, cells }
}
const total = (ls: ReadonlyArray<ReturnType<typeof line>>, cols: number) =>
  line(
    "",
    Array.from({ length: cols * 3 }, (_, k) => ls.reduce((a, l) => a + (l.cells[k] as number), 0))
  )
/** The worker's answers, by the pivot asked (rows × cols); one object per query, as the engine's snapshots are. */
const answers = new Map<string, PivotResultView | undefined>()
const answerFor = (q: LiveQuery): PivotResultView | undefined => {
  const key = JSON.stringify(q)
  if (!answers.has(key)) answers.set(key, makeAnswer(q))
  return answers.get(key)
}
const makeAnswer = (q: LiveQuery): PivotResultView | undefined => {
  if (q.kind !== "pivot") return undefined
  const base = { omitted: 0, others: null, tookMs: 3.2, loadedRows: 1_234 }
  if (q.pivot.cols === "none") {
    const lines = [line("12345678000199", [3, 500_000, 0], "Mercado Azul Ltda"), line("98765432100", [2, 0, 125_000], "João Pereira")]
    return { ...base, rows: "counterparty", cols: "none", columns: [""], lines, total: total(lines, 1) }
  }
  if (q.pivot.cols === "period") {
    const lines = [line("PIX_IN", [2, 100_000, 0, 3, 150_000, 0]), line("PIX_OUT", [0, 0, 0, 1, 0, 40_000])]
    return { ...base, rows: "type", cols: "period", columns: ["previous", "current"], lines, total: total(lines, 2), period: { prevFrom: 0, from: 1, to: 2 } }
  }
  const rows = q.pivot.rows
  const lines =
    rows === "type"
      ? [line("PIX_IN", [2, 150_000, 0, 1, 50_000, 0]), line("PIX_OUT", [1, 0, 40_000, 0, 0, 0])]
      : [line("12345678000199", [3, 500_000, 0, 0, 0, 0], "Mercado Azul Ltda"), line("98765432100", [0, 0, 0, 2, 0, 125_000], "João Pereira")]
  return { ...base, rows, cols: "wallet", columns: ["w-main", "w-res"], lines, others: line("", [1, 1_000, 0, 0, 0, 0]), omitted: 4, total: total(lines, 2) }
}

const TEXTS = {
  pt: {
    caption: "Líquido por Contraparte e Carteira",
    money: /R\$\s?5\.000,00/,
    others: "4 outras",
    share: /80%/,
    change: /\+R\$\s?500,00/,
    pct: /50%/,
    rows: "Linhas",
    type: "Tipo",
    pixIn: "Pix recebido",
    dropped: "Esta visão citava 1 carteira que você não pode ler: ela foi deixada de fora.",
    name: "Nome da visão",
    save: "Salvar visão",
    required: "Dê um nome à visão."
  },
  en: {
    caption: "Net by Counterparty and Wallet",
    money: /R\$\s?5,000\.00/,
    others: "4 others",
    share: /80%/,
    change: /\+R\$\s?500\.00/,
    pct: /50%/,
    rows: "Rows",
    type: "Type",
    pixIn: "Pix received",
    dropped: "This view named 1 wallet you may not read: it was left out.",
    name: "Name of the view",
    save: "Save view",
    required: "Give the view a name."
  }
} as const

function Where() {
  const l = useLocation()
  return <output data-testid="where">{l.search}</output>
}

const renderAt = (search: string) =>
  render(
    <MemoryRouter initialEntries={[`/banking/statements/analysis${search}`]}>
      <Routes>
        <Route
          path="/banking/statements/analysis"
          element={
            <>
              <AnalysisView source="statement" wallets={WALLETS} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>
  )

describe.each(LOCALES)("analysis across wallets (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
    fakeEngine.reset()
    fakeEngine.answer("pivot", answerFor)
    fakeEngine.answer("savedViews", [] satisfies SavedView[])
  })

  test(`issue 32 item 4: the pivot across two wallets, the top counterparties with their share and the period comparison in ${lng}; axe clean`, async () => {
    const screen = await renderAt("?w=w-main,w-res&p=30d&r=counterparty&c=wallet&m=net")
    const pivot = screen.getByTestId("analysis-pivot")
    await expect.element(pivot).toHaveAttribute("data-state", "ready")
    await expect.element(pivot.getByText(tx.caption)).toBeInTheDocument()
    // wallet columns by name, the counterparty by name, net money by Intl in the language
    await expect.element(pivot.getByRole("columnheader", { name: "Reserva" })).toBeInTheDocument()
    const first = screen.getByTestId("analysis-pivot-row").first()
    await expect.element(first).toHaveAttribute("data-key", "12345678000199")
    await expect.element(first.getByText("Mercado Azul Ltda")).toBeInTheDocument()
    await expect.element(first.getByText(tx.money).first()).toBeInTheDocument()
    await expect.element(screen.getByTestId("analysis-pivot-others").getByText(tx.others)).toBeInTheDocument()
    // top counterparties: Mercado Azul has 5 000 of the 6 250 moved
    const top = screen.getByTestId("analysis-top-row").first()
    await expect.element(top).toHaveAttribute("data-share", "0.8000")
    await expect.element(top.getByText(tx.share)).toBeInTheDocument()
    // this period against the previous one: Pix in +500 (+50%)
    const cmp = screen.getByTestId("analysis-compare-row").first()
    await expect.element(cmp.getByText(tx.pixIn)).toBeInTheDocument()
    await expect.element(cmp.getByText(tx.change)).toBeInTheDocument()
    await expect.element(cmp.getByText(tx.pct)).toBeInTheDocument()
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 32 item 4: choosing rows by type asks the worker for that pivot and writes it into the URL (${lng})`, async () => {
    const screen = await renderAt("?w=w-main,w-res&p=30d&r=counterparty&c=wallet&m=net")
    await expect.element(screen.getByTestId("analysis-pivot")).toHaveAttribute("data-state", "ready")
    await screen.getByLabelText(tx.rows).selectOptions(tx.type)
    await expect.element(screen.getByTestId("analysis-pivot-row").first()).toHaveAttribute("data-key", "PIX_IN")
    await expect.element(screen.getByTestId("analysis-pivot-row").first().getByText(tx.pixIn)).toBeInTheDocument()
    await expect.element(screen.getByTestId("where")).toHaveTextContent("r=type")
  })

  test(`issue 32 item 4: two choices made before the page re-renders both stay in the URL (${lng})`, async () => {
    const screen = await renderAt("?w=w-main,w-res&p=30d&r=counterparty&c=wallet&m=net")
    await expect.element(screen.getByTestId("analysis-pivot")).toHaveAttribute("data-state", "ready")
    // one task, no render between: the second change must build on the first (a user quicker than a render,
    // or the suite's selectOption calls one after the other; the e2e run that found it ended with rows kept and
    // the columns back at their default)
    const pick = (testId: string, value: string) => {
      const el = document.querySelector<HTMLSelectElement>(`[data-testid="${testId}"]`)
      if (!el) throw new Error(`no ${testId}`)
      el.value = value
      el.dispatchEvent(new Event("change", { bubbles: true }))
    }
    pick("analysis-rows", "type")
    pick("analysis-measure", "count")
    pick("analysis-cols", "none")
    const where = screen.getByTestId("where")
    await expect.element(where).toHaveTextContent("r=type")
    await expect.element(where).toHaveTextContent("m=count")
    await expect.element(where).toHaveTextContent("c=none")
  })

  test(`issue 32 item 4 bad input: a link naming a wallet this member may not read says so in ${lng} and keeps the rest of the view`, async () => {
    const screen = await renderAt("?w=w-main,w-gone&p=90d&r=type&c=wallet&m=count&n=Equipe")
    await expect.element(screen.getByTestId("analysis-dropped")).toHaveTextContent(tx.dropped)
    await expect.element(screen.getByTestId("analysis-dropped")).toHaveAttribute("data-dropped", "1")
    // the rest kept: rows by type, the count, the view's name
    await expect.element(screen.getByLabelText(tx.rows)).toHaveValue("type")
    await expect.element(screen.getByTestId("analysis-view-current")).toHaveTextContent("Equipe")
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 32 item 4: a view saved without a name is refused with a message in ${lng}, nothing sent; with a name it is saved with the view's state`, async () => {
    const screen = await renderAt("?w=w-main,w-res&p=30d&r=counterparty&c=wallet&m=in")
    await screen.getByRole("button", { name: tx.save }).click()
    await expect.element(screen.getByText(tx.required)).toBeInTheDocument()
    expect(fakeEngine.savedViews).toEqual([])
    await screen.getByLabelText(tx.name).fill("  Mensal  ")
    await screen.getByRole("button", { name: tx.save }).click()
    await expect.poll(() => fakeEngine.savedViews.length).toBe(1)
    const v = fakeEngine.savedViews[0] as SavedView
    expect(v.name).toBe("Mensal")
    expect(v.state).toMatchObject({ source: "statement", walletIds: ["w-main", "w-res"], period: "30d", rows: "counterparty", cols: "wallet", measure: "in" })
    await expect.element(screen.getByTestId("where")).toHaveTextContent(`v=${v.id}`)
  })
})
