/**
 * Deterministic, realistic statement rows (features §3 StatementEntry) for the projection's
 * tests and its 1M-row measurement (DESIGN budgets "filter-1m", "projection-memory"): a seeded
 * PRNG, UUID ids, Pix end-to-end ids (E + ISPB + yyyyMMddHHmm + 11 alphanumerics), CPF/CNPJ
 * documents (mostly formatted), accented Brazilian names, ~3,000 distinct descriptions and
 * ~20,000 counterparties, running balances per wallet and currency. Rows come out in time order
 * (ascending, or descending like the API's default created_at desc pages), in chunks, so a
 * million rows never need to be in memory at once.
 */
import type { CurrencySymbol } from "../../schema/common.ts"
import type { Direction, StatementEntry, StatementStatus, StatementType } from "../../schema/entities.ts"

/** mulberry32: tiny, fast, and good enough for test data. */
export class Prng {
  private s: number
  constructor(seed: number) {
    this.s = seed >>> 0
  }
  u32(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return (t ^ (t >>> 14)) >>> 0
  }
  next(): number {
    return this.u32() / 4294967296
  }
  int(n: number): number {
    return Math.floor(this.next() * n)
  }
  pick<T>(xs: ReadonlyArray<T>): T {
    return xs[this.int(xs.length)] as T
  }
  /** Index skewed towards 0: a few counterparties and descriptions are frequent. */
  skewed(n: number): number {
    const x = this.next()
    return Math.floor(n * x * x)
  }
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0
    for (const [, w] of items) total += w
    let x = this.next() * total
    for (const [v, w] of items) {
      x -= w
      if (x < 0) return v
    }
    return (items[items.length - 1] as readonly [T, number])[0]
  }
}

const HEX: string[] = []
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, "0"))
const hex8 = (x: number): string => (HEX[x >>> 24] as string) + HEX[(x >>> 16) & 255] + HEX[(x >>> 8) & 255] + HEX[x & 255]

