/**
 * Issue 33 item 7: the pure parts of `npm run bench:compare` (bench/compare-lib.ts) — its
 * arguments, medians, the ratio working/ref, the table — and what `npm run bench` counts as a
 * benchmark that produced no figure.
 */
import { describe, expect, it } from "vitest"
import {
  DEFAULT_ROUNDS,
  addSamples,
  figureProblem,
  fmt,
  formatTable,
  median,
  parseCompareArgs,
  ratio,
  sidesInRound,
  stamp,
  summarize,
  type Samples
} from "../../bench/compare-lib.ts"

describe("bench:compare arguments (issue 33 item 7)", () => {
  it("a reference, then names; 3 rounds by default", () => {
    expect(parseCompareArgs(["main", "sync-100k", "filter-1m"])).toEqual({
      ref: "main",
      names: ["sync-100k", "filter-1m"],
      rounds: DEFAULT_ROUNDS,
      keepWorktree: false,
      npmCi: false
    })
    expect(DEFAULT_ROUNDS).toBe(3)
  })
  it("--rounds N and --rounds=N anywhere; the flags", () => {
    expect(parseCompareArgs(["HEAD~3", "--rounds", "5", "days-ahead-recompute"]).rounds).toBe(5)
    expect(parseCompareArgs(["--rounds=2", "HEAD~3"])).toMatchObject({ ref: "HEAD~3", names: [], rounds: 2 })
    expect(parseCompareArgs(["main", "--keep-worktree", "--npm-ci"])).toMatchObject({ keepWorktree: true, npmCi: true })
  })
  it("a bare -- is skipped and a name given twice runs once", () => {
    expect(parseCompareArgs(["--", "main", "a", "a", "b"]).names).toEqual(["a", "b"])
  })
  it("refuses no reference, a bad round count and an unknown option", () => {
    expect(() => parseCompareArgs([])).toThrow(/no reference/)
    expect(() => parseCompareArgs(["main", "--rounds"])).toThrow(/--rounds/)
    expect(() => parseCompareArgs(["main", "--rounds", "0"])).toThrow(/--rounds/)
    expect(() => parseCompareArgs(["main", "--rounds", "2.5"])).toThrow(/--rounds/)
    expect(() => parseCompareArgs(["main", "--rounds=x"])).toThrow(/--rounds/)
    expect(() => parseCompareArgs(["main", "--fast"])).toThrow(/unknown option --fast/)
  })
})

describe("bench:compare order, median and ratio (issue 33 item 7)", () => {
  it("the sides alternate which goes first", () => {
    expect(sidesInRound(0)).toEqual(["ref", "working"])
    expect(sidesInRound(1)).toEqual(["working", "ref"])
    expect(sidesInRound(2)).toEqual(["ref", "working"])
  })
  it("median of odd and even counts, unsorted input, non-finite values left out", () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([5])).toBe(5)
    expect(median([NaN, 7, Infinity, 1])).toBe(4)
    expect(median([])).toBeNaN()
  })
  it("ratio is working/ref; NaN without both or with a zero reference", () => {
    expect(ratio(3, 2)).toBe(1.5)
    expect(ratio(1, 4)).toBe(0.25)
    expect(ratio(1, 0)).toBeNaN()
    expect(ratio(NaN, 2)).toBeNaN()
    expect(ratio(2, NaN)).toBeNaN()
  })
})

describe("bench:compare table (issue 33 item 7)", () => {
  const ref: Samples = {}
  const working: Samples = {}
  for (const [p50, p95] of [
    [30, 60],
    [34, 70],
    [29, 50]
  ] as const)
    addSamples(ref, [{ name: "statements-keystroke-1m", figures: { p50_ms: p50, p95_ms: p95 } }])
  for (const [p50, p95] of [
    [15, 30],
    [16, 35],
    [14.5, 33]
  ] as const)
    addSamples(working, [{ name: "statements-keystroke-1m", figures: { p50_ms: p50, p95_ms: p95, n: 200 } }])

  it("one row per figure of either side, medians and ratio", () => {
    const rows = summarize(ref, working)
    expect(rows.map((r) => r.figure)).toEqual(["statements-keystroke-1m.p50_ms", "statements-keystroke-1m.p95_ms", "statements-keystroke-1m.n"])
    expect(rows[0]).toMatchObject({ ref: 30, working: 15, ratio: 0.5 })
    expect(rows[1]).toMatchObject({ ref: 60, working: 33, ratio: 0.55 })
    expect(rows[2]?.ref).toBeNaN() // only the working tree reports n
    expect(rows[2]?.ratio).toBeNaN()
  })
  it("prints aligned columns: figure, both medians, ratio, ranges", () => {
    const t = formatTable(summarize(ref, working), { ref: "main (abc1234)", working: "def5678+changes" })
    const lines = t.split("\n")
    expect(lines[0]).toMatch(/^figure\s+ref main \(abc1234\)\s+working def5678\+changes\s+working\/ref\s+ref range\s+working range$/)
    expect(lines[1]).toMatch(/^-+( {2}-+){5}$/)
    expect(lines[2]).toMatch(/^statements-keystroke-1m\.p50_ms\s+30\s+15\s+0\.50×\s+29–34 n=3\s+14\.5–16 n=3$/)
    expect(lines[3]).toMatch(/^statements-keystroke-1m\.p95_ms\s+60\s+33\s+0\.55×\s+50–70 n=3\s+30–35 n=3$/)
    expect(lines[4]).toMatch(/^statements-keystroke-1m\.n\s+—\s+200\s+—\s+n=0\s+200 n=3$/)
    // the ratio column ends at the same place on every line
    const end = (l: string) => l.indexOf("working/ref") + "working/ref".length
    for (const l of lines.slice(2)) expect(l.slice(0, end(lines[0] as string)).trimEnd().length).toBe(end(lines[0] as string))
  })
  it("figures: integers as they are, at most 2 decimals from 1, 3 significant digits below", () => {
    expect(fmt(1234)).toBe("1234")
    expect(fmt(123.456)).toBe("123")
    expect(fmt(5.234)).toBe("5.23")
    expect(fmt(10.7)).toBe("10.7")
    expect(fmt(0.01234)).toBe("0.0123")
    expect(fmt(0.30000000074505806)).toBe("0.3")
    expect(fmt(NaN)).toBe("—")
  })
  it("the result file's timestamp has no colon", () => {
    expect(stamp(new Date("2026-11-27T18:45:03.123Z"))).toBe("2026-11-27T18-45-03Z")
  })
})

describe("npm run bench fails a benchmark with no figure (issue 33 item 7)", () => {
  it("no result, a result without figures, a figure that is not a finite number", () => {
    expect(figureProblem([])).toMatch(/no figure/)
    expect(figureProblem([{ name: "x", figures: {} }])).toMatch(/no figure \(result x has none\)/)
    expect(figureProblem([{ name: "x", figures: { p95_ms: NaN, n: 0 } }])).toBe("no figure: x.p95_ms=NaN")
    expect(figureProblem([{ name: "x", figures: { p95_ms: null } }])).toBe("no figure: x.p95_ms=null") // NaN as JSON reads back
  })
  it("accepts finite figures, zero included, over several results", () => {
    expect(
      figureProblem([
        { name: "sync-1m", figures: { seconds: 50 } },
        { name: "reopen-1m", figures: { image_rows: 0 } }
      ])
    ).toBeNull()
  })
})
