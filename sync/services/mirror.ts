/**
 * The engine's mirror (issue 11 "the engine as Effect services"; DESIGN "The sync engine"; sync/SPEC.md L1–L7):
 * the small synced lists of the user's store (`entities`) held in memory by kind and wallet, kept current from
 * RxDB's change stream, so a live query over them is a map read. Views read lists through the live queries
 * (sync/services/live-queries.ts), which lay the pending commands' overlays over these rows.
 */
import { Context, Effect, Layer } from "effect"
import { hasPermission } from "../../schema/permissions.ts"
import type { EntityDoc, UserDb } from "../store/db.ts"
import { EngineBus, type EngineBusShape } from "./bus.ts"

export class MirrorState {
  /** kind|wallet → id → doc. */
  private readonly buckets = new Map<string, Map<string, Record<string, unknown>>>()
  private sub: { unsubscribe(): void } | null = null

  constructor(private readonly bus: EngineBusShape) {}

  /** Load the stored rows and follow the store's changes. */
  async open(db: UserDb): Promise<void> {
    for (const d of await db.entities.find().exec()) this.put(d.toJSON() as EntityDoc)
    this.sub = db.entities.$.subscribe((ev) => {
      if (ev.operation === "DELETE") this.del(ev.documentData as EntityDoc)
      else this.put(ev.documentData as EntityDoc)
      this.bus.changed()
    })
  }

  /** Stop following the store (the rows stay until `clear`). */
  close(): void {
    this.sub?.unsubscribe()
    this.sub = null
  }

  clear(): void {
    this.buckets.clear()
  }

  bucket(kind: string, walletId: string): Map<string, Record<string, unknown>> {
    const k = `${kind}|${walletId}`
    let b = this.buckets.get(k)
    if (!b) {
      b = new Map()
      this.buckets.set(k, b)
    }
    return b
  }
  put(d: EntityDoc): void {
    this.bucket(d.kind, d.wallet_id).set(d.id, d.doc)
  }
  del(d: EntityDoc): void {
    this.bucket(d.kind, d.wallet_id).delete(d.id)
  }
  list<T>(kind: string, walletId = ""): T[] {
    return [...this.bucket(kind, walletId).values()] as T[]
  }

  /** The permission tags this user holds on a wallet (its synced `permission_actions`). */
  actionsFor(walletId: string): string[] {
    return this.list<{ tag: string }>("permission_actions", walletId).map((a) => a.tag)
  }
  can(walletId: string, tag: string): boolean {
    return hasPermission(this.actionsFor(walletId), tag)
  }
}

export class Mirror extends Context.Service<Mirror, MirrorState>()("sync/Mirror") {
  static readonly layer: Layer.Layer<Mirror, never, EngineBus> = Layer.effect(
    Mirror,
    Effect.gen(function* () {
      return new MirrorState(yield* EngineBus)
    })
  )
}
