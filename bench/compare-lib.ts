/**
 * The pure parts of `npm run bench:compare` (issue 33 item 7; bench/compare.ts runs the benchmarks):
 * its arguments, the order of the sides in a round, medians, the ratio and the table. Also what
 * `npm run bench` counts as a benchmark that produced no figure. Tested in tests/unit/bench-compare.test.ts.
 */

export type Side = "ref" | "working"

export interface CompareArgs {
  /** The reference: any git revision (main, HEAD~3, a sha). */
  readonly ref: string
  /** The benchmarks to run; empty: every benchmark of the working tree. */
  readonly names: ReadonlyArray<string>
  readonly rounds: number
  /** Leave the reference worktree in place (its path is printed) instead of removing it. */
  readonly keepWorktree: boolean
  /** `npm ci` in the reference worktree even when its package-lock.json is the working tree's. */
  readonly npmCi: boolean
}

export const DEFAULT_ROUNDS = 3

export const COMPARE_USAGE =
  "usage: npm run bench:compare -- <ref> [name…] [--rounds N] [--keep-worktree] [--npm-ci]\n" +
  "  builds <ref> in a temporary git worktree, runs each named benchmark on it and on the working tree\n" +
  `  alternately (${DEFAULT_ROUNDS} rounds each by default), prints each figure's medians and working/ref`

/** Parses the arguments after `--`; throws an Error whose message says what is wrong. */
export function parseCompareArgs(argv: ReadonlyArray<string>): CompareArgs {
  const positional: string[] = []
  let rounds = DEFAULT_ROUNDS
  let keepWorktree = false
  let npmCi = false
  const roundsOf = (v: string | undefined): number => {
    const n = v !== undefined && /^\d+$/.test(v) ? Number(v) : NaN
    if (!Number.isInteger(n) || n < 1) throw new Error(`--rounds wants a whole number ≥ 1, got ${v === undefined ? "nothing" : JSON.stringify(v)}`)
    return n
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === "--rounds") rounds = roundsOf(argv[++i])
    else if (a.startsWith("--rounds=")) rounds = roundsOf(a.slice("--rounds=".length))
    else if (a === "--keep-worktree") keepWorktree = true
    else if (a === "--npm-ci") npmCi = true
    else if (a === "--") continue
    else if (a.startsWith("-")) throw new Error(`unknown option ${a}`)
    else positional.push(a)
  }
  const [ref, ...names] = positional
  if (ref === undefined) throw new Error("no reference given")
  return { ref, names: [...new Set(names)], rounds, keepWorktree, npmCi }
}

/** Which side runs first in a round (0-based): the reference in rounds 1, 3, … as printed, the working tree in rounds 2, 4, …, so neither always runs on a warmer (or busier) machine. */
export const sidesInRound = (round: number): readonly [Side, Side] => (round % 2 === 0 ? ["ref", "working"] : ["working", "ref"])

export function median(xs: ReadonlyArray<number>): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

/** working / ref; NaN when either is missing or the reference is 0 (no ratio to speak of). */
export function ratio(working: number, ref: number): number {
  if (!Number.isFinite(working) || !Number.isFinite(ref) || ref === 0) return NaN
  return working / ref
}

/** A result as a benchmark reports it (bench/lib.ts `report`, and each result file). */
export interface ReportedResult {
  readonly name: string
  readonly figures: Readonly<Record<string, number | null>>
}

/** Why a benchmark's results hold no usable figure, or null when they do: none reported, a result without figures, or a figure that is not a finite number. */
export function figureProblem(results: ReadonlyArray<ReportedResult>): string | null {
  if (results.length === 0) return "no figure (the benchmark reported no result)"
  for (const r of results) {
    const entries = Object.entries(r.figures)
    if (entries.length === 0) return `no figure (result ${r.name} has none)`
    const bad = entries.filter(([, v]) => typeof v !== "number" || !Number.isFinite(v))
    if (bad.length) return `no figure: ${bad.map(([k, v]) => `${r.name}.${k}=${String(v)}`).join(", ")}`
  }
  return null
}

/** Samples of one side: `result.figure` → one value per round. */
export type Samples = Record<string, number[]>

/** Adds one run's results to a side's samples (keys `result.figure`). */
export function addSamples(into: Samples, results: ReadonlyArray<ReportedResult>): void {
  for (const r of results)
    for (const [k, v] of Object.entries(r.figures)) {
      if (typeof v !== "number" || !Number.isFinite(v)) continue
      ;(into[`${r.name}.${k}`] ??= []).push(v)
    }
}

export interface Row {
  readonly figure: string
  readonly ref: number
  readonly working: number
  readonly ratio: number
  readonly refValues: ReadonlyArray<number>
  readonly workingValues: ReadonlyArray<number>
}

/** One row per figure either side reported, in the order first seen (the reference's, then any only the working tree has). */
export function summarize(ref: Samples, working: Samples): Row[] {
  const keys = [...new Set([...Object.keys(ref), ...Object.keys(working)])]
  return keys.map((figure) => {
    const r = ref[figure] ?? []
    const w = working[figure] ?? []
    const mr = median(r)
    const mw = median(w)
    return { figure, ref: mr, working: mw, ratio: ratio(mw, mr), refValues: r, workingValues: w }
  })
}

/** A figure as the table shows it: integers as they are, at most 2 decimals from 1 to 100 (15.25, 10.7), none above, 3 significant digits below 1 (0.3, 0.0123); missing: "—". */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return "—"
  if (Number.isInteger(x)) return String(x)
  const a = Math.abs(x)
  if (a >= 100) return x.toFixed(0)
  if (a >= 1) return String(Number(x.toFixed(2)))
  return String(Number(x.toPrecision(3)))
}

const fmtRatio = (x: number): string => (Number.isFinite(x) ? `${x.toFixed(2)}×` : "—")
const spread = (xs: ReadonlyArray<number>): string => {
  if (!xs.length) return "n=0"
  const lo = fmt(Math.min(...xs))
  const hi = fmt(Math.max(...xs))
  return `${lo === hi ? lo : `${lo}–${hi}`} n=${xs.length}`
}

/** The table: figure, both medians, working/ref, and each side's range and count of samples. */
export function formatTable(rows: ReadonlyArray<Row>, labels: { readonly ref: string; readonly working: string }): string {
  const head = ["figure", `ref ${labels.ref}`, `working ${labels.working}`, "working/ref", "ref range", "working range"]
  const body = rows.map((r) => [r.figure, fmt(r.ref), fmt(r.working), fmtRatio(r.ratio), spread(r.refValues), spread(r.workingValues)])
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)))
  // text columns left, numbers right
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((c, i) => (i === 0 || i >= 4 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join("  ")
      .trimEnd()
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n")
}

/** A file-name-safe UTC timestamp: 2026-11-27T18-45-03Z. */
export const stamp = (d: Date): string =>
  d
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-")
