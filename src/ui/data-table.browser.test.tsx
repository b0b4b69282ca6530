/**
 * The one virtualised data table as the user reads and drives it, in Chromium (issue 16 / D-data-table;
 * DESIGN "heavy users who filter 100k to 1M rows"; features §2 statements page): headers and labels in
 * the caller's language, only the rows in view rendered, sorting by a header, keyboard between rows,
 * Enter opens a row, the empty state — with a fake engine answering the table's window queries.
 */
import i18next from "i18next"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../tests/support/fake-engine-client.ts"
import type { LiveQuery } from "../../workers/protocol.ts"
import { textMatcher } from "../../schema/tables/text-narrow.ts"
import { DataTable, type DataColumn, type DataSort } from "./data-table.tsx"

vi.mock("../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../workers/client.ts")>()),
  ...(await import("../../tests/support/fake-engine-client.ts")).fakeClient
}))

interface Row {
  readonly id: string
  readonly description: string
  readonly amount: number
}
const rowAt = (i: number): Row => ({ id: `r${i}`, description: `Entry ${i}`, amount: (i + 1) * 100 })

const TEXTS = {
  pt: {
    label: "Lançamentos do extrato",
    scroll: "Lista de lançamentos; use as setas para rolar",
    date: "Descrição",
    amount: "Valor",
    empty: "Nenhum lançamento encontrado",
    hint: "Ajuste os filtros para ver mais lançamentos."
  },
  en: {
    label: "Statement entries",
    scroll: "List of entries; use the arrow keys to scroll",
    date: "Description",
    amount: "Amount",
    empty: "No entries found",
    hint: "Adjust the filters to see more entries."
  }
} as const

/** The table as a page sets it up: translated columns, a window query of the `pix_statement` table, `total` rows. */
function Table({
  total,
  onOpen = () => undefined,
  sort,
  onSort
}: {
  readonly total: number
  readonly onOpen?: (r: Row) => void
  readonly sort?: DataSort
  readonly onSort?: (s: DataSort) => void
}) {
  const t = i18next.t.bind(i18next)
  const columns: ReadonlyArray<DataColumn<Row>> = [
    { id: "description", header: t("statements:table.description"), width: "minmax(0, 2fr)", narrowWidth: "minmax(0, 1fr)", cell: (r) => r.description },
    { id: "amount", header: t("statements:table.amount"), width: "140px", narrowWidth: "100px", align: "end", sort: "amount", cell: (r) => String(r.amount) }
  ]
  return (
    <DataTable<Row>
      columns={columns}
      queryKey={`q|${sort?.dir ?? ""}`}
      windowQuery={(offset, limit): LiveQuery => ({ kind: "table", table: "pix_statement", query: { offset, limit } })}
      total={total}
      rowKey={(r) => r.id}
      rowAttrs={(r) => ({ id: r.id })}
      onOpen={onOpen}
      {...(sort ? { sort } : {})}
      {...(onSort ? { onSort } : {})}
      label={t("statements:table.label")}
      scrollLabel={t("statements:table.scrollLabel")}
      emptyTitle={t("statements:table.empty")}
      emptyMessage={t("statements:table.emptyHint")}
      testIds={{ table: "tbl", row: "tbl-row", scroller: "tbl-scroller" }}
    />
  )
}

const TOTAL = 10_000
beforeEach(() => {
  fakeEngine.reset()
  fakeEngine.answer("table:pix_statement", (q: LiveQuery) => {
    const { offset = 0, limit = 0 } = q.kind === "table" ? q.query : {}
    return { rows: Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, k) => rowAt(offset + k)) }
  })
})
afterEach(() => {
  fakeEngine.reset()
})

