/**
 * The deterministic seed (DESIGN "a deterministic seed generator with a size switch"): the same
 * seed number gives the same users, wallets, balances, invitations, notifications, approval data
 * and statement rows; only the instants follow the anchor time (`now`, default the current time),
 * so "today" and "the last 90 days" stay true. Statements are generated with one prepared INSERT
 * in batched transactions with cheap string work, so 1M rows seed in seconds.
 *
 * Users (all passwords `Senha@123`, PINs 1234 unless said otherwise; spec core §3, §4, §6):
 *  ana     NATURAL_PERSON, green server, finished, owner of "Conta Principal" (default) and "Reserva"
 *  bruno   LEGAL_PERSON (CNPJ), blue, finished, owner of a matrix wallet with a branch; both gateway wallets
 *  carla   APPROVER+CLIENT on Ana's main wallet
 *  diego   APPROVER+ADMIN on Ana's main wallet
 *  helena  CLIENT on Ana's main wallet (no approval permission)
 *  eva     no PIN, onboarding pending
 *  fabio   onboarding incomplete
 *  gabi    onboarding expired (natural person)
 */
import type { DB } from "./db.ts"
import { createIndexes, createTables, setMeta } from "./db.ts"
import { Prng, cnpjFromBase, makeCpf } from "./prng.ts"
import { hashSecret } from "./tokens.ts"
import { DAY_MS, iso, spCutoffOf, spDateKey, spStartOfDay } from "./time.ts"
import {
  BANKS,
  CARD_DESCRIPTIONS,
  COMPANIES,
  FIRST_NAMES,
  ISPB_LIST,
  LAST_NAMES,
  MERCHANTS,
  PIX_IN_DESCRIPTIONS,
  PIX_OUT_DESCRIPTIONS,
  UTILITIES
} from "./names.ts"
import { decodePixKey } from "./ledger.ts"
import type { StatementType } from "../schema/entities.ts"
import { seedCards } from "./areas/cards/seed.ts"
import { seedBetting } from "./areas/betting/seed.ts"
import { seedPixKeys } from "./areas/pix-keys/seed.ts"
import { seedPixQrCodes } from "./areas/pix-qr/db.ts"
import { seedPixLimitsAndContacts } from "./areas/pix-limits/seed.ts"
import { seedBillets } from "./areas/billet/db.ts"
import { seedGateway } from "./areas/gateway/db.ts"
import { CURRENCY_DECIMALS } from "../schema/common.ts"

export type SeedSize = "small" | "100k" | "1m"
export interface SeedOptions {
  readonly size?: SeedSize
  /** PRNG seed (default 20261122). */
  readonly seed?: number
  /** Anchor instant (ms); default now. */
  readonly now?: number
  readonly onProgress?: (rows: number, total: number) => void
}

export const SEED_PASSWORD = "Senha@123"
export const SEED_PIN = "1234"
export const SEED_USERS = ["ana", "bruno", "carla", "diego", "eva", "fabio", "gabi", "helena"] as const
export type SeedUserKey = (typeof SEED_USERS)[number]

export interface SeedResult {
  readonly users: Readonly<Record<SeedUserKey, { id: string; email: string }>>
  readonly wallets: Readonly<Record<WalletKey, string>>
  readonly statementRows: number
  readonly ms: number
}

type WalletKey = "anaMain" | "anaReserve" | "brunoMatrix" | "brunoBranch" | "carla" | "diego" | "helena" | "eva" | "fabio" | "gabi"

const CURRENCY_IDS = { BRL: 1, BTC: 2, ETH: 3, USDT: 4 } as const
type WalletCurrency = keyof typeof CURRENCY_IDS

interface UserSpec {
  key: SeedUserKey
  name: string
  full_name: string
  type: "NATURAL_PERSON" | "LEGAL_PERSON"
  server: "green" | "blue"
  pin: boolean
  onboarding: "finished" | "pending" | "incomplete" | "expired"
}

