/**
 * The sandbox's answer to a Pix by account (spec features §7 decode by-account; issue 12;
 * D-pix-by-account): an account of the sandbox bank (999, agency 0001: each wallet's account,
 * sandbox/areas/ted/db.ts) resolves to that wallet's owner; a few synthetic accounts at other banks resolve
 * to their synthetic holders; anything else is PIX_ACCOUNT_NOT_FOUND. The document typed must be the
 * holder's (else PIX_ACCOUNT_DOCUMENT_NOT_RELATED). The payment itself settles through the ledger's
 * one Pix path (executePixOut), crediting the resolved wallet.
 */
import type { DB } from "../../db.ts"
import { ApiError } from "../../errors.ts"
import { walletOfSandboxAccount } from "../ted/db.ts"
import { cnpjFromBase, cpfFromBase } from "../../prng.ts"
import { bankByCode, SANDBOX_BANK, type Bank } from "../../../schema/banks.ts"
import { pixAccountProblems, sameAccount, type PixAccountDecodeBody, type PixAccountDecoded } from "../../../schema/pix-account.ts"
import { normalizeDocument } from "../../../schema/validation.ts"
import type { PixPaymentOrder } from "../../../schema/entities.ts"
import { walletOwnerOf } from "../../repo.ts"

/** Synthetic holders at other banks (D-pix-by-account): a natural person at Itaú, one at Banco do Brasil, a company at Nubank. */
export const SYNTHETIC_PIX_ACCOUNTS: ReadonlyArray<{
  readonly bank_code: string
  readonly agency: string
  readonly account: string
  readonly digit: string
  readonly name: string
  readonly document: string
}> = [
  { bank_code: "341", agency: "1234", account: "56789", digit: "0", name: "Marina Alves Pereira", document: cpfFromBase("390533447") },
  { bank_code: "001", agency: "4321", account: "1234567", digit: "8", name: "Paulo Henrique Souza", document: cpfFromBase("714602938") },
  { bank_code: "260", agency: "0001", account: "99887766", digit: "5", name: "Padaria Pão Quente Ltda", document: cnpjFromBase("112223330001") }
]

const maskDocument = (d: string): string => (d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : d)

export interface ResolvedAccount {
  readonly decoded: PixAccountDecoded
  /** The payment order as the ledger and the limits read it (no key; the holder's plain document). */
  readonly order: PixPaymentOrder
  /** The wallet the money lands in when the account is the sandbox bank's; null for another bank. */
  readonly walletId: string | null
}

/**
 * Resolves an account and checks its holder's document. Throws 422 INCORRECT_DATA (fields),
 * PIX_ACCOUNT_NOT_FOUND or PIX_ACCOUNT_DOCUMENT_NOT_RELATED.
 */
export const resolvePixAccount = (db: DB, b: PixAccountDecodeBody, description = ""): ResolvedAccount => {
  const problems = pixAccountProblems(b)
  if (Object.keys(problems).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, problems as Record<string, string>)
  const bank = bankByCode(b.bank_code) as Bank
  let holder: { name: string; document: string; walletId: string | null } | null = null
  if (bank.code === SANDBOX_BANK.code) {
    const walletId = walletOfSandboxAccount(db, b.agency, b.account, b.digit)
    if (walletId !== null) {
      const u = walletOwnerOf(db, walletId)
      if (u !== undefined) holder = { name: u.full_name, document: u.document, walletId }
    }
  } else {
    const s = SYNTHETIC_PIX_ACCOUNTS.find((x) => x.bank_code === bank.code && sameAccount(x, b))
    if (s !== undefined) holder = { name: s.name, document: s.document, walletId: null }
  }
  if (holder === null) throw new ApiError(422, "PIX_ACCOUNT_NOT_FOUND", undefined, { account: "PIX_ACCOUNT_NOT_FOUND" })
  if (normalizeDocument(b.document) !== holder.document) {
    throw new ApiError(422, "PIX_ACCOUNT_DOCUMENT_NOT_RELATED", undefined, { document: "PIX_ACCOUNT_DOCUMENT_NOT_RELATED" })
  }
  const decoded: PixAccountDecoded = {
    bank_code: bank.code,
    bank_name: bank.name,
    ispb: bank.ispb,
    agency: b.agency.trim(),
    account: b.account.trim(),
    digit: b.digit.trim().toUpperCase(),
    account_type: b.account_type,
    beneficiary_name: holder.name,
    beneficiary_document: maskDocument(holder.document),
    beneficiary_bank: bank.name
  }
  const order: PixPaymentOrder = {
    key: "",
    key_type: "random",
    beneficiary_name: holder.name,
    beneficiary_document: holder.document,
    beneficiary_bank: bank.name,
    description
  }
  return { decoded, order, walletId: holder.walletId }
}
