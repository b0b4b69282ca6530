/**
 * The bank directory (spec features §3 "TED and banks": a list of banks with codes; §7
 * /users/banking/banks and /users/banking/ted/banks; issue 14): COMPE code (3 digits), ISPB (8
 * digits) and name of real Brazilian banks (public data from the Central Bank's participant lists),
 * plus the sandbox's own bank (999, ISPB 99999999), whose accounts are the seeded users' wallets.
 * Served by the sandbox, searched by name or code (accents and case ignored) by both sides.
 */
import { Schema } from "effect"

export const Bank = Schema.Struct({
  code: Schema.String,
  ispb: Schema.String,
  name: Schema.String
})
export type Bank = typeof Bank.Type

/** The sandbox's own bank: TEDs to its agency 0001 reach the seeded wallets (D-ted-sandbox-bank). */
export const SANDBOX_BANK: Bank = { code: "999", ispb: "99999999", name: "Banco Sandbox S.A." }
export const SANDBOX_AGENCY = "0001"

/** Real banks (COMPE code, ISPB, name), by code. */
export const BANK_DIRECTORY: ReadonlyArray<Bank> = [
  { code: "001", ispb: "00000000", name: "Banco do Brasil S.A." },
  { code: "004", ispb: "07237373", name: "Banco do Nordeste do Brasil S.A." },
  { code: "033", ispb: "90400888", name: "Banco Santander (Brasil) S.A." },
  { code: "041", ispb: "92702067", name: "Banrisul - Banco do Estado do Rio Grande do Sul S.A." },
  { code: "070", ispb: "00000208", name: "BRB - Banco de Brasília S.A." },
  { code: "077", ispb: "00416968", name: "Banco Inter S.A." },
  { code: "104", ispb: "00360305", name: "Caixa Econômica Federal" },
  { code: "197", ispb: "16501555", name: "Stone Instituição de Pagamento S.A." },
  { code: "208", ispb: "30306294", name: "Banco BTG Pactual S.A." },
  { code: "212", ispb: "92894922", name: "Banco Original S.A." },
  { code: "237", ispb: "60746948", name: "Banco Bradesco S.A." },
  { code: "246", ispb: "28195667", name: "Banco ABC Brasil S.A." },
  { code: "260", ispb: "18236120", name: "Nu Pagamentos S.A. (Nubank)" },
  { code: "290", ispb: "08561701", name: "PagSeguro Internet S.A. (PagBank)" },
  { code: "323", ispb: "10573521", name: "Mercado Pago Instituição de Pagamento Ltda." },
  { code: "336", ispb: "31872495", name: "Banco C6 S.A." },
  { code: "341", ispb: "60701190", name: "Itaú Unibanco S.A." },
  { code: "380", ispb: "22896431", name: "PicPay Instituição de Pagamento S.A." },
  { code: "389", ispb: "17184037", name: "Banco Mercantil do Brasil S.A." },
  { code: "422", ispb: "58160789", name: "Banco Safra S.A." },
  { code: "655", ispb: "59588111", name: "Banco Votorantim S.A. (BV)" },
  { code: "745", ispb: "33479023", name: "Banco Citibank S.A." },
  { code: "748", ispb: "01181521", name: "Banco Cooperativo Sicredi S.A." },
  { code: "756", ispb: "02038232", name: "Banco Cooperativo Sicoob S.A." }
]

/** Every bank a TED may go to: the directory and the sandbox's bank. */
export const TED_BANKS: ReadonlyArray<Bank> = [...BANK_DIRECTORY, SANDBOX_BANK]

const fold = (s: string): string =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()

/**
 * Banks matching a search (features §3 "TED and banks", issue 14 "bank search by name or code"):
 * digits match a code's prefix (a short one also without the code's leading zeros: "1" finds 001) or an ISPB's prefix;
 * words match anywhere in the name, accents and case ignored. Empty search: every bank. Code order.
 */
export function searchBanks(banks: ReadonlyArray<Bank>, search: string): ReadonlyArray<Bank> {
  const q = fold(search)
  if (q === "") return [...banks].sort((a, b) => a.code.localeCompare(b.code))
  const digits = /^\d+$/.test(q)
  return banks
    .filter((b) =>
      digits
        ? b.code.startsWith(q) || (q.length < 3 && !q.startsWith("0") && b.code.replace(/^0+/, "").startsWith(q)) || (q.length >= 4 && b.ispb.startsWith(q))
        : q.split(/\s+/).every((w) => fold(b.name).includes(w))
    )
    .sort((a, b) => a.code.localeCompare(b.code))
}

export const bankByCode = (code: string): Bank | undefined => TED_BANKS.find((b) => b.code === code)