const USER_SPECS: ReadonlyArray<UserSpec> = [
  { key: "ana", name: "Ana Souza", full_name: "Ana Beatriz Souza", type: "NATURAL_PERSON", server: "green", pin: true, onboarding: "finished" },
  {
    key: "bruno",
    name: "Bruno Lima",
    full_name: "Lima & Filhos Comércio de Alimentos Ltda",
    type: "LEGAL_PERSON",
    server: "blue",
    pin: true,
    onboarding: "finished"
  },
  { key: "carla", name: "Carla Mendes", full_name: "Carla Regina Mendes", type: "NATURAL_PERSON", server: "blue", pin: true, onboarding: "finished" },
  { key: "diego", name: "Diego Ferreira", full_name: "Diego Augusto Ferreira", type: "NATURAL_PERSON", server: "blue", pin: true, onboarding: "finished" },
  { key: "eva", name: "Eva Nogueira", full_name: "Eva Cristina Nogueira", type: "NATURAL_PERSON", server: "blue", pin: false, onboarding: "pending" },
  { key: "fabio", name: "Fábio Ramos", full_name: "Fábio Henrique Ramos", type: "NATURAL_PERSON", server: "blue", pin: true, onboarding: "incomplete" },
  { key: "gabi", name: "Gabriela Torres", full_name: "Gabriela Torres Pinto", type: "NATURAL_PERSON", server: "blue", pin: true, onboarding: "expired" },
  { key: "helena", name: "Helena Castro", full_name: "Helena Maria Castro", type: "NATURAL_PERSON", server: "blue", pin: true, onboarding: "finished" }
]

/** Statement rows per wallet at size small (~2,000 over the last 90 days). */
const SMALL_ROWS: Readonly<Record<WalletKey, number>> = {
  anaMain: 1000,
  anaReserve: 200,
  brunoMatrix: 350,
  brunoBranch: 150,
  carla: 80,
  diego: 80,
  helena: 60,
  fabio: 30,
  gabi: 30,
  eva: 0
}

export const statementTotal = (size: SeedSize): number => (size === "1m" ? 1_000_000 : size === "100k" ? 100_000 : 0)

