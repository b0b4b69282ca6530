/**
 * sync/SPEC.md P9, issue 33 item 1: the cursor of a compact page's last row read off its text (`lastRowCursor`), so the
 * next page is asked before the page is parsed. Over generated pages whose strings hold the page's own punctuation
 * (`],[`, quotes, backslashes, brackets), checked against the cursor of the page parsed in full: it is that cursor or
 * none, never another (a wrong one would only cost an unused ask — the pull keeps the parsed page's — but would be a bug).
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { lastRowCursor, type TableSync } from "./table.ts"

const COLUMNS = ["id", "updated_at", "description", "amount", "txid"] as const
const spec = {
  compact: {
    columns: COLUMNS,
    isCell: COLUMNS.map(() => () => true),
    cursorAfter: (a: ReadonlyArray<unknown>) => `${String(a[1])}|${String(a[0])}`
  }
} as unknown as TableSync<unknown>

const NASTY = ["],[", "]]}}", '"', "\\", "[", "]", ",", '","', '\\"],[\\"', "ç", "💸", " "]
const text = (r: Prng): string => {
  let s = ""
  const n = r.int(0, 6)
  for (let i = 0; i < n; i++) s += r.chance(0.5) ? r.pick(NASTY) : r.alnum(r.int(1, 5))
  return s
}
const pageText = (rows: ReadonlyArray<ReadonlyArray<unknown>>): string =>
  `{"data":{"page":1,"page_size":5000,"page_total":9,"total":${rows.length * 9},"columns":${JSON.stringify(COLUMNS)},"rows":${JSON.stringify(rows)}}}`

describe("lastRowCursor (P9: the next page asked before the page is parsed)", () => {
  it("gives the parsed page's cursor, or none, over generated pages with the page's punctuation in their strings", () => {
    const r = new Prng(9)
    let read = 0
    for (let k = 0; k < 3000; k++) {
      const rows = Array.from({ length: r.int(1, 6) }, (_, i) => [
        r.uuid(),
        new Date(Date.UTC(2026, 0, 1) + i * 1000 + r.int(0, 999)).toISOString(),
        text(r),
        r.int(1, 1e9),
        r.chance(0.3) ? null : text(r)
      ])
      const t = pageText(rows)
      const last = rows[rows.length - 1] as unknown[]
      const want = `${String(last[1])}|${String(last[0])}`
      const got = lastRowCursor(t, spec)
      if (rows.length > 1 && got !== null) read++
      expect(got === null || got === want, `${t.slice(-200)} → ${got}`).toBe(true)
    }
    // most pages are read off their text (a single-row page has no "],[" and is never read so)
    expect(read).toBeGreaterThan(1500)
  })

  it("reads nothing off a page that is not a compact page, or is cut short", () => {
    const rows = [
      ["a", "2026-01-01T00:00:00.000Z", "x", 1, null],
      ["b", "2026-01-01T00:00:01.000Z", "y", 2, null]
    ]
    const t = pageText(rows)
    expect(lastRowCursor(t, spec)).toBe("2026-01-01T00:00:01.000Z|b")
    expect(lastRowCursor(t.slice(0, -1), spec)).toBeNull()
    expect(lastRowCursor(t.replace(",null]]}}", "]]}}"), spec)).toBeNull() // a row of another width
    expect(lastRowCursor(`{"data":{"page":1,"data":[{"id":"a"},{"id":"b"}]}}`, spec)).toBeNull()
    expect(lastRowCursor(t, { ...spec, compact: undefined } as unknown as TableSync<unknown>)).toBeNull()
  })
})
