/**
 * C1–C7 against the sandbox: 300 conversions sent through the outbox while the sandbox injects
 * faults (errors before the handler, 504 or a dropped connection after the effect committed,
 * 429 bursts), with a reload (a new engine on the same store) in the middle. The sandbox's own
 * ledger must show every command applied exactly once.
 */
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import type { Wallet } from "../../schema/entities.ts"
import type { Engine } from "../../sync/engine.ts"
import { admin, makeEngine, signIn } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"

// EO1 checks exactly-once under faults and a reload, not the quote's 30 s (features §6; the expired quote is tested in
// tests/e2e/statements/coins.spec.ts): each of its 300 commands now asks its own PIN (issue 30 item 3), and on a loaded
// 2-core machine the last ones were sent after their quote had expired (185 of 300 confirmed, the rest QUOTE_EXPIRED)
const file = sandboxForFile({ quoteTtlMs: 10 * 60_000 })

const N = 300

/** Bruno signed in, his default wallet and a fresh BTC quote (a conversion is the command these tests send). */
async function brunoQuote(): Promise<{ session: Awaited<ReturnType<typeof signIn>>; w: Wallet; quote: string }> {
  const session = await signIn(file.url, "bruno@example.com")
  const headers = { authorization: `Bearer ${session.accessToken}`, "server-type": "green" }
  const wallets = ((await (await fetch(`${file.url}/users/operations/wallets?page_size=100`, { headers })).json()) as { data: { data: Wallet[] } }).data.data
  const w = wallets.find((x) => x.default)!
  const r = await fetch(`${file.url}/users/v2/quotations/spot?base=BTC&quote=BRL`, { headers: { ...headers, "wallet-uuid": w.id } })
  return { session, w, quote: ((await r.json()) as { data: { quote_id: string } }).data.quote_id }
}