const onboardingJson = (u: UserSpec, r: Prng): string =>
  JSON.stringify({
    full_name: u.full_name,
    mother_name: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`,
    birth_date: `19${r.int(60, 99)}-0${r.int(1, 9)}-${String(r.int(10, 28))}`,
    pin_status: u.pin ? "created" : "not_created",
    patrimony: r.int(1, 500) * 100_000,
    nationality: "Brasileira",
    pep: false,
    pep_since: null,
    occupation_cbo: u.onboarding === "incomplete" ? null : 2124,
    occupation_income: u.onboarding === "incomplete" ? null : r.int(20, 300) * 10_000,
    document_status: u.onboarding === "incomplete" ? "pending" : "approved",
    selfie_status: u.onboarding === "incomplete" ? null : "approved",
    facematch_status: u.onboarding === "incomplete" ? null : "approved",
    rejected_reason_code: null,
    review_status: u.onboarding === "pending" ? "in_review" : u.onboarding === "incomplete" ? null : "approved",
    review_reject_message: null,
    require_accept_migration_terms: false,
    needs_profile_update: u.onboarding === "expired"
  })

const addressJson = (r: Prng): string =>
  JSON.stringify({
    zip_code: `0${r.digits(4)}-${r.digits(3)}`,
    street: r.pick(["Rua das Flores", "Avenida Paulista", "Rua Augusta", "Rua XV de Novembro"]),
    number: r.int(1, 3000),
    complement: r.chance(0.5) ? `Apto ${r.int(11, 190)}` : null,
    neighborhood: r.pick(["Centro", "Bela Vista", "Jardim América", "Vila Mariana"]),
    city: "São Paulo",
    federative_unit: "SP",
    country: "Brasil"
  })

// ── statement generator ─────────────────────────────────────────────────────

/** Cumulative weights of row types (features §3 statement types). */
const TYPE_TABLE: ReadonlyArray<readonly [StatementType, number]> = [
  ["PIX_IN", 24],
  ["PIX_OUT", 24],
  ["TED_IN", 4],
  ["TED_OUT", 4],
  ["BILLET_PAYMENT", 8],
  ["BILLET_DEPOSIT", 4],
  ["CARD_PURCHASE", 16],
  ["FEE", 4],
  ["REFUND", 2],
  ["GATEWAY_DEPOSIT", 5],
  ["GATEWAY_WITHDRAW", 3],
  ["CONVERSION_OUT", 2]
]
const TYPE_CUM: number[] = []
{
  let acc = 0
  for (const [, w] of TYPE_TABLE) TYPE_CUM.push((acc += w))
}
const TYPE_SUM = TYPE_CUM[TYPE_CUM.length - 1] ?? 1
const IN_TYPES = new Set<StatementType>(["PIX_IN", "TED_IN", "BILLET_DEPOSIT", "REFUND", "GATEWAY_DEPOSIT", "CONVERSION_IN"])

interface Party {
  readonly name: string
  readonly doc: string
}

const hex12 = (n: number): string => n.toString(16).padStart(12, "0")

/** toISOString for increasing instants, reusing the "YYYY-MM-DDTHH:" prefix of the hour (≈3× faster). */
const makeIsoCache = (): ((t: number) => string) => {
  let hourStart = -1
  let prefix = ""
  return (t: number): string => {
    const h = t - (t % 3_600_000)
    if (h !== hourStart) {
      hourStart = h
      prefix = new Date(h).toISOString().slice(0, 14)
    }
    const rem = t - h
    const m = Math.floor(rem / 60_000)
    const sec = Math.floor((rem % 60_000) / 1000)
    const ms = rem % 1000
    return `${prefix}${m < 10 ? "0" : ""}${m}:${sec < 10 ? "0" : ""}${sec}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`
  }
}

interface GenState {
  counter: number
  written: number
}

const BASE_PRICES: Readonly<Record<"BTC" | "ETH" | "USDT", number>> = { BTC: 55_000_000, ETH: 2_000_000, USDT: 550 }

/**
 * Writes `count` rows for one wallet in chronological order over [startMs, endMs], keeping a
 * running balance per currency (balance_after; failed/pending/reverted rows do not move it).
 * Returns the final balances.
 */
const generateStatements = (
  db: DB,
  r: Prng,
  wallet: { id: string; idx: number },
  count: number,
  startMs: number,
  endMs: number,
  balances: Record<WalletCurrency, number>,
  parties: { people: Party[]; companies: Party[]; merchants: Party[]; utilities: Party[] },
  st: GenState,
  total: number,
  onProgress?: (rows: number, total: number) => void
): void => {
  if (count <= 0) return
  const ins = db.prepare(
    `INSERT INTO statements (id, wallet_id, operation_id, created_at, updated_at, type, direction, status, currency_symbol, amount,
     balance_after, description, counterparty_name, counterparty_document, end_to_end_id, transaction_uuid)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`
  )
  const insConv = db.prepare(
    `INSERT INTO conversions (id, wallet_id, user_id, from_currency, to_currency, from_amount, to_amount, price, iof_amount, spread_amount,
     status, transaction_uuid, created_at, updated_at) VALUES (?, ?, (SELECT owner_id FROM wallets WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, 'completed', NULL, ?, ?)`
  )
  const wHex = wallet.idx.toString(16).padStart(4, "0")
  const idOf = (n: number): string => `5eed${wHex}-0000-4000-8000-${hex12(n)}`
  const opOf = (n: number): string => `0be7${wHex}-0000-4000-9000-${hex12(n)}`
  const span = Math.max(1, endMs - startMs)
  const step = span / count
  const cap = 50_000_000 // R$ 500.000,00: above it, outgoing rows win
  let inBatch = 0
  const isoOf = makeIsoCache()
  db.exec("BEGIN")
  for (let i = 0; i < count; i++) {
    const t = Math.floor(startMs + i * step + r.next() * step * 0.9)
    const createdIso = isoOf(t)
    const roll = r.u32() % TYPE_SUM
    let ti = 0
    while ((TYPE_CUM[ti] ?? TYPE_SUM) <= roll) ti++
    let type: StatementType = TYPE_TABLE[ti]?.[0] ?? "PIX_IN"
    if (type === "CONVERSION_OUT" && i >= count - 1) type = "PIX_IN" // the pair needs two rows
    let amount: number
    switch (type) {
      case "PIX_IN":
      case "PIX_OUT":
        amount = Math.floor(500 * Math.pow(1000, r.next()))
        break // R$5 .. R$5.000
      case "TED_IN":
      case "TED_OUT":
        amount = Math.floor(50_000 * Math.pow(40, r.next()))
        break
      case "BILLET_PAYMENT":
      case "BILLET_DEPOSIT":
        amount = Math.floor(5_000 * Math.pow(60, r.next()))
        break
      case "CARD_PURCHASE":
        amount = Math.floor(1_000 * Math.pow(80, r.next()))
        break
      case "FEE":
        amount = r.int(99, 2_990)
        break
      case "REFUND":
        amount = r.int(1_000, 30_000)
        break
      case "GATEWAY_DEPOSIT":
      case "GATEWAY_WITHDRAW":
        amount = Math.floor(10_000 * Math.pow(100, r.next()))
        break
      default:
        amount = r.int(5_000, 200_000)
    }
    const s = r.u32() % 100
    const status = s < 94 ? "completed" : s < 97 ? "failed" : s < 99 ? "pending" : "reverted"
    let dirIn = IN_TYPES.has(type)
    if (status === "completed" && !dirIn && amount > balances.BRL) {
      type = "PIX_IN"
      dirIn = true
    } else if (status === "completed" && dirIn && balances.BRL > cap && type !== "REFUND") {
      type = "PIX_OUT"
      dirIn = false
    }
    const n = ++st.counter
    const id = idOf(n)
    const op = opOf(n)
    if (type === "CONVERSION_OUT") {
      // a BRL → crypto conversion: two rows, same operation, 1 ms apart (features §7 conversions)
      const coin = r.pick(["BTC", "ETH", "USDT"] as const)
      const price = Math.round(BASE_PRICES[coin] * 1.005)
      const iof = Math.round((amount * 38) / 10_000)
      const toAmount = Math.floor(((amount - iof) * Math.pow(10, CURRENCY_DECIMALS[coin])) / price)
      const ok = status === "completed"
      if (ok) balances.BRL -= amount
      ins.run(
        id,
        wallet.id,
        op,
        createdIso,
        createdIso,
        "CONVERSION_OUT",
        "out",
        status,
        "BRL",
        amount,
        balances.BRL,
        `Conversão BRL para ${coin}`,
        "Mesa de Câmbio Sandbox",
        "99999999000191",
        null
      )
      const t2 = isoOf(t + 1)
      if (ok) balances[coin] += toAmount
      const n2 = ++st.counter
      ins.run(
        idOf(n2),
        wallet.id,
        op,
        t2,
        t2,
        "CONVERSION_IN",
        "in",
        status,
        coin,
        Math.max(1, toAmount),
        balances[coin],
        `Conversão BRL para ${coin}`,
        "Mesa de Câmbio Sandbox",
        "99999999000191",
        null
      )
      if (ok) {
        insConv.run(
          op,
          wallet.id,
          wallet.id,
          "BRL",
          coin,
          amount,
          Math.max(1, toAmount),
          price,
          iof,
          Math.round(((amount - iof) * 50) / 10_050),
          createdIso,
          createdIso
        )
      }
      st.written += 2
      inBatch += 2
      i++ // the pair counts as two rows
    } else {
      if (status === "completed") balances.BRL += dirIn ? amount : -amount
      let party: Party
      let description: string
      let e2e: string | null = null
      switch (type) {
        case "PIX_IN":
        case "PIX_OUT": {
          party = r.chance(0.7) ? r.pick(parties.people) : r.pick(parties.companies)
          description = type === "PIX_IN" ? r.pick(PIX_IN_DESCRIPTIONS) : r.pick(PIX_OUT_DESCRIPTIONS)
          e2e =
            "E" +
            ISPB_LIST[r.u32() % ISPB_LIST.length] +
            createdIso.slice(0, 4) +
            createdIso.slice(5, 7) +
            createdIso.slice(8, 10) +
            createdIso.slice(11, 13) +
            createdIso.slice(14, 16) +
            r.alnum(11)
          break
        }
        case "TED_IN":
        case "TED_OUT":
          party = r.chance(0.5) ? r.pick(parties.people) : r.pick(parties.companies)
          description = type === "TED_IN" ? "TED recebida" : "TED enviada"
          break
        case "BILLET_PAYMENT":
          party = r.pick(parties.utilities)
          description = `Pagamento de boleto - ${party.name}`
          break
        case "BILLET_DEPOSIT":
          party = r.pick(parties.people)
          description = "Boleto recebido"
          break
        case "CARD_PURCHASE":
          party = r.pick(parties.merchants)
          description = `${r.pick(CARD_DESCRIPTIONS)} - ${party.name}`
          break
        case "FEE":
          party = { name: "Banco Sandbox S.A.", doc: "99999999000191" }
          description = r.pick(["Tarifa de manutenção", "Tarifa TED", "Tarifa de saque", "Anuidade"])
          break
        case "REFUND":
          party = r.pick(parties.merchants)
          description = `Estorno de compra - ${party.name}`
          break
        case "GATEWAY_DEPOSIT":
          party = r.pick(parties.people)
          description = "Depósito via gateway de pagamentos"
          break
        default:
          party = r.pick(parties.companies)
          description = "Saque do gateway de pagamentos"
      }
      // pending/reverted rows changed after their creation (sync pulls see them by updated_at)
      const updatedIso = status === "pending" || status === "reverted" ? new Date(Math.min(endMs, t + r.int(60_000, 3_600_000))).toISOString() : createdIso
      ins.run(
        id,
        wallet.id,
        op,
        createdIso,
        updatedIso,
        type,
        dirIn ? "in" : "out",
        status,
        "BRL",
        amount,
        balances.BRL,
        description,
        party.name,
        party.doc,
        e2e
      )
      st.written++
      inBatch++
    }
    if (inBatch >= 50_000) {
      db.exec("COMMIT")
      onProgress?.(st.written, total)
      db.exec("BEGIN")
      inBatch = 0
    }
  }
  db.exec("COMMIT")
  onProgress?.(st.written, total)
}

/** Creates the schema and seeds an empty database. */
export const seed = (db: DB, opts: SeedOptions = {}): SeedResult => {
  const t0 = performance.now()
  const size = opts.size ?? "small"
  const r = new Prng(opts.seed ?? 20261122)
  const now = opts.now ?? Date.now()
  const nowIso = iso(now)
  const daysAgo = (d: number, extraMs = 0): string => iso(now - d * DAY_MS + extraMs)
  createTables(db)
  // A fresh database: no journal while bulk-loading (a crash mid-seed leaves no "seeded_at", and
  // main.ts starts over), WAL again afterwards.
  const fileDb = db.name !== ":memory:"
  if (fileDb) {
    db.pragma("journal_mode = OFF")
    db.pragma("synchronous = OFF")
  }
  db.pragma("threads = 2")

  // ── users ──
  const users = {} as Record<SeedUserKey, { id: string; email: string }>
  const insUser = db.prepare(
    `INSERT INTO users (id, email, password_hash, name, full_name, phone_number, type, document, server_type, referral_link, pin_hash,
     onboarding_status, onboarding_json, address_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  db.transaction(() => {
    for (const u of USER_SPECS) {
      const id = r.uuid()
      const email = `${u.key}@example.com`
      const document = u.type === "LEGAL_PERSON" ? cnpjFromBase(r.digits(8) + "0001") : makeCpf(r)
      const created = daysAgo(400 - r.int(0, 100))
      insUser.run(
        id,
        email,
        hashSecret(SEED_PASSWORD, r.hex(16)),
        u.name,
        u.full_name,
        `55119${r.digits(8)}`,
        u.type,
        document,
        u.server,
        `https://sandbox.example.com/convite/${u.key}`,
        u.pin ? hashSecret(SEED_PIN, r.hex(16)) : null,
        u.onboarding,
        onboardingJson(u, r),
        u.onboarding === "incomplete" ? null : addressJson(r),
        created,
        created
      )
      users[u.key] = { id, email }
    }
  })()

  // ── wallets, members, accounts ──
  const walletSpecs: ReadonlyArray<{
    key: WalletKey
    name: string
    owner: SeedUserKey
    isDefault: boolean
    matrix?: boolean
    parent?: WalletKey
    gateway?: boolean
  }> = [
    { key: "anaMain", name: "Conta Principal", owner: "ana", isDefault: true },
    { key: "anaReserve", name: "Reserva", owner: "ana", isDefault: false },
    { key: "brunoMatrix", name: "Lima & Filhos - Matriz", owner: "bruno", isDefault: true, matrix: true, gateway: true },
    { key: "brunoBranch", name: "Lima & Filhos - Filial Campinas", owner: "bruno", isDefault: false, parent: "brunoMatrix", gateway: true },
    { key: "carla", name: "Carteira da Carla", owner: "carla", isDefault: true },
    { key: "diego", name: "Carteira do Diego", owner: "diego", isDefault: true },
    { key: "helena", name: "Carteira da Helena", owner: "helena", isDefault: true },
    { key: "eva", name: "Carteira da Eva", owner: "eva", isDefault: true },
    { key: "fabio", name: "Carteira do Fábio", owner: "fabio", isDefault: true },
    { key: "gabi", name: "Carteira da Gabriela", owner: "gabi", isDefault: true }
  ]
  const wallets = {} as Record<WalletKey, string>
  for (const w of walletSpecs) wallets[w.key] = r.uuid()
  const insWallet = db.prepare(
    "INSERT INTO wallets (id, name, owner_id, is_default, is_matrix, parent_id, is_gateway, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
  )
  db.transaction(() => {
    for (const w of walletSpecs) {
      const created = daysAgo(380 - r.int(0, 30))
      insWallet.run(
        wallets[w.key],
        w.name,
        users[w.owner].id,
        w.isDefault ? 1 : 0,
        w.matrix ? 1 : 0,
        w.parent ? wallets[w.parent] : null,
        w.gateway ? 1 : 0,
        created,
        created
      )
    }
  })()

  // ── statements (the size switch) ──
  const people: Party[] = []
  for (let i = 0; i < 300; i++) people.push({ name: `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)} ${r.pick(LAST_NAMES)}`, doc: makeCpf(r) })
  const companies: Party[] = COMPANIES.map((name) => ({ name: `${name} Ltda`, doc: cnpjFromBase(r.digits(8) + "0001") }))
  const merchants: Party[] = MERCHANTS.map((name) => ({ name, doc: cnpjFromBase(r.digits(8) + "0001") }))
  const utilities: Party[] = UTILITIES.map((name) => ({ name, doc: cnpjFromBase(r.digits(8) + "0001") }))
  const parties = { people, companies, merchants, utilities }

  const big = statementTotal(size)
  const rowsPer: Record<WalletKey, number> = { ...SMALL_ROWS }
  if (big > 0) {
    rowsPer.anaReserve = 500
    let others = 0
    for (const k of Object.keys(rowsPer) as WalletKey[]) if (k !== "anaMain") others += rowsPer[k]
    rowsPer.anaMain = big - others
  }
  const totalRows = (Object.values(rowsPer) as number[]).reduce((a, b) => a + b, 0)
  const spanDays = big > 0 ? 365 : 90
  const startBalances: Record<WalletKey, Record<WalletCurrency, number>> = {} as Record<WalletKey, Record<WalletCurrency, number>>
  const st: GenState = { counter: 0, written: 0 }
  walletSpecs.forEach((w, idx) => {
    const bal: Record<WalletCurrency, number> = {
      BRL: w.key === "eva" ? 0 : r.int(5_000, 60_000) * 100,
      BTC: w.key === "eva" ? 0 : r.int(100_000, 9_000_000), // 0.001 .. 0.09 BTC
      ETH: w.key === "eva" || w.key === "helena" ? 0 : r.int(1_000_000, 90_000_000),
      USDT: w.key === "eva" ? 0 : r.int(10_000_000, 900_000_000)
    }
    // rows end one minute before the anchor, so "now" rows written later sort after them
    generateStatements(
      db,
      r,
      { id: wallets[w.key], idx: idx + 1 },
      rowsPer[w.key],
      now - spanDays * DAY_MS,
      now - 60_000,
      bal,
      parties,
      st,
      totalRows,
      opts.onProgress
    )
    startBalances[w.key] = bal
  })

  const insAcc = db.prepare(
    "INSERT INTO wallet_accounts (id, wallet_id, currency_symbol, currency_id, currency_decimal, balance, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
  )
  const insPending = db.prepare("INSERT INTO pending_balances (wallet_id, pending_balance, updated_at) VALUES (?, ?, ?)")
  db.transaction(() => {
    for (const w of walletSpecs) {
      const bal = startBalances[w.key]
      for (const c of ["BRL", "BTC", "ETH", "USDT"] as const) {
        insAcc.run(r.uuid(), wallets[w.key], c, CURRENCY_IDS[c], CURRENCY_DECIMALS[c], bal[c], nowIso)
      }
      insPending.run(wallets[w.key], w.key === "anaMain" ? 150_000 : w.key === "brunoMatrix" ? 123_456 : 0, nowIso)
    }
  })()

  // ── invitations and members (core §3 wallet invitation; every state) ──
  const insInv = db.prepare(
    `INSERT INTO invitations (id, wallet_id, inviter_id, invitee_email, state, permission_types, invited_at, accepted_at, declined_at, expired_at,
     cancelled_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  const insMember = db.prepare("INSERT INTO wallet_members (wallet_id, user_id, permission_types, invite_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
  db.transaction(() => {
    const accepted: ReadonlyArray<readonly [SeedUserKey, string[]]> = [
      ["carla", ["APPROVER", "CLIENT"]],
      ["diego", ["APPROVER", "ADMIN"]],
      ["helena", ["CLIENT"]]
    ]
    accepted.forEach(([who, types], i) => {
      const id = r.uuid()
      const inv = daysAgo(60 - i, 0)
      const acc = daysAgo(59 - i, 0)
      insInv.run(id, wallets.anaMain, users.ana.id, users[who].email, "ACCEPTED", JSON.stringify(types), inv, acc, null, null, null, acc)
      insMember.run(wallets.anaMain, users[who].id, JSON.stringify(types), id, acc, acc)
    })
    const t = (d: number): string => daysAgo(d)
    insInv.run(r.uuid(), wallets.anaReserve, users.ana.id, users.carla.email, "SENT", '["CLIENT"]', t(1), null, null, null, null, t(1))
    insInv.run(r.uuid(), wallets.brunoMatrix, users.bruno.id, users.helena.email, "SENT", '["CLIENT"]', t(2), null, null, null, null, t(2))
    insInv.run(r.uuid(), wallets.anaMain, users.ana.id, "novo.colaborador@example.com", "SENT", '["CLIENT"]', t(0.1), null, null, null, null, t(0.1))
    // older than 7 days and still SENT: becomes EXPIRED when read (our rule, docs/decisions.md)
    insInv.run(r.uuid(), wallets.brunoMatrix, users.bruno.id, users.ana.email, "SENT", '["ADMIN"]', t(10), null, null, null, null, t(10))
    insInv.run(r.uuid(), wallets.anaMain, users.ana.id, users.fabio.email, "DECLINED", '["CLIENT"]', t(20), null, t(19), null, null, t(19))
    insInv.run(r.uuid(), wallets.anaReserve, users.ana.id, users.gabi.email, "EXPIRED", '["ADMIN"]', t(30), null, null, t(23), null, t(23))
    insInv.run(r.uuid(), wallets.anaMain, users.ana.id, users.eva.email, "CANCELLED", '["CLIENT"]', t(15), null, null, null, t(14), t(14))
  })()

  // ── notifications (core §3, §4) ──
  const insNote = db.prepare("INSERT INTO notifications (id, user_id, title, description, created_at, updated_at, read) VALUES (?, ?, ?, ?, ?, ?, ?)")
  const NOTES: ReadonlyArray<readonly [string, string]> = [
    ["Pix recebido", "Você recebeu um Pix de {v} de {p}."],
    ["Pagamento realizado", "Seu pagamento de {v} para {p} foi concluído."],
    ["Solicitação de aprovação", "Há um pagamento de {v} aguardando sua aprovação."],
    ["Novo acesso", "Detectamos um novo acesso à sua conta pelo navegador."],
    ["Convite para carteira", "{p} convidou você para uma carteira compartilhada."],
    ["Extrato disponível", "A exportação do seu extrato foi concluída."],
    ["Atualização cadastral", "Mantenha seus dados atualizados para continuar usando todos os recursos."]
  ]
  db.transaction(() => {
    for (const u of USER_SPECS) {
      const n = u.key === "ana" ? 45 : 25
      for (let i = 0; i < n; i++) {
        const [title, tpl] = r.pick(NOTES)
        const v = `R$ ${r.int(10, 5000).toLocaleString("pt-BR")},${r.digits(2)}`
        const p = `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`
        const at = iso(now - (n - i) * (DAY_MS / 3) - r.int(0, 3_600_000))
        insNote.run(r.uuid(), users[u.key].id, title, tpl.replace("{v}", v).replace("{p}", p), at, at, i < n - 6 ? 1 : 0)
      }
    }
  })()

  // ── staged approval on Ana's main wallet (features §3–§5) ──
  const insReq = db.prepare(
    `INSERT INTO approval_requests (id, wallet_id, status, amount, payment_json, required_approvals, requested_by, operation_id, transaction_uuid,
     created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`
  )
  const insDec = db.prepare("INSERT INTO approval_decisions (request_id, user_id, decision, reason, decided_at) VALUES (?, ?, ?, ?, ?)")
  const keyOrder = (k: string, desc: string): string => JSON.stringify({ ...decodePixKey(k), description: desc })
  db.transaction(() => {
    db.prepare("INSERT INTO approval_settings (id, wallet_id, min_value, approvers, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      r.uuid(),
      wallets.anaMain,
      100_000,
      2,
      daysAgo(30),
      daysAgo(30)
    )
    const todayStart = spStartOfDay(now)
    const cutoffToday = iso(spCutoffOf(now))
    const started: ReadonlyArray<readonly [number, SeedUserKey, string, string]> = [
      [150_000, "ana", "fornecedor@padariapaodourado.com.br", "Pagamento fornecedor de farinha"],
      [250_000, "ana", "+5511987654321", "Aluguel do galpão"],
      [1_200_000, "diego", "11222333000181", "Compra de equipamentos"]
    ]
    started.forEach(([amount, by, key, desc], i) => {
      const at = iso(Math.max(todayStart + 60_000 * (i + 1), now - (3 - i) * 20 * 60_000))
      insReq.run(r.uuid(), wallets.anaMain, "started", amount, keyOrder(key, desc), 2, users[by].id, null, at, at, cutoffToday)
    })
    // history: finished ones mirror real PIX_OUT rows of the statement
    const outs = db
      .prepare(
        "SELECT operation_id, amount, created_at, counterparty_name FROM statements WHERE wallet_id = ? AND type = 'PIX_OUT' AND status = 'completed' AND amount >= 100000 ORDER BY created_at DESC LIMIT 2"
      )
      .all(wallets.anaMain) as Array<{ operation_id: string; amount: number; created_at: string }>
    outs.forEach((o, i) => {
      const id = r.uuid()
      const at = iso(Date.parse(o.created_at) - 40 * 60_000)
      insReq.run(
        id,
        wallets.anaMain,
        "finished",
        o.amount,
        keyOrder(i === 0 ? "contato@tech-solucoes.com.br" : "+5521998877665", "Pagamento aprovado"),
        2,
        users.ana.id,
        o.operation_id,
        at,
        o.created_at,
        iso(spCutoffOf(Date.parse(at)))
      )
      insDec.run(id, users.carla.id, "approved", null, iso(Date.parse(at) + 10 * 60_000))
      insDec.run(id, users.diego.id, "approved", null, o.created_at)
    })
    const reprovedAt = now - 3 * DAY_MS
    const rid = r.uuid()
    insReq.run(
      rid,
      wallets.anaMain,
      "reproved",
      480_000,
      keyOrder("financeiro@eletrocasa.com.br", "Compra de eletrodomésticos"),
      2,
      users.ana.id,
      null,
      iso(reprovedAt),
      iso(reprovedAt + 30 * 60_000),
      iso(spCutoffOf(reprovedAt))
    )
    insDec.run(rid, users.carla.id, "reproved", "Valor acima do orçamento", iso(reprovedAt + 30 * 60_000))
    const canceledAt = now - 5 * DAY_MS
    const cid = r.uuid()
    insReq.run(
      cid,
      wallets.anaMain,
      "canceled",
      320_000,
      keyOrder("+5531988887777", "Serviço de manutenção"),
      2,
      users.ana.id,
      null,
      iso(canceledAt),
      iso(spCutoffOf(canceledAt)),
      iso(spCutoffOf(canceledAt))
    )
    insDec.run(cid, users.diego.id, "approved", null, iso(canceledAt + 15 * 60_000))
  })()

  seedCards(db, r, now, users, wallets)
  seedBetting(db, r, now, wallets)
  seedPixKeys(db, nowIso)
  seedPixLimitsAndContacts(db, nowIso, wallets.anaMain) // issue 12: limits and favored contacts
  seedPixQrCodes(db, now) // issue 12: one code of each kind of features §3
  seedBillets(db, now, spDateKey(now))
  seedGateway(db, r, now, { matrix: wallets.brunoMatrix, branch: wallets.brunoBranch }, size)
  const tIdx = performance.now()
  createIndexes(db)
  if (process.env["SANDBOX_SEED_TIMING"]) console.log(`[seed] rows+data ${Math.round(tIdx - t0)} ms, indexes ${Math.round(performance.now() - tIdx)} ms`)
  setMeta(db, "seed_size", size)
  setMeta(db, "seed_rows", String(st.written))
  setMeta(db, "seed_users", JSON.stringify(users))
  setMeta(db, "seed_wallets", JSON.stringify(wallets))
  setMeta(db, "seeded_at", nowIso)
  if (fileDb) {
    db.pragma("journal_mode = WAL")
    db.pragma("synchronous = NORMAL")
  }
  return { users, wallets, statementRows: st.written, ms: Math.round(performance.now() - t0) }
}

export const seedInfo = (db: DB): { users: Record<SeedUserKey, { id: string; email: string }>; wallets: Record<WalletKey, string> } | null => {
  const u = db.prepare("SELECT value FROM meta WHERE key = 'seed_users'").get() as { value: string } | undefined
  const w = db.prepare("SELECT value FROM meta WHERE key = 'seed_wallets'").get() as { value: string } | undefined
  if (u === undefined || w === undefined) return null
  return { users: JSON.parse(u.value) as Record<SeedUserKey, { id: string; email: string }>, wallets: JSON.parse(w.value) as Record<WalletKey, string> }
}

export const BANKS_FOR_ACCOUNTS = BANKS
