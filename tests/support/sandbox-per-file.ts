/**
 * A seeded sandbox (small, in memory, quiet) on a random port for one test file's tests: started
 * before them, closed after (tests/integration; DESIGN "The sandbox users API"). Read `url` inside
 * tests and hooks: it is set once the sandbox runs. Vitest only: it registers the file's hooks.
 */
import { afterAll, beforeAll } from "vitest"
import { startSandbox, type Sandbox, type StartOptions } from "../../sandbox/server.ts"

export interface FileSandbox {
  /** The sandbox's origin, without a trailing slash. */
  readonly url: string
  readonly sandbox: Sandbox
}

export function sandboxForFile(o: StartOptions = {}): FileSandbox {
  let sb: Sandbox | undefined
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, log: false, ...o })
  })
  afterAll(async () => {
    await sb?.close()
  })
  const running = (): Sandbox => {
    if (sb === undefined) throw new Error("the sandbox starts in beforeAll: read it inside a test")
    return sb
  }
  return {
    get url() {
      return running().url.replace(/\/$/, "")
    },
    get sandbox() {
      return running()
    }
  }
}
