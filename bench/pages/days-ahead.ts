/**
 * Browser bench page of the days ahead (DESIGN budgets "the days ahead (1,000 scheduled items,
 * 60 days) recomputed p95 ≤ 16 ms"; issue 13): in a dedicated worker, as the engine computes it,
 * 1,000 generated scheduled items (payments, recurrence occurrences, incoming amounts) and a
 * balance; each round changes one item (a new schedule, a cancel, an incoming Pix) and recomputes
 * the 60 days. Publishes window.__bench.
 */
const worker = new Worker(new URL("./days-ahead.worker.ts", import.meta.url), { type: "module" })
const publish = (v: unknown) => {
  ;(window as unknown as { __bench: unknown }).__bench = v
}
worker.onmessage = (e: MessageEvent) => publish(e.data)
worker.onerror = (e) => publish({ error: e.message })
worker.postMessage({ items: Number(new URLSearchParams(location.search).get("items") ?? 1000), rounds: 300 })
