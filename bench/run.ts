/**
 * `npm run bench -- NAME…` (no name: all). Each benchmark writes bench/results/NAME.json and prints
 * one line `NAME: figure=value … (budget met|missed)`. Budgets from DESIGN "Budgets".
 *
 * Fails loudly (issue 33 item 7): a benchmark that throws, reports no result, or reports a figure
 * that is not a finite number prints `bench FAILED NAME: …` at once and again in a closing summary,
 * and the run exits 1. A missed budget is a figure, not a failure.
 */
import { benches } from "./benches.ts"
import { reported } from "./lib.ts"
import { figureProblem } from "./compare-lib.ts"

const names = process.argv.slice(2).filter((a) => !a.startsWith("-"))
const chosen = names.length ? names : Object.keys(benches)
const failures: string[] = []
const fail = (name: string, why: string) => {
  const line = `bench FAILED ${name}: ${why}`
  failures.push(line)
  console.error(line)
}
for (const n of chosen) {
  const b = benches[n]
  if (!b) {
    fail(n, `unknown benchmark; known: ${Object.keys(benches).join(", ")}`)
    continue
  }
  const before = reported.length
  try {
    await b()
  } catch (e) {
    if (e instanceof Error && e.stack) console.error(e.stack)
    fail(n, `error: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`)
    continue
  }
  const problem = figureProblem(reported.slice(before))
  if (problem) fail(n, problem)
}
if (failures.length) {
  console.error(`\nbench: ${failures.length} of ${chosen.length} benchmark(s) failed:`)
  for (const f of failures) console.error(`  ${f}`)
}
process.exit(failures.length ? 1 : 0)
