/**
 * The sandbox's admin calls (`/__admin/*`): fault switches, simulated incoming events, the
 * business clock and the ledger view tests use to prove exactly-once effects (DESIGN "The
 * sandbox users API": "Switches for faults (latency, error rate, dropped SSE, 429 bursts)").
 * Not part of the bank's users API: no auth, served only when the sandbox runs with admin on.
 * Same shape as schema/api.ts endpoint definitions, so tests decode admin answers too.
 */
import { Schema } from "effect"
import { Envelope, Ok } from "./common.ts"
import { ApprovalRequest, StatementEntry } from "./entities.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { cardsAdminApi } from "./api-cards.ts"
import { billetAdminApi } from "./api-billet.ts"
import { tedAdminApi } from "./api-ted.ts"
import { gatewayAdminApi } from "./api-gateway.ts"
import { storageAdminApi } from "./api-storage.ts"
import { pixAutomaticAdminApi } from "./api-pix-automatic.ts"

const Rate = Schema.Number.check(Schema.makeFilter((n: number) => (n >= 0 && n <= 1) || "a probability 0..1"))

export const FaultsBody = Schema.Struct({
  /** Added to every API call before it runs. */
  latency_ms: Schema.optionalKey(Schema.Int),
  /** Path prefix → probability of failing with `status` BEFORE the handler runs. */
  error_rate: Schema.optionalKey(Schema.Record(Schema.String, Rate)),
  /** Path prefix → probability of failing AFTER the effect was committed (504 or a dropped connection). */
  fault_after_commit_rate: Schema.optionalKey(Schema.Record(Schema.String, Rate)),
  after_commit_mode: Schema.optionalKey(Schema.Literals(["status", "drop"])),
  status: Schema.optionalKey(Schema.Literals([500, 502, 503, 504])),
  /** The next `count` calls answer 429 with `Retry-After: retry_after_s`. */
  burst_429: Schema.optionalKey(Schema.Struct({ count: Schema.Int, retry_after_s: Schema.Int })),
  /** Each SSE connection is closed after sending this many events (null: never). */
  drop_sse_after_events: Schema.optionalKey(Schema.NullOr(Schema.Int)),
  /** Path prefix → probability that a 2xx body is corrupted: wrong types, truncated JSON, an HTML page, huge strings. */
  corrupt_rate: Schema.optionalKey(Schema.Record(Schema.String, Rate)),
  corrupt_mode: Schema.optionalKey(Schema.Literals(["types", "truncate", "html", "huge"])),
  /** Probability that a stream event is sent as a malformed frame. */
  corrupt_sse_rate: Schema.optionalKey(Rate),
  /** Close every open SSE connection now. */
  drop_sse_now: Schema.optionalKey(Schema.Boolean),
  /**
   * A statement that no longer adds up on the client (issue 30 item 8, D-ledger-reconcile), for one wallet:
   * `drop_rows` — the next keyset page of its statement leaves out this many rows after its cursor (a page lost:
   * the cursor passes them); `change_row` — its oldest completed BRL credit grows by this many cents now, with the
   * balance, without a newer updated_at (a row changed behind the client's back: no pull brings it again);
   * `hide_row` — its oldest completed row is left out of every statement answer until the faults are reset (a gap
   * no re-pull heals). The ledger call always tells the truth.
   */
  statement_gap: Schema.optionalKey(
    Schema.NullOr(
      Schema.Struct({
        wallet_id: Schema.String,
        drop_rows: Schema.optionalKey(Schema.Int),
        change_row: Schema.optionalKey(Schema.Int),
        hide_row: Schema.optionalKey(Schema.Boolean)
      })
    )
  ),
  /** Seed of the fault dice (reproducible runs). */
  seed: Schema.optionalKey(Schema.Int)
})
export type FaultsBody = typeof FaultsBody.Type

export const FaultsState = Schema.Struct({
  latency_ms: Schema.Int,
  error_rate: Schema.Record(Schema.String, Schema.Number),
  fault_after_commit_rate: Schema.Record(Schema.String, Schema.Number),
  after_commit_mode: Schema.Literals(["status", "drop"]),
  status: Schema.Int,
  burst_429: Schema.NullOr(Schema.Struct({ remaining: Schema.Int, retry_after_s: Schema.Int })),
  drop_sse_after_events: Schema.NullOr(Schema.Int),
  sse_connections: Schema.Int
})

export const Ledger = Schema.Struct({
  wallet_id: Schema.String,
  balances: Schema.Array(Schema.Struct({ currency_symbol: Schema.String, balance: Schema.Int })),
  pending_balance: Schema.Int,
  statement_rows: Schema.Int,
  /** Every transaction-uuid applied to this wallet: its statement rows and idempotency records (exactly-once proofs). */
  transactions: Schema.Array(
    Schema.Struct({ transaction_uuid: Schema.String, statement_rows: Schema.Int, idempotency_records: Schema.Int, endpoint: Schema.NullOr(Schema.String) })
  )
})
export type Ledger = typeof Ledger.Type

