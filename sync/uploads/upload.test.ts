/**
 * The resumable upload (DESIGN "Uploads are commands too"; spec features §3 storage multipart, §7
 * storage calls; sync/uploads/upload.ts U1–U5) against a fake storage server: parts the server holds
 * are never sent again after a drop, the file is assembled and completed exactly once (also when a
 * complete's answer is lost), an abort stops it and aborts the server's upload, a pause holds the
 * parts until resumed — alone and as a command through the outbox pipeline (C2, C4, RP1).
 */
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { FakeUploadServer, fileBytes } from "../../tests/support/upload-fakes.ts"
import { makeVirtualClock } from "../../tests/support/outbox-fakes.ts"
import { Clock, Random } from "effect"
import type { Command } from "../../schema/commands.ts"
import { createKey, completeKey, MIN_PART_SIZE, partSizeFor, runUpload, type UploadEnv, type UploadFile, type UploadProgress } from "./upload.ts"
import { UploadBoard } from "./board.ts"
import { MemoryFileStore } from "./file-store.ts"
import { runCommand } from "../outbox/pipeline.ts"
import { CommandTransport, MemoryOutboxStore, OutboxStore, PinPrompt } from "../outbox/ports.ts"
import { commandDef } from "../commands/registry.ts"
import { makeTransport } from "../commands/transport.ts"
import type { ApiClient } from "../api/client.ts"

const same = (a: Uint8Array | null, b: Uint8Array): boolean => a !== null && a.length === b.length && a.every((x, i) => x === b[i])
const PART = MIN_PART_SIZE
const SIZE = PART * 4 + 1000 // 5 parts, the last one short

const setup = async (server: FakeUploadServer, size = SIZE) => {
  const files = new MemoryFileStore()
  const board = new UploadBoard(files, () => undefined)
  const bytes = fileBytes(size)
  const key = await board.put(new Blob([bytes]), "report.xml", "application/xml", "2026-01-01T00:00:00Z")
  const f: UploadFile = { file_key: key, file_name: "report.xml", content_type: "application/xml", size, part_size: PART, purpose: "endr-report" }
  const cmd = { id: "cmd-1", wallet_id: "w-1" }
  await board.follow([
    { id: cmd.id, state: "sending", created_at: "", body: { name: "v1.betting.sendReport", payload: { ...f, meta: { report_date: "2026-01-01" } } } }
  ])
  return { board, files, bytes, f, cmd, env: board.env(server.server) as UploadEnv }
}

