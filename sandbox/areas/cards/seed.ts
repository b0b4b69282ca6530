/**
 * Seeded cards (spec features §3, §4): users with virtual and physical cards in every state —
 * pending (awaiting activation, delivered or on its way), activated, blocked, cancelled (deleted),
 * a card a new copy replaced — and months of purchases: the seeded CARD_PURCHASE rows of those
 * wallets are assigned to their cards (the description names the card, `•••• 1234`), so balances
 * and running totals stay those the statement generator wrote. Carla starts without cards (the
 * "five virtual cards" flow), Diego with one physical card to activate.
 */
import type { DB } from "../../db.ts"
import type { Prng } from "../../prng.ts"
import { luhnComplete } from "./db.ts"
import { cardTag } from "../../../schema/cards.ts"
import { DAY_MS, iso } from "../../time.ts"

interface Spec {
  readonly wallet: string
  readonly user: string
  readonly virtual: boolean
  readonly status: "pending" | "activated" | "blocked" | "cancelled"
  readonly name: string
  readonly nickname?: string
  readonly ageDays: number
  readonly replacedBy?: number
  readonly before?: "pending" | "activated"
  readonly buys?: boolean
}

export const seedCards = (db: DB, r: Prng, now: number, users: Readonly<Record<string, { id: string }>>, wallets: Readonly<Record<string, string>>): void => {
  const addressOf = (userId: string): string | null => {
    const a = db.prepare("SELECT address_json FROM users WHERE id = ?").get(userId) as { address_json: string | null } | undefined
    if (a?.address_json == null) return null
    const j = JSON.parse(a.address_json) as { street: string; number: number; neighborhood: string; city: string; federative_unit: string; zip_code: string }
    return `${j.street}, ${j.number}, ${j.neighborhood}, ${j.city} - ${j.federative_unit}, ${j.zip_code}`
  }
  const ana = users["ana"]?.id ?? "",
    bruno = users["bruno"]?.id ?? "",
    diego = users["diego"]?.id ?? "",
    helena = users["helena"]?.id ?? ""
  const specs: Spec[] = [
    // Ana: every state
    { wallet: wallets["anaMain"] ?? "", user: ana, virtual: false, status: "blocked", name: "ANA B SOUZA", ageDays: 400, replacedBy: 1, before: "activated" },
    { wallet: wallets["anaMain"] ?? "", user: ana, virtual: false, status: "activated", name: "ANA B SOUZA", ageDays: 120, buys: true },
    {
      wallet: wallets["anaMain"] ?? "",
      user: ana,
      virtual: true,
      status: "activated",
      name: "ANA B SOUZA",
      nickname: "Compras online",
      ageDays: 100,
      buys: true
    },
    {
      wallet: wallets["anaMain"] ?? "",
      user: ana,
      virtual: true,
      status: "blocked",
      name: "ANA B SOUZA",
      nickname: "Assinaturas",
      ageDays: 80,
      before: "activated",
      buys: true
    },
    { wallet: wallets["anaMain"] ?? "", user: ana, virtual: true, status: "cancelled", name: "ANA B SOUZA", nickname: "Viagem", ageDays: 200 },
    // Bruno: a physical card on its way, a virtual one in use
    { wallet: wallets["brunoMatrix"] ?? "", user: bruno, virtual: false, status: "pending", name: "BRUNO LIMA", ageDays: 2 },
    {
      wallet: wallets["brunoMatrix"] ?? "",
      user: bruno,
      virtual: true,
      status: "activated",
      name: "BRUNO LIMA",
      nickname: "Fornecedores",
      ageDays: 60,
      buys: true
    },
    // Diego: a delivered physical card awaiting activation
    { wallet: wallets["diego"] ?? "", user: diego, virtual: false, status: "pending", name: "DIEGO A FERREIRA", ageDays: 7 },
    // Helena: a physical card and a virtual one, both in use
    { wallet: wallets["helena"] ?? "", user: helena, virtual: false, status: "activated", name: "HELENA M CASTRO", ageDays: 90, buys: true },
    {
      wallet: wallets["helena"] ?? "",
      user: helena,
      virtual: true,
      status: "activated",
      name: "HELENA M CASTRO",
      nickname: "Streaming",
      ageDays: 50,
      buys: true
    }
  ]
  const ids = specs.map(() => r.uuid())
  const ins = db.prepare(
    `INSERT INTO cards (id, wallet_id, user_id, virtual, status, status_before_block, card_name, nickname, number, cvv, expiry, attempts_left,
     replaced_by, address, requested_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 3, ?, ?, ?, ?, ?)`
  )
  const buyers = new Map<string, Array<{ id: string; lastFour: string; since: string }>>()
  db.transaction(() => {
    specs.forEach((s, i) => {
      let body = "539911"
      while (body.length < 15) body += r.digits(1)
      const number = luhnComplete(body)
      const created = now - s.ageDays * DAY_MS
      const d = new Date(created)
      const expiry = `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String((d.getUTCFullYear() + 5) % 100).padStart(2, "0")}`
      ins.run(
        ids[i],
        s.wallet,
        s.user,
        s.virtual ? 1 : 0,
        s.status,
        s.before ?? null,
        s.name,
        s.nickname ?? "",
        number,
        r.digits(3),
        expiry,
        s.replacedBy !== undefined ? ids[s.replacedBy] : null,
        s.virtual ? null : addressOf(s.user),
        iso(created),
        iso(created),
        iso(now - 60_000 - i)
      )
      if (s.buys === true) {
        const list = buyers.get(s.wallet) ?? []
        list.push({ id: ids[i] ?? "", lastFour: number.slice(-4), since: iso(created) })
        buyers.set(s.wallet, list)
      }
    })
    // months of purchases: the generator's CARD_PURCHASE rows, each given to one of the wallet's cards
    const rows = db.prepare("SELECT rowid AS rid, description, created_at FROM statements WHERE wallet_id = ? AND type = 'CARD_PURCHASE'")
    const upd = db.prepare("UPDATE statements SET description = ? WHERE rowid = ?")
    for (const [wallet, cards] of buyers) {
      for (const row of rows.all(wallet) as Array<{ rid: number; description: string; created_at: string }>) {
        const eligible = cards.filter((c) => c.since <= row.created_at)
        const c = eligible.length > 0 ? r.pick(eligible) : r.pick(cards)
        upd.run(row.description.replace(/^(.*?)( - )/, `$1 ${cardTag(c.lastFour)}$2`), row.rid)
      }
    }
  })()
}