describe("outbox against the sandbox", () => {
  it("EO1 C2 C3 C4 C6 300 commands under injected faults and a reload are applied exactly once", async () => {
    const session = await signIn(file.url, "ana@example.com")
    const headers = { authorization: `Bearer ${session.accessToken}`, "server-type": "green" }
    const wallets = ((await (await fetch(`${file.url}/users/operations/wallets?page_size=100`, { headers })).json()) as { data: { data: Wallet[] } }).data.data
    const w = wallets.find((x) => x.default)!
    const quoteOf = async (): Promise<string> => {
      for (;;) {
        // the fault switches hit this call too: ask until it answers
        const r = await fetch(`${file.url}/users/v2/quotations/spot?base=BTC&quote=BRL`, { headers: { ...headers, "wallet-uuid": w.id } })
        if (r.ok) return ((await r.json()) as { data: { quote_id: string } }).data.quote_id
        await new Promise((res) => setTimeout(res, 50))
      }
    }

    const answer = (e: () => Engine) => (id: string) => e().answerPin(id, { pin: "1234" })
    let engine: Engine = makeEngine(file.url, { onPinAsk: (id) => answer(() => engine)(id) })
    await engine.start(session)
    await admin(file.url, "faults", {
      error_rate: { "/users/v2/conversions": 0.15 },
      fault_after_commit_rate: { "/users/v2/conversions": 0.15 },
      status: 503,
      burst_429: { count: 5, retry_after_s: 0 }
    })

    const ids: string[] = []
    let quote = ""
    for (let i = 0; i < N; i++) {
      if (i % 100 === 0) quote = await quoteOf() // quotes live 30 s
      ids.push(
        await engine.submit(w.id, {
          name: "v1.coins.convert",
          payload: { quote_id: quote, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 1000 + i, expected_to_amount: 1 }
        })
      )
      if (i === N / 2) {
        // a reload in the middle: the engine goes away with commands in flight, a new one replays them
        await engine.close()
        engine = makeEngine(file.url, { onPinAsk: (id) => answer(() => engine)(id) })
        await engine.start(await signIn(file.url, "ana@example.com"))
      }
    }
    const states = await Promise.all(ids.map((id) => Effect.runPromise(engine.commands!.settled(id))))
    await admin(file.url, "reset-faults", {})
    const ledger = (await admin(file.url, `ledger?wallet_id=${w.id}`)) as {
      data: { transactions: Array<{ transaction_uuid: string; statement_rows: number; idempotency_records: number }> }
    }
    // a conversion writes two statement rows (CONVERSION_OUT and CONVERSION_IN) and one idempotency record
    const applied = new Map(ledger.data.transactions.map((t) => [t.transaction_uuid, t.statement_rows / 2]))
    for (const t of ledger.data.transactions) expect(t.idempotency_records, t.transaction_uuid).toBeLessThanOrEqual(1)
    for (const [i, id] of ids.entries())
      if (states[i] !== "confirmed")
        console.log(id, JSON.stringify(await Effect.runPromise(engine.commands!.statuses()).then((all) => all.find((x) => x.command.id === id)?.latest)))
    // confirmed → applied exactly once; anything else (a quote that expired during long retries) → never applied
    ids.forEach((id, i) => expect(applied.get(id) ?? 0, `command ${id} (${states[i]})`).toBe(states[i] === "confirmed" ? 1 : 0))
    expect(states.filter((s) => s === "confirmed").length).toBeGreaterThan(N * 0.9)
    await engine.signOut("logout")
  }, 300_000)
  it("C8 a command submitted while the engine is still opening the store (just after a reload) waits for it and is sent once", async () => {
    const { session, w, quote } = await brunoQuote()
    let engine: Engine | null = null
    engine = makeEngine(file.url, { onPinAsk: (id) => engine?.answerPin(id, { pin: "1234" }) })
    const starting = engine.start(session) // not awaited: the view acts before the store is open
    const id = await engine.submit(w.id, {
      name: "v1.coins.convert",
      payload: { quote_id: quote, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 1234, expected_to_amount: 1 }
    })
    await starting
    expect(await Effect.runPromise(engine.commands!.settled(id))).toBe("confirmed")
    const ledger = (await admin(file.url, `ledger?wallet_id=${w.id}`)) as {
      data: { transactions: Array<{ transaction_uuid: string; statement_rows: number }> }
    }
    expect(ledger.data.transactions.find((t) => t.transaction_uuid === id)?.statement_rows).toBe(2)
    await engine.signOut("logout")
  }, 120_000)
  it("PN5 PN4 PN2 a PIN ask is state, not an event: a command resumed after a reload asks again, and a view that looks only later still finds the ask", async () => {
    const { session, w, quote } = await brunoQuote()
    const asksOf = (e: Engine) => e.snapshot({ kind: "pinAsks" }) as ReadonlyArray<{ seq: number; commandId: string; name: string; lastErrorKey?: string }>
    const found = async <T>(probe: () => T | undefined): Promise<T> => {
      for (;;) {
        const v = probe()
        if (v !== undefined) return v
        await new Promise((res) => setTimeout(res, 20))
      }
    }
    // no one listens to onPinAsk: the ask must be found by looking
    let engine = makeEngine(file.url, {})
    await engine.start(session)
    const id = await engine.submit(w.id, {
      name: "v1.coins.convert",
      payload: { quote_id: quote, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: 4321, expected_to_amount: 1 }
    })
    const first = await found(() => asksOf(engine).find((a) => a.commandId === id))
    expect(first.name).toBe("v1.coins.convert")
    // a reload before the PIN is given: the new engine resumes the command and asks again (PN4: the PIN is never kept)
    await engine.close()
    engine = makeEngine(file.url, {})
    await engine.start(await signIn(file.url, "bruno@example.com"))
    const resumed = await found(() => asksOf(engine).find((a) => a.commandId === id))
    expect(resumed.lastErrorKey).toBeUndefined()
    // PN2: a wrong PIN asks again under the same command, as a new ask with the refusal
    engine.answerPin(id, { pin: "0000" })
    expect(asksOf(engine).some((a) => a.seq === resumed.seq)).toBe(false)
    const again = await found(() => asksOf(engine).find((a) => a.commandId === id))
    expect(again.seq).toBeGreaterThan(resumed.seq)
    expect(again.lastErrorKey).toBe("INCORRECT_PIN")
    engine.answerPin(id, { pin: "1234" })
    expect(await Effect.runPromise(engine.commands!.settled(id))).toBe("confirmed")
    expect(asksOf(engine)).toEqual([])
    const ledger = (await admin(file.url, `ledger?wallet_id=${w.id}`)) as {
      data: { transactions: Array<{ transaction_uuid: string; statement_rows: number }> }
    }
    expect(ledger.data.transactions.find((t) => t.transaction_uuid === id)?.statement_rows).toBe(2)
    await engine.signOut("logout")
  }, 120_000)
})
