/**
 * `npm run bench -- NAME…` (no name: all). Each benchmark writes bench/results/NAME.json and prints
 * one line `NAME: figure=value … (budget met|missed)`. Budgets from DESIGN "Budgets".
 */
import { benches } from "./benches.ts"

const names = process.argv.slice(2).filter((a) => !a.startsWith("-"))
const chosen = names.length ? names : Object.keys(benches)
let failed = 0
for (const n of chosen) {
  const b = benches[n]
  if (!b) {
    console.error(`unknown benchmark ${n}; known: ${Object.keys(benches).join(", ")}`)
    failed++
    continue
  }
  try {
    await b()
  } catch (e) {
    failed++
    console.error(`${n}: error ${e instanceof Error ? e.stack : String(e)}`)
  }
}
process.exit(failed ? 1 : 0)
