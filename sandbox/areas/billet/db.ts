/**
 * The sandbox's boleto tables and directory (spec features §3 boleto payment / decoded / scheduled /
 * issued, §4 statuses, §5 min/max; issue 14; D-billet-rules): issued boletos (billet_deposits), paid
 * and scheduled payments (billet_payments), the seeded users' issued boletos, and the directory of
 * synthetic payable slips — bank slips (47 digits) with every amount rule (fixed, late with fine and
 * interest, rebate and discount, min/max, any amount, expired, due on a weekend) and collection slips
 * (48 digits: electricity, water, city tax). A synthetic slip is recognised from its line (bank 237,
 * free field "77"+id; collection company "77"+id), so its rules follow from the line and the clock.
 * Also the DDA registry (issue 32 item 2, D-dda): boletos registered against a payer's document, an
 * outside issuer's found by its barcode with the row's own rules.
 */
import { randomUUID } from "node:crypto"
import { ddaById, seededDdaPayers } from "./billet-queries.ts"
import type { DdaRow, DepositRow, PaymentRow } from "./rows.ts"

export type { DdaRow, DepositRow, PaymentRow } from "./rows.ts"
import type Database from "better-sqlite3"
import { decodeBoletoLine, dueDateToFactor, dueFactorToDate, makeBankSlipLine, makeCollectionSlipLine, boletoLineToBarcode } from "../../../schema/boleto.ts"
import { bankBusinessDayOnOrAfter, isBankBusinessDay, parseIsoDate } from "../../../schema/holidays.ts"
import {
  ddaRules,
  type AmountRules,
  type BilletDeposit,
  type BilletPayment,
  type DdaBillet,
  type DivergentAmountType,
  type ScheduledBilletPayment
} from "../../../schema/billet.ts"

type DB = Database.Database

