/** Generated Pix statement rows (the Pix statement projection's tests and the text narrowing's, schema/tables/text-narrow.test.ts). */
import { cnpjFromBase, cpfFromBase, type Prng } from "../../sandbox/prng.ts"
import { BANKS, FIRST_NAMES, LAST_NAMES, ISPB_LIST } from "../../sandbox/names.ts"
import { PIX_STATEMENT_STATUSES, type PixStatementRow } from "../../schema/tables/pix-statement.ts"

const DAY = 86_400_000

/** A Pix row as the ledger would give it: in or out, a person or a company, keys and txids on some rows. */
export const pixRow = (g: Prng, walletId: string, now: number): PixStatementRow => {
  const at = new Date(now - g.int(0, 60 * DAY)).toISOString()
  const company = g.chance(0.25)
  const name = company ? `${g.pick(LAST_NAMES)} Comércio Ltda` : `${g.pick(FIRST_NAMES)} ${g.pick(LAST_NAMES)}`
  const direction = g.pick(["in", "out"] as const)
  return {
    id: g.uuid(),
    wallet_id: walletId,
    operation_id: g.uuid(),
    created_at: at,
    updated_at: at,
    direction,
    status: g.chance(0.8) ? "completed" : g.pick(PIX_STATEMENT_STATUSES),
    currency_symbol: "BRL",
    amount: g.int(1, 500_000),
    description: direction === "in" ? `Pix recebido de ${name}` : g.pick(["Pagamento aluguel", "Mensalidade academia", "Pix enviado", ""]),
    counterparty_name: name,
    counterparty_document: company ? cnpjFromBase(g.digits(8) + "0001") : cpfFromBase(g.digits(9)),
    counterparty_bank: g.chance(0.8) ? g.pick(BANKS) : "",
    key: g.chance(0.5) ? `${g.alnum(8).toLowerCase()}@example.com` : "",
    end_to_end_id: g.chance(0.9) ? `E${g.pick(ISPB_LIST)}${at.slice(0, 16).replace(/\D/g, "")}${g.alnum(11)}` : null,
    txid: g.chance(0.3) ? g.alnum(g.int(26, 35)) : null
  }
}
