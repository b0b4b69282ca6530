/**
 * One simulated device of the soak (bench/soak.ts; issue 18): a child process running the real
 * engine (sync/engine.ts on RxDB over its own fake-indexeddb, as the integration suites do) for
 * one seeded user, sending a mix of the registry's commands through the outbox while the parent
 * turns the sandbox's fault switches on and off. It reloads its engine now and then (a new engine
 * on the same store replays what was in flight), sometimes in the middle of a submit, and reports
 * every command with its final state, the stream events it received and its peak memory.
 */
import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import { Effect } from "effect"
import { Engine, type EngineEnv } from "../sync/engine.ts"
import { Prng } from "../sandbox/prng.ts"
import { signIn } from "../tests/support/engine-helpers.ts"
import type { CommandBody, CommandName } from "../sync/commands/registry.ts"
import type { LedgerState } from "../schema/ledger.ts"
import type { SyncProgress } from "../sync/results.ts"
import { plans, type Peer, type PlanCtx } from "./soak-plans.ts"

export interface DeviceTask {
  readonly base: string
  readonly device: number
  readonly email: string
  /** payer: Pix by key; converter: conversions, keys and cards too; approver: Ana's queue; generalist: every other command of the registry in turn (bench/soak-plans.ts). */
  readonly role: "payer" | "converter" | "approver" | "generalist"
  readonly walletId: string
  /** Wallet whose approval queue an approver works (Ana's). */
  readonly queueWalletId: string
  readonly endAt: number
  readonly seed: number
  /** generalist: the other generalist's user (boletos issued to them, invitations). */
  readonly peer?: Peer
  /** generalist: incoming Pix on its wallet made before the start (devolutions). */
  readonly incomingPix?: ReadonlyArray<{ readonly id: string; readonly amount: number }>
}
export interface CommandRecord {
  readonly id: string
  readonly intent: string
  readonly name: string
  readonly walletId: string
  readonly submittedAt: number
  state: string
  settledAt: number | null
  errorKey: string | null
}
export interface DeviceReport {
  readonly device: number
  readonly email: string
  readonly commands: ReadonlyArray<CommandRecord>
  readonly submitErrors: ReadonlyArray<string>
  readonly eventIds: ReadonlyArray<number>
  readonly reloads: number
  readonly peakRssMb: number
  readonly peakHeapMb: number
  /** Each wallet's ledger check after the drain and a last statement pull (issue 30 item 8). */
  readonly ledger: Readonly<Record<string, LedgerState>>
}

const task = JSON.parse(process.argv[2] ?? "{}") as DeviceTask
const rng = new Prng(task.seed)
const idb = new IDBFactory() // this device's own browser storage
const storage = getRxStorageDexie({ indexedDB: idb, IDBKeyRange }) as unknown as EngineEnv["storage"]
const commands = new Map<string, CommandRecord>()
const submitErrors: string[] = []
const eventIds = new Set<number>()
let peakRss = 0
let peakHeap = 0
let reloads = 0
const sample = (): void => {
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed + m.external)
}

let engine: Engine
let me = ""
const open = async (): Promise<void> => {
  const e: Engine = new Engine({
    storage,
    onSession: () => undefined,
    indexedDB: idb as unknown as IDBFactory,
    onPinAsk: (id) => e.answerPin(id, { pin: "1234" })
  })
  e.configure(task.base, "pt")
  engine = e
  for (;;) {
    try {
      const session = await signIn(task.base, task.email)
      me = session.userId
      await e.start(session)
      return
    } catch {
      await sleep(500)
    } // the fault switches hit sign-in too
  }
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
const collectEvents = (): void => {
  for (const id of engine.receivedEventIds) eventIds.add(Number(id))
}

/** Follow a recorded command to its end on whichever engine is current (C6: a new engine replays it). */
const follow = (rec: CommandRecord): void => {
  void (async () => {
    for (;;) {
      const outbox = engine.commands
      if (outbox) {
        const exit = await Effect.runPromiseExit(outbox.settled(rec.id))
        if (exit._tag === "Success" && ["confirmed", "rejected", "failed", "cancelled"].includes(exit.value)) {
          rec.state = exit.value
          rec.settledAt = Date.now()
          const st = (await Effect.runPromise(outbox.statuses())).find((s) => s.command.id === rec.id)
          rec.errorKey = st?.latest?.error_key ?? null
          return
        }
      }
      await sleep(200) // the engine was closed under it: wait for the next one
    }
  })()
}

let n = 0
/** One user intent: a command with a dedupe key, submitted again once if the engine went away meanwhile (W3). */
async function intent(walletId: string, body: CommandBody, key?: string): Promise<void> {
  const dedupe = key ?? `soak:${task.device}:${n++}`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const id = await engine.submit(walletId, body, dedupe)
      if (!commands.has(id)) {
        const rec: CommandRecord = { id, intent: dedupe, name: body.name, walletId, submittedAt: Date.now(), state: "created", settledAt: null, errorKey: null }
        commands.set(id, rec)
        follow(rec)
      }
      return
    } catch (e) {
      submitErrors.push(`${body.name}: ${e instanceof Error ? e.message : JSON.stringify(e)}`)
      await sleep(300)
    }
  }
}

