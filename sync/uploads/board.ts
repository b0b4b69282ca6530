/**
 * The engine's side of uploads (DESIGN "Uploads are commands too"): the local file store, each
 * upload's progress, and the user's pause / resume / abort, which the upload run reads before each
 * part (sync/uploads/upload.ts UploadLocal). Views see it as the `uploads` live query and act on it
 * through the worker; they never touch the store. A file stays in the store until its command is
 * confirmed, rejected or cancelled (a `failed` one keeps it: the user may retry).
 */
import { Effect } from "effect"
import type { CommandState } from "../../schema/commands.ts"
import type { FileStore, StoredFileRecord } from "./file-store.ts"
import type { UploadEnv, UploadProgress, UploadServer } from "./upload.ts"
import { baseUploadId, extraUploadId, isUploadPayload, type ExtraUploadFile } from "./define-upload.ts"

const extrasOf = (p: unknown): ReadonlyArray<ExtraUploadFile> => (p as { extra_files?: ReadonlyArray<ExtraUploadFile> }).extra_files ?? []

export type { UploadProgress } from "./upload.ts"

export interface UploadView {
  readonly commandId: string
  readonly name: string
  readonly fileName: string
  readonly state: CommandState
  readonly error_key?: string
  readonly paused: boolean
  readonly progress: UploadProgress | null
  readonly created_at: string
  readonly meta: unknown
}

interface CommandLike {
  readonly id: string
  readonly state: CommandState
  readonly error_key?: string
  readonly created_at: string
  readonly body: { readonly name: string; readonly payload: unknown }
}

const TERMINAL_DROP: ReadonlySet<CommandState> = new Set(["confirmed", "rejected", "cancelled"])

export class UploadBoard {
  private readonly progress = new Map<string, UploadProgress>()
  private readonly paused = new Map<string, boolean>()
  private readonly aborted = new Set<string>()
  private readonly waiters = new Map<string, Array<() => void>>()
  /** Command id → file key, from the commands seen. */
  private readonly fileOf = new Map<string, string>()

  constructor(
    readonly files: FileStore,
    private readonly changed: () => void
  ) {}

  /** Keep a file for an upload command about to be submitted; answers its key. */
  async put(blob: Blob, name: string, type: string, now: string): Promise<string> {
    const key = globalThis.crypto.randomUUID()
    const rec: StoredFileRecord = { key, blob, name, type, size: blob.size, paused: false, created_at: now }
    await this.files.put(rec)
    return key
  }

  env(server: UploadServer): UploadEnv {
    return {
      server,
      local: {
        blob: (fileKey) => Effect.promise(() => this.files.get(fileKey)).pipe(Effect.map((r) => r?.blob)),
        gate: (runId) => Effect.promise(() => this.gate(baseUploadId(runId))),
        progress: (commandId, p) => {
          this.progress.set(commandId, p)
          this.changed()
        }
      }
    }
  }

  private async gate(commandId: string): Promise<"go" | "abort"> {
    for (;;) {
      if (this.aborted.has(commandId)) return "abort"
      if (!(await this.isPaused(commandId))) return "go"
      await new Promise<void>((resolve) => {
        const l = this.waiters.get(commandId) ?? []
        l.push(resolve)
        this.waiters.set(commandId, l)
      })
    }
  }

  private async isPaused(commandId: string): Promise<boolean> {
    const known = this.paused.get(commandId)
    if (known !== undefined) return known
    const key = this.fileOf.get(commandId)
    const rec = key ? await this.files.get(key) : undefined
    const p = rec?.paused ?? false
    this.paused.set(commandId, p)
    return p
  }

  private wake(commandId: string): void {
    const l = this.waiters.get(commandId) ?? []
    this.waiters.delete(commandId)
    for (const w of l) w()
  }

  /** Pause (persisted with the file: a reload keeps it paused), resume, or abort an upload. */
  async control(commandId: string, action: "pause" | "resume" | "abort"): Promise<void> {
    const key = this.fileOf.get(commandId)
    if (action === "abort") this.aborted.add(commandId)
    else {
      this.paused.set(commandId, action === "pause")
      if (key) await this.files.setPaused(key, action === "pause")
    }
    this.wake(commandId)
    this.changed()
  }

  /** Follow the commands: learn their files, and drop a file once its command is over. */
  async follow(commands: ReadonlyArray<CommandLike>): Promise<void> {
    for (const c of commands) {
      if (!isUploadPayload(c.body.payload)) continue
      const key = c.body.payload.file_key
      this.fileOf.set(c.id, key)
      if (TERMINAL_DROP.has(c.state)) {
        for (const x of extrasOf(c.body.payload)) {
          this.progress.delete(extraUploadId(c.id, x.slot))
          await this.files.delete(x.file_key).catch(() => undefined)
        }
        this.progress.delete(c.id)
        this.paused.delete(c.id)
        this.aborted.delete(c.id)
        await this.files.delete(key).catch(() => undefined)
      } else if (!this.paused.has(c.id)) {
        const rec = await this.files.get(key)
        this.paused.set(c.id, rec?.paused ?? false)
      }
    }
  }

  views(commands: ReadonlyArray<CommandLike>): ReadonlyArray<UploadView> {
    return commands.flatMap((c) => {
      const p = c.body.payload
      if (!isUploadPayload(p)) return []
      return [
        {
          commandId: c.id,
          name: c.body.name,
          fileName: p.file_name,
          state: c.state,
          ...(c.error_key ? { error_key: c.error_key } : {}),
          paused: this.paused.get(c.id) ?? false,
          progress: this.summed(c.id, p),
          created_at: c.created_at,
          meta: p.meta
        }
      ]
    })
  }

  /** A command's progress over its files (the first and its extra files, in the order they go). */
  private summed(commandId: string, p: { readonly size: number }): UploadProgress | null {
    const first = this.progress.get(commandId) ?? null
    const extras = extrasOf(p)
    if (extras.length === 0 || first === null) return first
    const runs = extras.map((x) => ({ size: x.size, p: this.progress.get(extraUploadId(commandId, x.slot)) }))
    const last = [...runs].reverse().find((r) => r.p !== undefined)?.p
    const done = last?.phase === "done" && runs.every((r) => r.p !== undefined)
    return {
      phase: done ? "done" : first.phase === "done" ? (last?.phase === "done" ? "sending" : (last?.phase ?? "sending")) : first.phase,
      sentBytes: first.sentBytes + runs.reduce((a, r) => a + (r.p?.sentBytes ?? 0), 0),
      totalBytes: p.size + runs.reduce((a, r) => a + r.size, 0),
      resumedParts: first.resumedParts + runs.reduce((a, r) => a + (r.p?.resumedParts ?? 0), 0),
      partsSentThisRun: first.partsSentThisRun + runs.reduce((a, r) => a + (r.p?.partsSentThisRun ?? 0), 0)
    }
  }

  /** Stop waiting runs (the engine is closing: their fibers are interrupted anyway). */
  close(): void {
    for (const id of [...this.waiters.keys()]) this.wake(id)
  }
}