/** A v4 UUID, lowercase, from the generator. */
export const uuidFrom = (p: Prng): string => {
  const a = hex8(p.u32())
  const b = hex8(p.u32())
  const c = hex8(p.u32())
  const d = hex8(p.u32())
  const variant = "89ab"[p.int(4)] as string
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`
}

const FIRST = [
  "João",
  "José",
  "Maria",
  "Ana",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Lucas",
  "Luiz",
  "Marcos",
  "Luís",
  "Gabriel",
  "Rafael",
  "Daniel",
  "Marcelo",
  "Bruno",
  "Eduardo",
  "Felipe",
  "Raimundo",
  "Rodrigo",
  "Manoel",
  "André",
  "Fernando",
  "Fábio",
  "Leonardo",
  "Gustavo",
  "Guilherme",
  "Tiago",
  "Ricardo",
  "Márcio",
  "Jorge",
  "Sebastião",
  "Alexandre",
  "Roberto",
  "Vítor",
  "Sérgio",
  "Cláudio",
  "Geraldo",
  "Júlio",
  "Vinícius",
  "Rogério",
  "Mário",
  "Flávio",
  "Francisca",
  "Antônia",
  "Adriana",
  "Juliana",
  "Márcia",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Camila",
  "Jéssica",
  "Letícia",
  "Júlia",
  "Luciana",
  "Mariana",
  "Gabriela",
  "Vitória",
  "Cláudia",
  "Beatriz",
  "Sônia",
  "Renata",
  "Conceição",
  "Ângela",
  "Lúcia",
  "Débora",
  "Tânia",
  "Íris",
  "Élida",
  "Otávio",
  "Inês",
  "Valéria"
] as const
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Simões",
  "Brandão",
  "Magalhães",
  "Patrício",
  "Assunção",
  "Figueirêdo",
  "Caetano",
  "Pinheiro",
  "Cavalcanti",
  "Peixoto",
  "Queiroz",
  "Coelho",
  "Guimarães",
  "Sá",
  "Conceição",
  "Estêvão",
  "Romão",
  "Tavares"
] as const
const SHOP = [
  "Padaria",
  "Mercado",
  "Farmácia",
  "Açougue",
  "Posto",
  "Restaurante",
  "Lanchonete",
  "Auto Peças",
  "Papelaria",
  "Distribuidora",
  "Comércio",
  "Construtora",
  "Transportes",
  "Clínica",
  "Ótica",
  "Pet Shop",
  "Academia",
  "Hotel",
  "Sorveteria",
  "Confeitaria",
  "Empório",
  "Hortifrúti",
  "Livraria",
  "Floricultura",
  "Oficina"
] as const
const SHOP_NAME = [
  "São José",
  "Boa Vista",
  "Estrela",
  "Central",
  "Progresso",
  "Nossa Senhora Aparecida",
  "Bom Preço",
  "Ipê",
  "Jacarandá",
  "Paraná",
  "Maranhão",
  "Guarani",
  "Tropical",
  "Sol Nascente",
  "Três Irmãos",
  "Vitória",
  "Real",
  "Nova Era",
  "Açaí",
  "Itapuã",
  "Pará",
  "Goiânia",
  "Piauí",
  "Ceará",
  "Tatuapé",
  "Moóca",
  "Belém",
  "Jardim",
  "Primavera",
  "Canaã"
] as const
const SHOP_SUFFIX = ["LTDA", "ME", "EIRELI", "S.A.", "Ltda.", ""] as const
const MEMO = [
  "aluguel",
  "mensalidade",
  "presente",
  "reembolso jantar",
  "conta de luz",
  "condomínio",
  "escola",
  "academia",
  "supermercado",
  "salário",
  "adiantamento",
  "comissão",
  "pensão",
  "feira",
  "farmácia",
  "gasolina",
  "uber",
  "ifood",
  "viagem",
  "hotel",
  "passagem",
  "material de construção",
  "consulta médica",
  "dentista",
  "veterinário",
  "seguro",
  "internet",
  "telefone",
  "água",
  "gás",
  "IPTU",
  "IPVA",
  "parcela do carro",
  "empréstimo",
  "devolução",
  "vaquinha",
  "churrasco",
  "aniversário",
  "casamento",
  "formatura",
  "manutenção",
  "frete",
  "serviços",
  "honorários",
  "doação",
  "dízimo"
] as const
const MEMO_QUALIFIER = ["", " março", " abril", " maio", " junho", " julho", " agosto"] as const
const TYPE_BASE: Record<StatementType, string> = {
  PIX_IN: "Pix recebido",
  PIX_OUT: "Pix enviado",
  TED_IN: "TED recebida",
  TED_OUT: "TED enviada",
  BILLET_PAYMENT: "Pagamento de boleto",
  BILLET_DEPOSIT: "Depósito por boleto",
  CONVERSION_IN: "Conversão recebida",
  CONVERSION_OUT: "Conversão enviada",
  CARD_PURCHASE: "Compra no cartão",
  FEE: "Tarifa",
  REFUND: "Estorno",
  GATEWAY_DEPOSIT: "Depósito gateway",
  GATEWAY_WITHDRAW: "Saque gateway"
}
const TYPE_WEIGHTS: ReadonlyArray<readonly [StatementType, number]> = [
  ["PIX_IN", 25],
  ["PIX_OUT", 25],
  ["TED_IN", 3],
  ["TED_OUT", 3],
  ["BILLET_PAYMENT", 8],
  ["BILLET_DEPOSIT", 2],
  ["CONVERSION_IN", 1],
  ["CONVERSION_OUT", 1],
  ["CARD_PURCHASE", 20],
  ["FEE", 6],
  ["REFUND", 2],
  ["GATEWAY_DEPOSIT", 2],
  ["GATEWAY_WITHDRAW", 2]
]
const IN_TYPES = new Set<StatementType>(["PIX_IN", "TED_IN", "BILLET_DEPOSIT", "CONVERSION_IN", "REFUND", "GATEWAY_DEPOSIT"])
const STATUS_WEIGHTS: ReadonlyArray<readonly [StatementStatus, number]> = [
  ["completed", 90],
  ["pending", 4],
  ["failed", 4],
  ["reverted", 2]
]
const ISPB = ["00000000", "00360305", "60701190", "90400888", "00416968", "18236120", "60746948", "10573521", "31872495", "22896431"] as const
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
const BANK_NAME = "Banco Carteira S.A."
const BANK_DOC = "12.345.678/0001-95"

const cpfCheck = (digits: number[]): number[] => {
  const dv = (len: number): number => {
    let s = 0
    for (let i = 0; i < len; i++) s += (digits[i] as number) * (len + 1 - i)
    const r = (s * 10) % 11
    return r === 10 ? 0 : r
  }
  digits.push(dv(9))
  digits.push(dv(10))
  return digits
}
const cnpjCheck = (digits: number[]): number[] => {
  const dv = (weights: number[]): number => {
    let s = 0
    for (let i = 0; i < weights.length; i++) s += (digits[i] as number) * (weights[i] as number)
    const r = s % 11
    return r < 2 ? 0 : 11 - r
  }
  digits.push(dv([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]))
  digits.push(dv([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]))
  return digits
}

interface Counterparty {
  readonly name: string
  readonly document: string
}

export interface RowGeneratorOptions {
  readonly seed?: number
  /** Rows the generator will produce in all (spaces the timestamps over the span). */
  readonly total: number
  readonly wallets?: number
  readonly counterparties?: number
  /** Distinct description suffixes per type (13 types × this ≈ distinct descriptions). */
  readonly descriptionsPerType?: number
  /** Epoch ms of the oldest row (default 2024-01-01T03:00Z). */
  readonly start?: number
  readonly spanDays?: number
  /** "desc": newest first, like the API's default order. */
  readonly order?: "asc" | "desc"
  /** Timestamps are multiples of this (1000 gives many equal instants, to test tie-breaks). */
  readonly resolutionMs?: number
}

export class StatementRowGenerator {
  readonly walletIds: ReadonlyArray<string>
  private readonly p: Prng
  private readonly people: Counterparty[] = []
  private readonly shops: Counterparty[] = []
  private readonly suffixes: string[] = []
  private readonly total: number
  private readonly start: number
  private readonly span: number
  private readonly order: "asc" | "desc"
  private readonly resolution: number
  private produced = 0
  private readonly walletWeights: ReadonlyArray<readonly [number, number]>
  private readonly balances = new Map<string, number>()
  private readonly lastOutOperation = new Map<string, string>()

  constructor(o: RowGeneratorOptions) {
    this.p = new Prng(o.seed ?? 1)
    this.total = Math.max(1, o.total)
    this.start = o.start ?? Date.UTC(2024, 0, 1, 3)
    this.span = (o.spanDays ?? 730) * 86_400_000
    this.order = o.order ?? "asc"
    this.resolution = Math.max(1, o.resolutionMs ?? 1)
    const ids: string[] = []
    for (let i = 0; i < (o.wallets ?? 3); i++) ids.push(uuidFrom(this.p))
    this.walletIds = ids
    // a main wallet, a second one, then small ones
    this.walletWeights = ids.map((_, i) => [i, i === 0 ? 60 : i === 1 ? 30 : 10] as const)
    const nCp = o.counterparties ?? 20_000
    const seen = new Set<string>()
    while (this.people.length + this.shops.length < nCp) {
      const company = this.p.next() < 0.3
      const name = company
        ? `${this.p.pick(SHOP)} ${this.p.pick(SHOP_NAME)} ${this.p.pick(SHOP_SUFFIX)}`.trim() + (this.p.next() < 0.5 ? ` ${this.p.int(900) + 100}` : "")
        : `${this.p.pick(FIRST)} ${this.p.pick(LAST)} ${this.p.pick(LAST)}`
      const digits: number[] = []
      for (let i = 0; i < (company ? 8 : 9); i++) digits.push(this.p.int(10))
      if (company) digits.push(0, 0, 0, 1)
      const d = (company ? cnpjCheck(digits) : cpfCheck(digits)).join("")
      // most documents arrive formatted, some as bare digits (both must match "12345678")
      const formatted =
        this.p.next() < 0.1
          ? d
          : company
            ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`
            : `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
      if (seen.has(formatted)) continue
      seen.add(formatted)
      ;(company ? this.shops : this.people).push({ name, document: formatted })
    }
    const perType = o.descriptionsPerType ?? 230
    for (let i = 0; i < perType; i++) {
      const m = MEMO[i % MEMO.length] as string
      const q = MEMO_QUALIFIER[Math.floor(i / MEMO.length) % MEMO_QUALIFIER.length] as string
      this.suffixes.push(i < MEMO.length * MEMO_QUALIFIER.length ? m + q : `${m} ${i}`)
    }
  }

  /** The next `count` rows (fewer at the end). */
  take(count: number): StatementEntry[] {
    const out: StatementEntry[] = []
    const n = Math.min(count, this.total - this.produced)
    for (let i = 0; i < n; i++) out.push(this.row(this.produced++))
    return out
  }

  private row(k: number): StatementEntry {
    const p = this.p
    // evenly spaced with jitter; "desc" walks the same timeline backwards
    const slot = this.order === "asc" ? k : this.total - 1 - k
    const base = this.start + (slot / this.total) * this.span
    const created = Math.floor((base + p.next() * (this.span / this.total) * 0.9) / this.resolution) * this.resolution
    const wallet = this.walletIds[p.weighted(this.walletWeights)] as string
    const type = p.weighted(TYPE_WEIGHTS)
    const direction: Direction = IN_TYPES.has(type) ? "in" : "out"
    const status = p.weighted(STATUS_WEIGHTS)
    let currency: CurrencySymbol = "BRL"
    // a conversion moves money between BRL and a crypto account: half of them land (in) or
    // leave (out) on the crypto side, so each currency sees both directions
    if ((type === "CONVERSION_IN" || type === "CONVERSION_OUT") && p.next() < 0.5) currency = p.next() < 0.7 ? "BTC" : "USDT"
    let amount: number
    if (type === "FEE") amount = 50 + p.int(1450)
    else if (currency === "BTC")
      amount = Math.round(Math.exp(Math.log(1000) + p.next() * Math.log(5000))) // sats
    else if (currency === "USDT") amount = Math.round(Math.exp(Math.log(1e6) + p.next() * Math.log(1000)))
    else if (direction === "in")
      amount = Math.round(Math.exp(Math.log(500) + p.next() * Math.log(2940))) // 5 to 14 700 BRL
    else amount = Math.round(Math.exp(Math.log(100) + p.next() * Math.log(10_000))) // 1 to 10 000 BRL
    // ins are fewer than outs (34 to 59 in 100) but larger, so that the expected flows match and
    // balances wander around their opening value instead of drifting off
    let cp: Counterparty
    if (type === "FEE" || type === "CONVERSION_IN" || type === "CONVERSION_OUT") cp = { name: BANK_NAME, document: BANK_DOC }
    else if (type === "CARD_PURCHASE" || type === "BILLET_PAYMENT" || type === "GATEWAY_DEPOSIT" || type === "GATEWAY_WITHDRAW")
      cp = this.shops[p.skewed(this.shops.length)] as Counterparty
    else cp = (p.next() < 0.8 ? this.people[p.skewed(this.people.length)] : this.shops[p.skewed(this.shops.length)]) as Counterparty
    const description = p.next() < 0.3 ? TYPE_BASE[type] : `${TYPE_BASE[type]} - ${this.suffixes[p.skewed(this.suffixes.length)] as string}`
    const counted = status === "completed" || status === "pending"
    const signed = direction === "in" ? amount : -amount
    const key = wallet + currency
    let bal = this.balances.get(key) ?? (currency === "BRL" ? 10_000_000 + p.int(90_000_000) : 1_000_000 + p.int(9_000_000))
    let balanceAfter: number
    if (this.order === "asc") {
      if (counted) bal += signed
      balanceAfter = bal
    } else {
      // walking back in time: this row's balance_after is the current balance; before it, less the row
      balanceAfter = bal
      if (counted) bal -= signed
    }
    this.balances.set(key, bal)
    let operation = uuidFrom(p)
    if (type === "FEE") {
      const prev = this.lastOutOperation.get(wallet)
      if (prev !== undefined && p.next() < 0.7) operation = prev
    } else if (direction === "out") this.lastOutOperation.set(wallet, operation)
    const createdIso = new Date(created).toISOString()
    let e2e: string | null = null
    if (type === "PIX_IN" || type === "PIX_OUT") {
      let tail = ""
      for (let i = 0; i < 11; i++) tail += ALNUM[p.int(ALNUM.length)]
      e2e =
        "E" +
        p.pick(ISPB) +
        createdIso.slice(0, 4) +
        createdIso.slice(5, 7) +
        createdIso.slice(8, 10) +
        createdIso.slice(11, 13) +
        createdIso.slice(14, 16) +
        tail
    }
    const updated = status === "pending" ? created : created + p.int(300_000)
    return {
      id: uuidFrom(p),
      wallet_id: wallet,
      operation_id: operation,
      created_at: createdIso,
      updated_at: new Date(updated).toISOString(),
      type,
      direction,
      status,
      currency_symbol: currency,
      amount,
      balance_after: balanceAfter,
      description,
      counterparty_name: cp.name,
      counterparty_document: cp.document,
      end_to_end_id: e2e,
      transaction_uuid: direction === "out" && p.next() < 0.3 ? uuidFrom(p) : null
    }
  }
}

/** `count` rows at once (tests). "shuffled" loads them in a random order. */
export const generateRows = (
  count: number,
  options: Omit<RowGeneratorOptions, "total" | "order"> & { readonly order?: "asc" | "desc" | "shuffled" } = {}
): { readonly rows: StatementEntry[]; readonly walletIds: ReadonlyArray<string> } => {
  const { order, ...rest } = options
  const g = new StatementRowGenerator({ ...rest, total: count, order: order === "desc" ? "desc" : "asc" })
  const rows = g.take(count)
  if (order === "shuffled") {
    const p = new Prng((options.seed ?? 1) ^ 0x9e3779b9)
    for (let i = rows.length - 1; i > 0; i--) {
      const j = p.int(i + 1)
      const t = rows[i] as StatementEntry
      rows[i] = rows[j] as StatementEntry
      rows[j] = t
    }
  }
  return { rows, walletIds: g.walletIds }
}
