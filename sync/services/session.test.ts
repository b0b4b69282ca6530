/**
 * The signed-in session as one scope (issue 29 item 2; docs/decisions.md D-worker-boundary; sync/SPEC.md S4, EN1):
 * what the engine opens for a session is released, last first, when the session ends, told whether the data is wiped.
 */
import { describe, expect, it, vi } from "vitest"
import { makeBus } from "./bus.ts"
import { SessionState, type SessionEnd } from "./session.ts"

const session = () => {
  const bus = makeBus()
  const state = new SessionState({ storage: {} as never, onSession: () => undefined }, bus)
  return { bus, state }
}

describe("S4 EN1 the session as a scope", () => {
  it("S4 ending the session releases every part it acquired, last first, told how it ended", async () => {
    const { state } = session()
    const log: string[] = []
    const scope = state.beginScope()
    for (const name of ["store", "mirror", "outbox", "stream"])
      await state.acquire(
        scope,
        name,
        async () => name,
        (end: SessionEnd, opened) => log.push(`${String(opened)}:${end}`)
      )
    await state.endScope("wipe")
    expect(log).toEqual(["stream:wipe", "outbox:wipe", "mirror:wipe", "store:wipe"])
    // a second end is nothing; a part asked for after the end is not opened
    await state.endScope("keep")
    const open = vi.fn(async () => 1)
    expect(await state.acquire(scope, "late", open, () => undefined)).toBeNull()
    expect(open).not.toHaveBeenCalled()
    expect(log).toHaveLength(4)
  })

  it("S4 a part still opening when the session ends is released once it has opened; a new session has a scope of its own", async () => {
    const { state } = session()
    const log: string[] = []
    const scope = state.beginScope()
    let opened!: () => void
    const opening = state.acquire(
      scope,
      "slow",
      () =>
        new Promise<string>((r) => {
          opened = () => r("slow")
        }),
      (end, a) => log.push(`${String(a)}:${end}`)
    )
    const ended = state.endScope("keep")
    await Promise.resolve()
    expect(log).toEqual([])
    opened()
    await ended
    await opening
    expect(log).toEqual(["slow:keep"])
    const next = state.beginScope()
    expect(next).not.toBe(scope)
    expect(
      await state.acquire(
        next,
        "again",
        async () => "again",
        () => undefined
      )
    ).toBe("again")
  })

  it("EN1 a release that fails is noted and the others still run", async () => {
    const { state, bus } = session()
    const log: string[] = []
    const scope = state.beginScope()
    await state.acquire(
      scope,
      "first",
      async () => 1,
      () => log.push("first")
    )
    await state.acquire(
      scope,
      "broken",
      async () => 2,
      () => {
        throw new Error("boom")
      }
    )
    await state.acquire(
      scope,
      "last",
      async () => 3,
      () => log.push("last")
    )
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    await state.endScope("wipe")
    warn.mockRestore()
    expect(log).toEqual(["last", "first"])
    expect(bus.problems.map((p) => p.where)).toContain("broken")
  })
})