export const createBilletTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS billet_deposits (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  due_date TEXT NOT NULL,
  description TEXT NOT NULL,
  payer_name TEXT NOT NULL,
  payer_document TEXT NOT NULL,
  typeable_line TEXT NOT NULL,
  barcode TEXT NOT NULL UNIQUE,
  received_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS billet_deposits_wallet ON billet_deposits (wallet_id, created_at);
CREATE TABLE IF NOT EXISTS billet_payments (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL,
  operation_id TEXT,
  status TEXT NOT NULL,
  amount INTEGER NOT NULL,
  due_date TEXT,
  limit_due_date TEXT,
  barcode TEXT NOT NULL,
  typeable_line TEXT NOT NULL,
  beneficiary_name TEXT NOT NULL,
  payment_date TEXT,
  canceled_at TEXT,
  confirmed_at TEXT,
  transaction_uuid TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS billet_payments_wallet ON billet_payments (wallet_id, created_at);
CREATE INDEX IF NOT EXISTS billet_payments_due ON billet_payments (status, payment_date);
CREATE TABLE IF NOT EXISTS dda_billets (
  id TEXT PRIMARY KEY,
  payer_document TEXT NOT NULL,
  deposit_id TEXT,
  source TEXT NOT NULL,
  status TEXT NOT NULL,
  issuer_name TEXT NOT NULL,
  issuer_document TEXT NOT NULL,
  description TEXT NOT NULL,
  amount INTEGER NOT NULL,
  due_date TEXT NOT NULL,
  limit_due_date TEXT,
  fine_bp INTEGER NOT NULL,
  interest_per_day INTEGER NOT NULL,
  typeable_line TEXT NOT NULL,
  barcode TEXT NOT NULL UNIQUE,
  paid_at TEXT,
  hidden_at TEXT,
  notified_before_at TEXT,
  notified_due_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS dda_billets_payer ON dda_billets (payer_document, updated_at);
`)
}

export const toDeposit = (r: DepositRow): BilletDeposit => ({
  id: r.id,
  status: r.status,
  amount: r.amount,
  due_date: r.due_date,
  description: r.description,
  payer_name: r.payer_name,
  payer_document: r.payer_document,
  typeable_line: r.typeable_line,
  barcode: r.barcode,
  received_at: r.received_at,
  created_at: r.created_at,
  updated_at: r.updated_at
})
export const toPayment = (r: PaymentRow): BilletPayment => ({
  id: r.id,
  operation_id: r.operation_id,
  status: r.status,
  amount: r.amount,
  due_date: r.due_date,
  limit_due_date: r.limit_due_date,
  barcode: r.barcode,
  typeable_line: r.typeable_line,
  beneficiary_name: r.beneficiary_name,
  payment_date: r.payment_date,
  canceled_at: r.canceled_at,
  created_at: r.created_at,
  confirmed_at: r.confirmed_at,
  updated_at: r.updated_at
})
export const toScheduled = (r: PaymentRow): ScheduledBilletPayment => ({
  id: r.id,
  banking_billet_payment_id: r.id,
  payment_date: r.payment_date ?? "",
  canceled_at: r.canceled_at,
  status: r.status,
  amount: r.amount,
  beneficiary_name: r.beneficiary_name,
  typeable_line: r.typeable_line,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export const toDda = (r: DdaRow): DdaBillet => ({
  id: r.id,
  status: r.status,
  issuer_name: r.issuer_name,
  issuer_document: r.issuer_document,
  description: r.description,
  amount: r.amount,
  due_date: r.due_date,
  limit_due_date: r.limit_due_date,
  fine_bp: r.fine_bp,
  interest_per_day: r.interest_per_day,
  typeable_line: r.typeable_line,
  barcode: r.barcode,
  paid_at: r.paid_at,
  hidden_at: r.hidden_at,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export interface DdaInput {
  readonly payerDocument: string
  readonly depositId?: string | null
  readonly source: DdaRow["source"]
  readonly issuerName: string
  readonly issuerDocument: string
  readonly description: string
  readonly amount: number
  readonly dueDate: string
  readonly fineBp: number
  readonly interestPerDay: number
  /** An issued boleto's own line; otherwise a new one is made (bank 341, free field "66"…). */
  readonly line?: { readonly line: string; readonly barcode: string }
  readonly at: string
}

/** How long after its due date an outside DDA boleto may be paid (D-dda, like the late synthetic slip). */
export const DDA_LIMIT_DAYS = 30

/** Registers a boleto against a payer's document; answers its row. */
export const insertDda = (db: DB, i: DdaInput): DdaRow => {
  let ln = i.line
  while (ln === undefined) {
    const free = `66${randomUUID().replace(/\D/g, "").padEnd(23, "0").slice(0, 23)}`
    const line = makeBankSlipLine({ bank: "341", amountCents: i.amount, dueFactor: dueDateToFactor(i.dueDate) ?? 0, free })
    const barcode = boletoLineToBarcode(line) ?? ""
    if (db.prepare("SELECT 1 FROM dda_billets WHERE barcode = ?").get(barcode) === undefined) ln = { line, barcode }
  }
  const id = randomUUID()
  db.prepare(
    `INSERT INTO dda_billets (id, payer_document, deposit_id, source, status, issuer_name, issuer_document, description, amount, due_date, limit_due_date,
     fine_bp, interest_per_day, typeable_line, barcode, paid_at, hidden_at, notified_before_at, notified_due_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, ?, ?)`
  ).run(
    id,
    i.payerDocument,
    i.depositId ?? null,
    i.source,
    i.issuerName,
    i.issuerDocument,
    i.description,
    i.amount,
    i.dueDate,
    addDays(i.dueDate, i.depositId != null ? ISSUED_LIMIT_DAYS : DDA_LIMIT_DAYS),
    i.fineBp,
    i.interestPerDay,
    ln.line,
    ln.barcode,
    i.at,
    i.at
  )
  return ddaById(db, id)
}

/** Outside issuers of the DDA boletos the sandbox invents (seed, admin, alive). */
export const DDA_ISSUERS: ReadonlyArray<readonly [string, string, string]> = [
  ["Condomínio Edifício Jacarandá", "60746948000112", "Taxa condominial"],
  ["Vivo Telefônica Brasil S.A.", "02558157000162", "Fatura de telefonia"],
  ["Colégio Santa Luzia Ltda", "33530486000129", "Mensalidade escolar"],
  ["Seguradora Amparo S.A.", "61198164000160", "Parcela do seguro"],
  ["Academia Corpo em Forma Ltda", "27865757000102", "Plano trimestral"]
]

/** A due date `days` (< 0) before today whose effective (business) due date is also past: no due-day notice at seed time. */
const overdueDate = (today: string, days: number): string => {
  let d = addDays(today, days)
  while (bankBusinessDayOnOrAfter(d) >= today) d = addDays(d, -1)
  return d
}

/** Seeded DDA boletos (issue 32 item 2): Ana's and Bruno's documents each have one overdue, one due this week, one later. */
export const seedDda = (db: DB, nowMs: number, today: string): void => {
  const at = new Date(nowMs - 2 * 86_400_000).toISOString()
  const payers = seededDdaPayers(db)
  payers.forEach((p, k) => {
    const rows: ReadonlyArray<readonly [number, number, number]> = [
      // [issuer, amount, days from today]: overdue (fine + interest), due this week (no notification yet), later
      [k, 32_750, -4],
      [k + 1, 12_990, 3],
      [k + 2, 84_500, 20]
    ]
    for (const [who, amount, days] of rows) {
      const [name, doc, description] = DDA_ISSUERS[who % DDA_ISSUERS.length] ?? DDA_ISSUERS[0]!
      insertDda(db, {
        payerDocument: p.document,
        source: "seed",
        issuerName: name,
        issuerDocument: doc,
        description,
        amount,
        dueDate: days < 0 ? overdueDate(today, days) : bankBusinessDayOnOrAfter(addDays(today, days)),
        fineBp: 200,
        interestPerDay: 330,
        at
      })
    }
  })
}

/** Our sandbox bank (issued boletos): code and name. */
export const SANDBOX_BANK = { code: "999", name: "Banco Sandbox S.A." } as const
/** How long after its due date an issued boleto may still be paid (D-billet-rules). */
export const ISSUED_LIMIT_DAYS = 30

const BANK_NAMES: Readonly<Record<string, string>> = {
  "001": "Banco do Brasil S.A.",
  "104": "Caixa Econômica Federal",
  "341": "Itaú Unibanco S.A.",
  "237": "Banco Bradesco S.A.",
  "033": "Banco Santander (Brasil) S.A.",
  "260": "Nu Pagamentos S.A.",
  "077": "Banco Inter S.A.",
  "336": "Banco C6 S.A.",
  [SANDBOX_BANK.code]: SANDBOX_BANK.name
}
export const bankName = (code: string): string => BANK_NAMES[code] ?? `Banco ${code}`

export const addDays = (date: string, n: number): string => new Date((parseIsoDate(date) ?? 0) + n * 86_400_000).toISOString().slice(0, 10)

/** The next day on or after `from` that is not a bank business day (a weekend or holiday). */
const nextNonBusinessDay = (from: string): string => {
  let d = from
  while (isBankBusinessDay(d)) d = addDays(d, 1)
  return d
}

interface Synthetic {
  readonly id: string
  readonly label: string
  readonly kind: "bank" | "collection"
  readonly beneficiary: string
  readonly document: string
  /** Due date from today (bank slips). */
  readonly due?: (today: string) => string
  readonly amount: number
  readonly segment?: string
  readonly valueId?: string
  /** The rules given the due date read from the line. */
  readonly rules: (due: string | null, amount: number) => Omit<AmountRules, "original" | "dueDate">
}

const plain = (due: string | null): Omit<AmountRules, "original" | "dueDate"> => ({
  limitDate: due === null ? null : addDays(due, 60),
  rebate: 0,
  discount: 0,
  fineBp: 0,
  interestPerDay: 0,
  divergent: "none" as DivergentAmountType,
  min: null,
  max: null
})

/** The synthetic slips (issue 14 "every kind of amount rule"). Ids are two digits, in the line's free field. */
export const SYNTHETIC: ReadonlyArray<Synthetic> = [
  {
    id: "01",
    label: "fixed",
    kind: "bank",
    beneficiary: "Distribuidora Aurora Ltda",
    document: "11222333000181",
    due: (t) => addDays(t, 10),
    amount: 15_000,
    rules: plain
  },
  {
    id: "02",
    label: "late: fine 2 % + interest 0.033 %/day",
    kind: "bank",
    beneficiary: "Construtora Horizonte S.A.",
    document: "11444777000161",
    due: (t) => addDays(t, -5),
    amount: 20_000,
    rules: (due) => ({ ...plain(due), limitDate: due === null ? null : addDays(due, 30), fineBp: 200, interestPerDay: 330 })
  },
  {
    id: "03",
    label: "rebate R$ 10,00 + discount R$ 15,00 until due",
    kind: "bank",
    beneficiary: "Escola Aprender Ltda",
    document: "04252011000110",
    due: (t) => addDays(t, 5),
    amount: 30_000,
    rules: (due) => ({ ...plain(due), rebate: 1_000, discount: 1_500, fineBp: 200, interestPerDay: 330 })
  },
  {
    id: "04",
    label: "divergent: min R$ 50,00, max R$ 200,00",
    kind: "bank",
    beneficiary: "Clínica Sorriso Ltda",
    document: "33000167000101",
    due: (t) => addDays(t, 10),
    amount: 10_000,
    rules: (due) => ({ ...plain(due), divergent: "min_max", min: 5_000, max: 20_000 })
  },
  {
    id: "05",
    label: "divergent: any amount",
    kind: "bank",
    beneficiary: "Instituto Doar Mais",
    document: "60701190000104",
    due: (t) => addDays(t, 20),
    amount: 0,
    rules: (due) => ({ ...plain(due), divergent: "any", min: 1, max: null })
  },
  {
    id: "06",
    label: "expired: due 40 days ago, limit 30 days after due",
    kind: "bank",
    beneficiary: "Transportadora Via Sul Ltda",
    document: "07526557000100",
    due: (t) => addDays(t, -40),
    amount: 12_000,
    rules: (due) => ({ ...plain(due), limitDate: due === null ? null : addDays(due, 30), fineBp: 200, interestPerDay: 330 })
  },
  {
    id: "07",
    label: "due on a weekend or holiday: no charges on the next business day",
    kind: "bank",
    beneficiary: "Eletro Casa Comércio Ltda",
    document: "19131243000197",
    due: (t) => nextNonBusinessDay(addDays(t, 1)),
    amount: 45_000,
    rules: (due) => ({ ...plain(due), fineBp: 200, interestPerDay: 330 })
  },
  {
    id: "11",
    label: "electricity (collection)",
    kind: "collection",
    beneficiary: "Enel Distribuição São Paulo",
    document: "61695227000193",
    segment: "3",
    valueId: "6",
    amount: 18_990,
    rules: () => plain(null)
  },
  {
    id: "12",
    label: "water (collection)",
    kind: "collection",
    beneficiary: "Sabesp",
    document: "43776517000180",
    segment: "2",
    valueId: "8",
    amount: 8_745,
    rules: () => plain(null)
  },
  {
    id: "13",
    label: "city tax IPTU (collection)",
    kind: "collection",
    beneficiary: "Prefeitura Municipal - IPTU",
    document: "46395000000139",
    segment: "1",
    valueId: "6",
    amount: 51_230,
    rules: () => plain(null)
  }
]

export const syntheticLine = (s: Synthetic, today: string): string =>
  s.kind === "bank"
    ? makeBankSlipLine({ bank: "237", amountCents: s.amount, dueFactor: dueDateToFactor(s.due?.(today) ?? today) ?? 0, free: `77${s.id}` })
    : makeCollectionSlipLine({ segment: s.segment ?? "3", valueId: s.valueId ?? "6", amountCents: s.amount, company: `77${s.id}` })

/** What a line is, for decode and pay. */
export interface Slip {
  readonly line: string
  readonly barcode: string
  readonly kind: "bank" | "collection"
  readonly rules: AmountRules
  readonly beneficiary: string
  readonly document: string
  readonly bankCode: string
  /** The issued boleto it is, when the sandbox issued it. */
  readonly deposit: DepositRow | null
  /** The DDA registration it is, when an outside issuer registered it (D-dda); its rules are the row's. */
  readonly dda?: DdaRow
}

/** Resolves a valid typeable line (plain digits) against the issued boletos, the directory, or any valid slip. */
export const resolveSlip = (db: DB, line: string, nowMs: number): Slip | null => {
  const d = decodeBoletoLine(line)
  if (d === null) return null
  const barcode = d.barcode
  if (d.kind === "bank") {
    const due = d.dueFactor === 0 ? null : dueFactorToDate(d.dueFactor, new Date(nowMs))
    const dep = db.prepare("SELECT * FROM billet_deposits WHERE barcode = ?").get(barcode) as DepositRow | undefined
    if (dep !== undefined) {
      const owner = db.prepare("SELECT u.full_name, u.document FROM users u JOIN wallets w ON w.owner_id = u.id WHERE w.id = ?").get(dep.wallet_id) as
        { full_name: string; document: string } | undefined
      return {
        line,
        barcode,
        kind: "bank",
        beneficiary: owner?.full_name ?? "Beneficiário",
        document: owner?.document ?? "",
        bankCode: SANDBOX_BANK.code,
        deposit: dep,
        rules: {
          original: dep.amount,
          dueDate: dep.due_date,
          limitDate: addDays(dep.due_date, ISSUED_LIMIT_DAYS),
          rebate: 0,
          discount: 0,
          fineBp: 0,
          interestPerDay: 0,
          divergent: "none",
          min: null,
          max: null
        }
      }
    }
    const dda = db.prepare("SELECT * FROM dda_billets WHERE barcode = ? AND deposit_id IS NULL").get(barcode) as DdaRow | undefined
    if (dda !== undefined) {
      return {
        line,
        barcode,
        kind: "bank",
        beneficiary: dda.issuer_name,
        document: dda.issuer_document,
        bankCode: d.bank,
        deposit: null,
        dda,
        rules: ddaRules(dda)
      }
    }
    const syn = d.bank === "237" && d.free.startsWith("77") ? SYNTHETIC.find((s) => s.kind === "bank" && s.id === d.free.slice(2, 4)) : undefined
    if (syn !== undefined) {
      return {
        line,
        barcode,
        kind: "bank",
        beneficiary: syn.beneficiary,
        document: syn.document,
        bankCode: d.bank,
        deposit: null,
        rules: { original: d.amountCents, dueDate: due, ...syn.rules(due, d.amountCents) }
      }
    }
    // any other valid slip: a generic beneficiary of its bank, its printed amount (none printed: any amount)
    const r = plain(due)
    return {
      line,
      barcode,
      kind: "bank",
      beneficiary: `Beneficiário ${bankName(d.bank)}`,
      document: "00000000000191",
      bankCode: d.bank,
      deposit: null,
      rules: { original: d.amountCents, dueDate: due, ...r, ...(d.amountCents === 0 ? { divergent: "any" as const, min: 1 } : {}) }
    }
  }
  const syn = d.company.startsWith("77") ? SYNTHETIC.find((s) => s.kind === "collection" && s.id === d.company.slice(2, 4)) : undefined
  const fixed = d.valueId === "6" || d.valueId === "8"
  return {
    line,
    barcode,
    kind: "collection",
    beneficiary: syn?.beneficiary ?? `Convênio ${d.company}`,
    document: syn?.document ?? "00000000000191",
    bankCode: "",
    deposit: null,
    rules: { original: fixed ? d.amountCents : 0, dueDate: null, ...plain(null), ...(fixed ? {} : { divergent: "any" as const, min: 1 }) }
  }
}

/** A new issued boleto's line and barcode (our bank 999; the free field carries a sequence). */
export const issueLine = (db: DB, amount: number, dueDate: string): { line: string; barcode: string } => {
  const n = (db.prepare("SELECT count(*) AS n FROM billet_deposits").get() as { n: number }).n + 1
  const factor = dueDateToFactor(dueDate) ?? 0
  for (let k = 0; ; k++) {
    const free = `55${String(n + k * 100_000).padStart(11, "0")}${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`
    const line = makeBankSlipLine({ bank: SANDBOX_BANK.code, amountCents: amount, dueFactor: factor, free })
    const barcode = boletoLineToBarcode(line) ?? ""
    if (db.prepare("SELECT 1 FROM billet_deposits WHERE barcode = ?").get(barcode) === undefined) return { line, barcode }
  }
}

/** Seeded issued boletos (issue 14): each company's default wallet has two to be paid, one received. */
export const seedBillets = (db: DB, nowMs: number, today: string): void => {
  const wallets = db.prepare("SELECT w.id FROM wallets w JOIN users u ON u.id = w.owner_id WHERE w.is_default = 1 AND u.type = 'LEGAL_PERSON'").all() as Array<{
    id: string
  }>
  const ins =
    db.prepare(`INSERT INTO billet_deposits (id, wallet_id, status, amount, due_date, description, payer_name, payer_document, typeable_line, barcode, received_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const at = new Date(nowMs - 86_400_000).toISOString()
  for (const w of wallets) {
    const rows: Array<[string, number, string, string]> = [
      ["CREATED_PENDING", 89_900, bankBusinessDayOnOrAfter(addDays(today, 7)), "Pedido 1042 - materiais"],
      ["CREATED_PENDING", 25_000, bankBusinessDayOnOrAfter(addDays(today, 15)), "Mensalidade de serviço"],
      ["RECEIVED", 47_500, addDays(today, -3), "Pedido 1017"]
    ]
    for (const [status, amount, due, description] of rows) {
      const { line, barcode } = issueLine(db, amount, due)
      ins.run(
        randomUUID(),
        w.id,
        status,
        amount,
        due,
        description,
        "Mercado Bom Preço Ltda",
        "11222333000181",
        line,
        barcode,
        status === "RECEIVED" ? at : null,
        at,
        at
      )
    }
  }
  seedDda(db, nowMs, today)
}

// the routes' reads and writes (issue 29 item 7) live in billet-queries.ts: `repo.ts` is not imported there either (it
// would close a cycle through db.ts); re-exported here, where the routes import them from
export * from "./billet-queries.ts"