describe("resumable upload (DESIGN 'Uploads are commands too', features §7 storage)", () => {
  it("U1–U4 sends every part once, completes once, and the server holds the same bytes", async () => {
    const fake = new FakeUploadServer()
    const { env, f, cmd, bytes } = await setup(fake)
    const file = await Effect.runPromise(runUpload(env, cmd, f))
    expect(file.size).toBe(SIZE)
    expect(fake.puts.map((p) => p.part)).toEqual([1, 2, 3, 4, 5])
    expect(fake.assembledCount).toBe(1)
    expect(fake.completes).toEqual([completeKey(cmd.id)])
    expect(same(fake.only().bytes, bytes)).toBe(true)
  })

  it("U2 after a drop mid-upload, a new run sends only the parts the server does not hold", async () => {
    const fake = new FakeUploadServer({ dropPut: (n) => n === 3 })
    const { env, f, cmd, bytes } = await setup(fake)
    const first = await Effect.runPromiseExit(runUpload(env, cmd, f))
    expect(Exit.isFailure(first)).toBe(true)
    expect(fake.puts.map((p) => p.part)).toEqual([1, 2])
    const progress: UploadProgress[] = []
    const watched: UploadEnv = { ...env, local: { ...env.local, progress: (_id, p) => progress.push(p) } }
    await Effect.runPromise(runUpload(watched, cmd, f))
    for (const n of [1, 2, 3, 4, 5]) expect(fake.putsOf(n)).toBe(1)
    expect(progress[progress.length - 1]).toMatchObject({ phase: "done", resumedParts: 2, partsSentThisRun: 3, sentBytes: SIZE })
    expect(fake.uploads.size).toBe(1) // U1: the same upload (same create key), not a second one
    expect(fake.assembledCount).toBe(1)
    expect(same(fake.only().bytes, bytes)).toBe(true)
  })

  it("U4 a complete whose answer was lost is completed once: the rerun sends no part and the file is assembled once", async () => {
    const fake = new FakeUploadServer({ loseCompleteAnswers: 1 })
    const { env, f, cmd } = await setup(fake)
    expect(Exit.isFailure(await Effect.runPromiseExit(runUpload(env, cmd, f)))).toBe(true)
    const puts = fake.puts.length
    const file = await Effect.runPromise(runUpload(env, cmd, f))
    expect(file.id).toBe(fake.only().upload.file_id)
    expect(fake.puts.length).toBe(puts)
    expect(fake.assembledCount).toBe(1)
    expect(fake.completes).toEqual([completeKey(cmd.id), completeKey(cmd.id)])
  })

  it("U5 abort: the run stops before the next part, aborts the server's upload and fails UPLOAD_ABORTED", async () => {
    const fake = new FakeUploadServer()
    const { env, f, cmd, board } = await setup(fake)
    let parts = 0
    const stopping: UploadEnv = {
      ...env,
      local: {
        ...env.local,
        progress: (_id, p) => {
          if (p.phase === "sending" && p.partsSentThisRun === 2 && parts++ === 0) void board.control(cmd.id, "abort")
        }
      }
    }
    const exit = await Effect.runPromiseExit(runUpload(stopping, cmd, f))
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toContain("UPLOAD_ABORTED")
    expect(fake.puts.length).toBe(2)
    expect(fake.aborts).toEqual([fake.only().upload.upload_id])
    expect(fake.assembledCount).toBe(0)
  })

  it("pause holds the parts (persisted with the file) until resumed", async () => {
    const fake = new FakeUploadServer()
    const { env, f, cmd, board, files } = await setup(fake)
    await board.control(cmd.id, "pause")
    expect((await files.get(f.file_key))?.paused).toBe(true)
    const running = Effect.runPromise(runUpload(env, cmd, f))
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0))
    expect(fake.puts.length).toBe(0)
    await board.control(cmd.id, "resume")
    await running
    expect(fake.puts.length).toBe(5)
    expect(fake.assembledCount).toBe(1)
  })

  it("part size: at most 100 parts of at least 256 KiB (core §9 'multipart size 100', D-uploads-part-size)", () => {
    expect(partSizeFor(1000)).toBe(MIN_PART_SIZE)
    expect(Math.ceil((50 * 1024 * 1024) / partSizeFor(50 * 1024 * 1024))).toBeLessThanOrEqual(100)
    expect(createKey("c")).not.toBe(completeKey("c"))
  })

  it("C2 RP1 as a command through the outbox pipeline: a drop mid-upload is retried, parts are sent once, the report is registered once under the command id", async () => {
    const fake = new FakeUploadServer({ dropPut: (n) => n === 2 || n === 4 })
    const { board, f } = await setup(fake)
    const finishes: string[] = []
    const def = commandDef("v1.betting.sendReport")
    if (!def) throw new Error("v1.betting.sendReport is not registered")
    const cmd: Command = {
      id: "cmd-1",
      user_id: "u-1",
      wallet_id: "w-1",
      created_at: "2026-01-01T00:00:00Z",
      body: { name: "v1.betting.sendReport", payload: { ...f, meta: { report_date: "2026-01-01" } } }
    }
    const api = {
      call: (id: string, args: { transactionUuid?: string }) => {
        finishes.push(`${id}:${args.transactionUuid}`)
        return Effect.succeed({ data: {} })
      }
    } as unknown as ApiClient
    const transport = { ...makeTransport(api, () => "u-1", board.env(fake.server)), verifyPin: () => Effect.succeed({ token: "t", expiresInMs: 120_000 }) }
    const store = new MemoryOutboxStore()
    const clock = makeVirtualClock()
    const state = await Effect.runPromise(
      runCommand(cmd).pipe(
        Effect.provideService(OutboxStore, store),
        Effect.provideService(CommandTransport, transport),
        Effect.provideService(PinPrompt, { ask: () => Effect.succeed(null) }),
        Effect.provideService(Clock.Clock, clock.clock),
        Random.withSeed(1)
      )
    )
    expect(state).toBe("confirmed")
    for (const n of [1, 2, 3, 4, 5]) expect(fake.putsOf(n)).toBe(1)
    expect(fake.assembledCount).toBe(1)
    expect(finishes).toEqual([`endrReportCreate:${cmd.id}`])
  })
})