describe.each(LOCALES)("data table (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`D-data-table: the table is named in ${lng}, its headers and scroll region too; of ${TOTAL} rows only those in view are rendered, with the row count for assistive technology`, async () => {
    const screen = await render(<Table total={TOTAL} />)
    const table = screen.getByRole("table", { name: tx.label })
    await expect.element(table).toHaveAttribute("data-state", "ready")
    await expect.element(table).toHaveAttribute("aria-rowcount", String(TOTAL + 1))
    await expect.element(screen.getByRole("columnheader", { name: tx.date })).toBeVisible()
    await expect.element(screen.getByRole("button", { name: tx.amount })).toBeVisible()
    await expect.element(screen.getByRole("rowgroup", { name: tx.scroll })).toBeVisible()
    await expect.element(screen.getByText("Entry 0", { exact: true })).toBeVisible()
    const rendered = screen.getByTestId("tbl-row").elements().length
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(40)
    // only windows near the top were asked of the engine, never the whole list
    for (const q of fakeEngine.asked) expect(q.kind === "table" ? (q.query.limit ?? 0) : 0).toBeLessThanOrEqual(1000)
  })

  test(`D-data-table keyboard (${lng}): ArrowDown/ArrowUp move between rows, End goes to the last of ${TOTAL} (scrolled into view), Home back; Enter and Space open the focused row`, async () => {
    const opened: string[] = []
    const screen = await render(<Table total={TOTAL} onOpen={(r) => opened.push(r.id)} />)
    const first = screen.getByTestId("tbl-row").first()
    await expect.element(first).toHaveAttribute("data-id", "r0")
    first.element().focus()
    await userEvent.keyboard("{ArrowDown}")
    await expect.element(screen.getByRole("row").filter({ hasText: "Entry 1" }).first()).toHaveFocus()
    await userEvent.keyboard("{ArrowDown}{ArrowUp}")
    await expect.element(screen.getByRole("row").filter({ hasText: "Entry 1" }).first()).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    expect(opened).toEqual(["r1"])
    await userEvent.keyboard("{End}")
    await expect.poll(() => (document.activeElement as HTMLElement | null)?.dataset.id).toBe(`r${TOTAL - 1}`)
    await userEvent.keyboard(" ")
    expect(opened).toEqual(["r1", `r${TOTAL - 1}`])
    await userEvent.keyboard("{Home}")
    await expect.poll(() => (document.activeElement as HTMLElement | null)?.dataset.id).toBe("r0")
    // a click opens too
    await screen.getByText("Entry 2", { exact: true }).click()
    expect(opened).toEqual(["r1", `r${TOTAL - 1}`, "r2"])
  })

  test(`D-data-table a new filter (${lng}): scrolled down the list, a new filter or sort starts at the top; an unchanged one keeps the place`, async () => {
    const screen = await render(<Table total={TOTAL} />)
    await expect.element(screen.getByTestId("tbl-row").first()).toHaveAttribute("data-id", "r0")
    const scroller = screen.getByTestId("tbl-scroller").element() as HTMLElement
    scroller.scrollTop = 52 * 400
    await expect.poll(() => screen.getByTestId("tbl-row").first().element().getAttribute("data-id")).not.toBe("r0")
    await screen.rerender(<Table total={TOTAL} />) // the same filter: the place is kept
    expect(scroller.scrollTop).toBe(52 * 400)
    await screen.rerender(<Table total={TOTAL} sort={{ by: "amount", dir: "asc" }} />) // another key: back to the top
    await expect.poll(() => scroller.scrollTop).toBe(0)
    await expect.element(screen.getByTestId("tbl-row").first()).toHaveAttribute("data-id", "r0")
  })

  test(`D-data-table sort (${lng}): a sortable header is a button; it asks descending first, then flips; aria-sort and the arrow say the order`, async () => {
    const asked: DataSort[] = []
    const screen = await render(<Table total={TOTAL} onSort={(s) => asked.push(s)} />)
    await screen.getByRole("button", { name: tx.amount }).click()
    expect(asked).toEqual([{ by: "amount", dir: "desc" }])
    await screen.rerender(<Table total={TOTAL} sort={{ by: "amount", dir: "desc" }} onSort={(s) => asked.push(s)} />)
    await expect.element(screen.getByRole("columnheader", { name: `${tx.amount} ↓` })).toHaveAttribute("aria-sort", "descending")
    await expect.element(screen.getByRole("columnheader", { name: tx.date })).not.toHaveAttribute("aria-sort")
    await screen.getByRole("button", { name: `${tx.amount} ↓` }).click()
    expect(asked[1]).toEqual({ by: "amount", dir: "asc" })
  })

  test(`D-data-table empty state (${lng}): no rows shows the caller's empty title and hint; no scroller; no serious or critical axe violation with rows or empty`, async () => {
    const screen = await render(<Table total={TOTAL} />)
    await expect.element(screen.getByRole("table")).toHaveAttribute("data-state", "ready")
    expect(await seriousAxeViolations(screen.container)).toEqual([])
    await screen.rerender(<Table total={0} />)
    await expect.element(screen.getByText(tx.empty)).toBeVisible()
    await expect.element(screen.getByText(tx.hint)).toBeVisible()
    await expect.element(screen.getByTestId("tbl-scroller")).not.toBeInTheDocument()
    await expect.element(screen.getByRole("table")).toHaveAttribute("data-total", "0")
    expect(await seriousAxeViolations(screen.container)).toEqual([])
  })
})

/** sync/SPEC.md Q5b: a table whose rows are searched by description; `total` undefined while the filter's answer is on its way. */
const NARROW_FIELDS = { text: ["description"], prefixIds: [] }
const narrowRow = (i: number): Row => ({ id: `n${i}`, description: i % 2 === 0 ? `Pix ${i}` : `TED ${i}`, amount: i })
/** The rows of `text` among `of` generated rows (what the worker, or the page's cache, finds). */
const matching = (of: number, text: string): Row[] => Array.from({ length: of }, (_, i) => narrowRow(i)).filter(textMatcher<Row>(NARROW_FIELDS, text))
function NarrowTable({
  text,
  total,
  of,
  early,
  earlyComplete
}: {
  readonly text: string
  readonly total: number | undefined
  readonly of: number
  readonly early?: ReadonlyArray<Row>
  readonly earlyComplete?: boolean
}) {
  const columns: ReadonlyArray<DataColumn<Row>> = [{ id: "description", header: "d", width: "1fr", cell: (r) => r.description }]
  return (
    <DataTable<Row>
      columns={columns}
      queryKey={`rest|${of}|${text}`}
      windowQuery={(offset, limit): LiveQuery => ({ kind: "table", table: "gateway_transactions", query: { offset, limit, text } })}
      total={total}
      early={early}
      earlyComplete={earlyComplete}
      typedForward
      text={text}
      rowKey={(r) => r.id}
      rowAttrs={(r) => ({ id: r.id })}
      label="l"
      scrollLabel="s"
      emptyTitle="e"
      testIds={{ table: "ntbl", row: "ntbl-row", scroller: "ntbl-scroller" }}
    />
  )
}