async function quote(walletId: string): Promise<string | null> {
  try {
    const r = (await engine.call("spotQuote", { walletId, query: { base: "BTC", quote: "BRL" } })) as { data: { quote_id: string } }
    return r.data.quote_id
  } catch {
    return null
  }
}

const SAO_PAULO_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" })
let counter = 0
const planCtx: PlanCtx = {
  rng,
  walletId: task.walletId,
  get me() {
    return me
  },
  email: task.email,
  peer: task.peer ?? { id: "", email: "", name: "", document: "" },
  incomingPix: task.incomingPix ?? [],
  rows: <R>(list: string, walletId?: string) => engine.listRows<R>(list, walletId ?? task.walletId),
  quote: () => quote(task.walletId),
  date: (days) => SAO_PAULO_DAY.format(new Date(Date.now() + days * 86_400_000)),
  businessDate: (days) => {
    for (let d = days; ; d++) {
      const day = SAO_PAULO_DAY.format(new Date(Date.now() + d * 86_400_000))
      const wd = new Date(`${day}T12:00:00Z`).getUTCDay()
      if (wd !== 0 && wd !== 6) return day
    }
  },
  putFile: (bytes, name, type) => engine.putFile(new Blob([bytes], { type }), name, type),
  next: () => counter++
}
/** The generalist's commands, in turn: every command of the registry the approvers do not send. */
const generalistNames = (Object.keys(plans) as CommandName[]).filter((n) => plans[n] !== "approver")
let turn = task.device

/** One command of the registry after the last one sent (skipping those with nothing to act on this round). */
async function generalistStep(): Promise<void> {
  for (let tries = 0; tries < generalistNames.length; tries++) {
    const name = generalistNames[turn++ % generalistNames.length]!
    const plan = plans[name]
    if (plan === "approver") continue
    const payload = await (plan as (c: PlanCtx) => unknown)(planCtx)
    if (payload === null) continue
    await intent(task.walletId, { name, payload } as CommandBody)
    return
  }
}

async function step(): Promise<void> {
  if (task.role === "generalist") return generalistStep()
  if (task.role === "approver") {
    const queue = engine.listRows<{ id: string; status: string; pendingDecision?: string; approvals: ReadonlyArray<{ user_id: string }> }>(
      "approval_requests",
      task.queueWalletId
    )
    // what this user has not decided yet (another of their devices may have)
    const open = queue.filter((r) => r.status === "started" && r.pendingDecision === undefined && !r.approvals.some((a) => a.user_id === me))
    const r = open[rng.int(0, Math.max(0, open.length - 1))]
    if (r) {
      const approve = rng.next() < 0.8
      await intent(
        task.queueWalletId,
        approve
          ? { name: "v1.approval.approve", payload: { request_id: r.id } }
          : { name: "v1.approval.reject", payload: { request_id: r.id, reason: "Soak" } },
        `approval:${r.id}`
      )
    }
    return
  }
  // the other areas' commands: a Pix key registered (or refused at the limit) and deleted; a card blocked and unblocked
  const extra = rng.next()
  if (task.role === "converter" && extra < 0.12) {
    const keys = engine
      .listRows<{ id: string; key: string; key_type: string }>("pix_keys", task.walletId)
      .filter((k) => k.key_type === "random" && !k.id.startsWith("pending:"))
    const k = keys[rng.int(0, Math.max(0, keys.length - 1))]
    if (k && rng.next() < 0.5) await intent(task.walletId, { name: "v1.pix.deleteKey", payload: { id: k.id, key: k.key } })
    else await intent(task.walletId, { name: "v1.pix.registerKey", payload: { key_type: "random" } })
    return
  }
  if (task.role === "converter" && extra < 0.2) {
    const cards = engine.listRows<{ id: string; status: string }>("cards", task.walletId).filter((c) => c.status === "activated" || c.status === "blocked")
    const c = cards[rng.int(0, Math.max(0, cards.length - 1))]
    if (c) await intent(task.walletId, { name: c.status === "activated" ? "v1.cards.block" : "v1.cards.unblock", payload: { card_id: c.id } })
    return
  }
  if (task.role === "converter" && rng.next() < 0.5) {
    const q = await quote(task.walletId)
    if (q)
      await intent(task.walletId, {
        name: "v1.coins.convert",
        payload: { quote_id: q, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: rng.int(20_000, 60_000), expected_to_amount: 1 }
      })
    return
  }
  // mostly small payments; now and then one at or above the approval minimum (a request for the approvers)
  const big = rng.next() < 0.08
  await intent(task.walletId, {
    name: "v1.pix.payByKey",
    payload: { key: `soak${rng.int(1, 999)}@example.com`, amount: big ? rng.int(200_000, 300_000) : rng.int(100, 3_000), description: "Soak" }
  })
}