export const SeedUser = Schema.Struct({
  key: Schema.String,
  id: Schema.String,
  email: Schema.String,
  name: Schema.String,
  password: Schema.String,
  pin: Schema.NullOr(Schema.String)
})

export const adminApi = {
  health: def({
    method: "GET",
    path: "/__admin/health",
    auth: false,
    response: Envelope(
      Schema.Struct({
        ok: Schema.Boolean,
        uptime_s: Schema.Number,
        seed_size: Schema.String,
        statement_rows: Schema.Int,
        events_max_seq: Schema.Int,
        sse_connections: Schema.Int,
        now: Schema.String,
        clock_offset_ms: Schema.Int
      })
    )
  }),
  faults: def({ method: "POST", path: "/__admin/faults", auth: false, body: FaultsBody, response: Envelope(FaultsState) }),
  resetFaults: def({ method: "POST", path: "/__admin/reset-faults", auth: false, response: Envelope(FaultsState) }),
  pixIn: def({
    method: "POST",
    path: "/__admin/pix-in",
    auth: false,
    body: Schema.Struct({
      wallet_id: Schema.String,
      amount: Schema.Int,
      payer_name: Schema.optionalKey(Schema.String),
      payer_document: Schema.optionalKey(Schema.String)
    }),
    response: Envelope(StatementEntry)
  }),
  approvalRequestCreate: def({
    method: "POST",
    path: "/__admin/approval-requests",
    auth: false,
    body: Schema.Struct({
      wallet_id: Schema.String,
      amount: Schema.optionalKey(Schema.Int),
      requested_by: Schema.optionalKey(Schema.String),
      key: Schema.optionalKey(Schema.String),
      description: Schema.optionalKey(Schema.String)
    }),
    response: Envelope(ApprovalRequest)
  }),
  notificationCreate: def({
    method: "POST",
    path: "/__admin/notifications",
    auth: false,
    body: Schema.Struct({ user_email: Schema.String, title: Schema.String, description: Schema.String }),
    response: Ok
  }),
  runCutoff: def({
    method: "POST",
    path: "/__admin/run-cutoff",
    auth: false,
    body: Schema.Struct({ all: Schema.optionalKey(Schema.Boolean) }),
    response: Envelope(Schema.Struct({ canceled: Schema.Array(Schema.String) }))
  }),
  ledger: def({ method: "GET", path: "/__admin/ledger", auth: false, query: Schema.Struct({ wallet_id: Schema.String }), response: Envelope(Ledger) }),
  clock: def({
    method: "POST",
    path: "/__admin/clock",
    auth: false,
    body: Schema.Struct({ offset_ms: Schema.Int }),
    response: Envelope(Schema.Struct({ offset_ms: Schema.Int, now: Schema.String }))
  }),
  flags: def({
    method: "POST",
    path: "/__admin/flags",
    auth: false,
    body: Schema.Struct({ trends: Schema.optionalKey(Schema.Boolean) }),
    response: Envelope(Schema.Struct({ trends: Schema.Boolean }))
  }),
  /** The last code "e-mailed" to an address (login, OTP, recovery, sign-up), for tests that do not use the fixed code. */
  codes: def({
    method: "GET",
    path: "/__admin/codes",
    auth: false,
    query: Schema.Struct({ email: Schema.String }),
    response: Envelope(Schema.Struct({ email: Schema.String, code: Schema.NullOr(Schema.String) }))
  }),
  /** Clears a user's wrong-PIN count and lock. */
  resetPinAttempts: def({
    method: "POST",
    path: "/__admin/reset-pin-attempts",
    auth: false,
    body: Schema.Struct({ user_email: Schema.String }),
    response: Ok
  }),
  /** Every table, the clock and the switches back to the seed (a sandbox started `resettable` only: sandbox/reset.ts). */
  reset: def({
    method: "POST",
    path: "/__admin/reset",
    auth: false,
    response: Envelope(Schema.Struct({ ok: Schema.Boolean, tables: Schema.Number }))
  }),
  /** The seeded sign-ins and wallets. */
  seed: def({
    method: "GET",
    path: "/__admin/seed",
    auth: false,
    response: Envelope(
      Schema.Struct({ users: Schema.Array(SeedUser), wallets: Schema.Record(Schema.String, Schema.String), fixed_code: Schema.NullOr(Schema.String) })
    )
  }),
  ...cardsAdminApi,
  ...billetAdminApi,
  ...tedAdminApi,
  ...gatewayAdminApi,
  ...storageAdminApi,
  ...pixAutomaticAdminApi
} as const satisfies Record<string, EndpointDef>

export type AdminApi = typeof adminApi
export type AdminEndpointId = keyof AdminApi