describe("D-data-table Q5b a text typed forward", () => {
  const answer =
    (of: number) =>
    (q: LiveQuery): object => {
      const { offset = 0, limit = 0, text = "" } = q.kind === "table" ? q.query : {}
      const all = matching(of, text)
      return { rows: all.slice(offset, offset + limit), total: all.length }
    }
  const ids = (): string[] => [...document.querySelectorAll<HTMLElement>('[data-testid="ntbl-row"]')].map((e) => e.dataset.id ?? "")

  test("the early rows made for a text typed forward are shown in the keystroke's own render, marked partial; a text without them keeps the last answer (stale)", async () => {
    fakeEngine.answer("table:gateway_transactions", answer(TOTAL))
    const screen = await render(<NarrowTable text="" total={TOTAL} of={TOTAL} />)
    const table = screen.getByTestId("ntbl")
    await expect.element(table).toHaveAttribute("data-state", "ready")
    // the worker's answer to "p" not in yet (total unknown), its first rows made on the page: in this very render
    await screen.rerender(<NarrowTable text="p" total={undefined} of={TOTAL} early={matching(TOTAL, "p").slice(0, 15)} />)
    expect(table.element().getAttribute("data-state")).toBe("partial")
    expect(table.element().getAttribute("data-text")).toBe("p")
    expect(ids().slice(0, 4)).toEqual(["n0", "n2", "n4", "n6"])
    // the worker's answer to "p" in; then "t", which does not extend it (no early rows): the last answer stays up
    await screen.rerender(<NarrowTable text="p" total={TOTAL / 2} of={TOTAL} />)
    await expect.element(table).toHaveAttribute("data-state", "ready")
    await screen.rerender(<NarrowTable text="t" total={undefined} of={TOTAL} />)
    expect(table.element().getAttribute("data-state")).toBe("stale")
    expect(table.element().getAttribute("data-text")).toBe("p")
    expect(ids().slice(0, 2)).toEqual(["n0", "n2"])
  })

  test("early rows that are every row of the filter (earlyComplete) are its count at once, and the empty state when there are none", async () => {
    fakeEngine.answer("table:gateway_transactions", answer(30))
    const screen = await render(<NarrowTable text="" total={30} of={30} />)
    const table = screen.getByTestId("ntbl")
    await expect.element(table).toHaveAttribute("data-state", "ready")
    await screen.rerender(<NarrowTable text="ted 2" total={undefined} of={30} early={matching(30, "ted 2")} earlyComplete />)
    expect(table.element().getAttribute("data-state")).toBe("partial")
    expect(ids()).toEqual(["n21", "n23", "n25", "n27", "n29"])
    expect(table.element().getAttribute("aria-rowcount")).toBe(String(5 + 1))
    await screen.rerender(<NarrowTable text="ted 2x" total={undefined} of={30} early={[]} earlyComplete />)
    expect(ids()).toEqual([])
    await expect.element(screen.getByText("e", { exact: true })).toBeVisible()
  })

  test("with a text, once its count is in and beyond the first window, the table keeps a reserve of the filter's first 1,000 rows asked", async () => {
    fakeEngine.answer("table:gateway_transactions", answer(TOTAL))
    const reserveAsked = (text: string): boolean =>
      fakeEngine.asked.some((q) => q.kind === "table" && q.query.offset === 0 && q.query.limit === 1000 && (q.query.text ?? "") === text)
    const screen = await render(<NarrowTable text="" total={TOTAL} of={TOTAL} />)
    await expect.element(screen.getByTestId("ntbl")).toHaveAttribute("data-state", "ready")
    expect(reserveAsked("")).toBe(false)
    await screen.rerender(<NarrowTable text="p" total={undefined} of={TOTAL} />)
    expect(reserveAsked("p")).toBe(false)
    await screen.rerender(<NarrowTable text="p" total={TOTAL / 2} of={TOTAL} />)
    await expect.poll(() => reserveAsked("p")).toBe(true)
    // a filter whose rows the first window holds: no reserve
    await screen.rerender(<NarrowTable text="ted 999" total={matching(TOTAL, "ted 999").length} of={TOTAL} />)
    expect(matching(TOTAL, "ted 999").length).toBeLessThanOrEqual(100)
    expect(reserveAsked("ted 999")).toBe(false)
  })
})
