/**
 * sync/SPEC.md P10 (one sync pass at a time) and P6b (what waits for the pass's end): OneAtATime's `busy` and
 * `idle()` — idle resolves only once no run goes and none is queued after it, busy says whether one goes.
 */
import { describe, expect, it } from "vitest"
import { OneAtATime } from "./one-at-a-time.ts"

const gate = () => {
  let open!: () => void
  const p = new Promise<void>((r) => (open = r))
  return { p, open }
}

describe("OneAtATime busy / idle (P10, P6b)", () => {
  it("idle waits for the run going and the one queued after it; busy follows the runs", async () => {
    const runs = new OneAtATime(() => true)
    expect(runs.busy).toBe(false)
    await runs.idle() // nothing going: at once
    const a = gate()
    const b = gate()
    const order: string[] = []
    void runs.run("sync", () => a.p.then(() => order.push("a")))
    void runs.run("sync", () => b.p.then(() => order.push("b"))) // queued after the first
    expect(runs.busy).toBe(true)
    let idle = false
    const waiting = runs.idle().then(() => {
      idle = true
      order.push("idle")
    })
    a.open()
    await new Promise((r) => setTimeout(r, 10))
    expect({ idle, busy: runs.busy }).toEqual({ idle: false, busy: true }) // the queued run started
    b.open()
    await waiting
    expect(order).toEqual(["a", "b", "idle"])
    expect(runs.busy).toBe(false)
  })

  it("a failed run ends the wait as well", async () => {
    const runs = new OneAtATime(() => true)
    void runs.run("sync", () => Promise.reject(new Error("down"))).catch(() => undefined)
    await runs.idle()
    expect(runs.busy).toBe(false)
  })
})