async function main(): Promise<void> {
  await open()
  let nextReload = Date.now() + rng.int(30_000, 90_000)
  while (Date.now() < task.endAt) {
    sample()
    collectEvents() // the engine keeps its last 10 000 event ids only: gather them each step, not only at a reload
    if (Date.now() >= nextReload) {
      collectEvents()
      reloads++
      if (rng.next() < 0.5) {
        // the tab goes away while a submit is in flight
        const pending = step()
        await engine.close()
        await pending.catch(() => undefined)
      } else await engine.close()
      await open()
      nextReload = Date.now() + rng.int(30_000, 90_000)
      continue
    }
    await step().catch((e: unknown) => {
      submitErrors.push(String(e))
    })
    await sleep(rng.int(300, 1_500))
  }
  // drain: every recorded command reaches its end (the parent turned the faults off); a loaded machine may need
  // minutes, so the drain waits up to 10 (a command still open then is reported lost)
  const drainUntil = Date.now() + 600_000
  while ([...commands.values()].some((c) => c.settledAt === null) && Date.now() < drainUntil) {
    sample()
    collectEvents()
    await sleep(250)
  }
  await sleep(1_000)
  collectEvents()
  // the ledger: once every device has drained (the parent says so), a last pull of the statement, then its check
  // (1 s after a pull) must have run after it
  const final = new Promise<void>((resolve) => process.on("message", (m) => (m as { final?: true }).final === true && resolve()))
  process.send?.({ drained: true })
  while (!(await Promise.race([final.then(() => true), sleep(1_000).then(() => false)]))) collectEvents()
  const ledgerOf = () => (engine.snapshot({ kind: "syncProgress" }) as SyncProgress).ledger ?? {}
  // every wallet whose statement this device holds and may still read (its own, and one it joined by an invitation and
  // was not removed from), each pulled again; a wallet it can no longer read is not the user's to reconcile
  const readable = new Set(engine.listRows<{ id: string }>("wallets", task.walletId).map((w) => w.id))
  const held = [...new Set([task.walletId, ...Object.keys(ledgerOf()).filter((w) => readable.has(w))])]
  const pulledAt = new Date().toISOString()
  for (const w of held) await engine.pullStatementsFor(w).catch(() => undefined)
  const ledgerUntil = Date.now() + 60_000
  while (held.some((w) => (ledgerOf()[w]?.at ?? "") <= pulledAt) && Date.now() < ledgerUntil) await sleep(250)
  const report: DeviceReport = {
    device: task.device,
    email: task.email,
    commands: [...commands.values()],
    submitErrors,
    eventIds: [...eventIds].sort((a, b) => a - b),
    reloads,
    peakRssMb: peakRss / 2 ** 20,
    peakHeapMb: peakHeap / 2 ** 20,
    ledger: Object.fromEntries(Object.entries(ledgerOf()).filter(([w]) => held.includes(w)))
  }
  process.send?.(report)
  await engine.close()
  process.exit(0)
}

void main()
