/**
 * sync/SPEC.md EN2: the engine is made of Effect services, each a `Context.Service` built by its layer over the
 * services it names, so a part can be built alone over parts of a test's own. Here the live queries are built
 * over a bus that holds the test's failures and a session the test took offline; their answers come from those.
 */
import { Context, Effect, Layer } from "effect"
import { indexedDB } from "fake-indexeddb"
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import { describe, expect, it } from "vitest"
import { EngineBus, makeBus } from "./bus.ts"
import { Commands } from "./commands.ts"
import { LiveQueries } from "./live-queries.ts"
import { Mirror } from "./mirror.ts"
import { EngineEnvironment, Session, SessionState, type EngineEnv } from "./session.ts"
import { Stream } from "./stream.ts"
import { TableSync } from "./table-sync.ts"
import { engineLayer } from "../engine.ts"

const env: EngineEnv = { storage: getRxStorageDexie({ indexedDB }) as unknown as EngineEnv["storage"], onSession: () => undefined }

describe("EN2 the engine as services", () => {
  it("EN2 every part is built by engineLayer; with no session nothing is open and nothing is pulled", async () => {
    const ctx = Effect.runSync(Effect.scoped(Layer.build(engineLayer(env))))
    const session = Context.get(ctx, Session)
    const sync = Context.get(ctx, TableSync)
    expect(session).toBeInstanceOf(SessionState)
    expect(Context.get(ctx, Commands).outbox).toBeNull()
    expect(await sync.pullNamed("wallets", "")).toBe(0)
    expect(sync.progress.snapshot().lists).toEqual({})
    expect(Context.get(ctx, Mirror).list("wallets")).toEqual([])
  })

  it("EN2 the live queries built over a bus and a session of the test's own answer from them (EN1 problems, RT7 offline)", () => {
    const bus = makeBus()
    bus.noted("pull.table")({ _tag: "Forbidden", key: "WITHOUT_PERMISSION" })
    const own = new SessionState(env, bus)
    own.setOnline(false)
    const parts = Layer.mergeAll(EngineEnvironment.layer(env), Layer.succeed(EngineBus, bus), Layer.succeed(Session, own))
    const layer = LiveQueries.layer.pipe(
      Layer.provideMerge(Commands.layer),
      Layer.provideMerge(Stream.layer),
      Layer.provideMerge(TableSync.layer),
      Layer.provideMerge(Mirror.layer),
      Layer.provideMerge(parts)
    )
    const live = Context.get(Effect.runSync(Effect.scoped(Layer.build(layer))), LiveQueries)
    const progress = live.snapshot({ kind: "syncProgress" }) as { problems?: ReadonlyArray<{ where: string; key: string }> }
    expect(progress.problems?.map((p) => `${p.where}:${p.key}`)).toEqual(["pull.table:WITHOUT_PERMISSION"])
    expect(live.snapshot({ kind: "connection" })).toEqual({ online: false, stream: "down" })
    expect(live.snapshot({ kind: "session" })).toBeNull()
  })
})
