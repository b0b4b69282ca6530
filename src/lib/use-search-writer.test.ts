/**
 * src/lib/use-search-writer.ts: the base of a URL write while earlier writes have not rendered yet, checked against a
 * naive model over generated sequences of writes and renders (in order, superseded, or from elsewhere).
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { settlePending, writeBase } from "./use-search-writer.ts"

describe("use-search-writer", () => {
  it("a write builds on the last one asked for until it renders; a navigation from elsewhere wins", () => {
    expect(writeBase([], "a=1")).toBe("a=1")
    expect(writeBase(["a=2", "a=3"], "a=1")).toBe("a=3")
    expect(settlePending(["a=2", "a=3"], "a=2")).toEqual(["a=3"])
    expect(settlePending(["a=2", "a=3"], "a=3")).toEqual([])
    expect(settlePending(["a=2", "a=3"], "b=9")).toEqual([])
  })

  it("over generated writes and renders, each write's base is the newest state asked for or rendered since", () => {
    const g = new Prng(41)
    for (let run = 0; run < 300; run++) {
      let pending: string[] = []
      let rendered = "v=0"
      // the naive model: the newest params anyone set (a write here or a navigation from elsewhere)
      let newest = rendered
      const asked: string[] = []
      let n = 0
      for (let step = 0; step < 30; step++) {
        const r = g.next()
        if (r < 0.5) {
          expect(writeBase(pending, rendered)).toBe(newest)
          const out = `v=${++n}`
          pending = [...pending, out]
          asked.push(out)
          newest = out
        } else if (r < 0.85 && asked.length > 0) {
          // the router renders one of the writes still to render, in order (a superseded one may be skipped)
          const k = g.int(0, asked.length - 1)
          rendered = asked[k] as string
          asked.splice(0, k + 1)
          pending = settlePending(pending, rendered)
        } else if (r >= 0.85) {
          // a link or Back: params nobody here asked for
          rendered = `x=${++n}`
          asked.length = 0
          pending = settlePending(pending, rendered)
          newest = rendered
        }
      }
    }
  })
})
