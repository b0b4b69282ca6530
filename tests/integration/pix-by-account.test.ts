/**
 * Pix by account over real HTTP (spec features §2 pay "by account", §7 `POST
 * /users/pix/payments/decode/by-account` and v2 `by-account/instant-billing`, §8; issue 12;
 * D-pix-by-account): shapes decoded by schema/, an account of the sandbox bank resolving to its
 * wallet's owner and a synthetic holder at another bank, the catalogue's refusals (unknown account,
 * a document not the holder's, bad fields) changing nothing, permissions per wallet, the day/night
 * limit as for pay by key, and an idempotent payment that debits the payer and credits the holder once;
 * the Pix statement names the key a Pix by key was paid to (D-pix-statement-refs).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { sandboxAccountOf } from "../../sandbox/areas/ted/db.ts"
import { SYNTHETIC_PIX_ACCOUNTS } from "../../sandbox/areas/pix/account-db.ts"
import { spDateKey } from "../../sandbox/time.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session, carla: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, log: false })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena, carla] = (await Promise.all(["ana", "bruno", "helena", "carla"].map((u) => cl.login(`${u}@example.com`)))) as [
    Session,
    Session,
    Session,
    Session
  ]
  W = sb.admin.seedInfo()!.wallets
  sb.admin.pixIn(W.helena, 5_000_000, "Salário")
})
afterAll(async () => {
  sb?.admin.setClockOffset(0)
  await sb?.close()
})

const doc = (email: string): string => (sb.db.prepare("SELECT document FROM users WHERE email = ?").get(email) as { document: string }).document
const brl = (w: string): number => sb.admin.ledger(w).balances.find((b) => b.currency_symbol === "BRL")!.balance
const rows = (w: string): number => sb.admin.ledger(w).statement_rows
const brunoAccount = () => {
  const a = sandboxAccountOf(W.brunoMatrix)
  return { bank_code: "999", agency: a.agency, account: a.account, digit: a.digit, account_type: "payment" as const, document: doc("bruno@example.com") }
}

describe("Pix pay by account (features §2 pay, §7 decode/by-account, by-account/instant-billing)", () => {
  it("features §7 decode: a sandbox bank account names its wallet's owner (document masked); a synthetic account at another bank its holder", async () => {
    const b = brunoAccount()
    const d = await cl.ok("pixDecodeByAccount", { as: ana, wallet: W.anaMain, body: { ...b, agency: "1", account: `00${b.account}` } })
    expect(d.data).toMatchObject({ bank_code: "999", beneficiary_name: "Lima & Filhos Comércio de Alimentos Ltda", account_type: "payment" })
    const s = SYNTHETIC_PIX_ACCOUNTS[0]!
    const other = await cl.ok("pixDecodeByAccount", {
      as: ana,
      wallet: W.anaMain,
      body: { bank_code: s.bank_code, agency: s.agency, account: s.account, digit: s.digit, account_type: "checking", document: s.document }
    })
    expect(other.data.beneficiary_name).toBe(s.name)
    expect(other.data.beneficiary_document).toBe(`***.${s.document.slice(3, 6)}.${s.document.slice(6, 9)}-**`)
    expect(other.data.bank_name).toBe("Itaú Unibanco S.A.")
  })

  it("features §8 an unknown account, a document that is not the holder's and malformed fields answer the catalogue and change nothing", async () => {
    const before = [brl(W.anaMain), rows(W.anaMain), brl(W.brunoMatrix), rows(W.brunoMatrix)]
    const b = brunoAccount()
    const unknown = await cl.err("pixDecodeByAccount", { as: ana, wallet: W.anaMain, body: { ...b, account: "1", digit: "1" } })
    expect([unknown.status, unknown.body.error.key]).toEqual([422, "PIX_ACCOUNT_NOT_FOUND"])
    const notRelated = await cl.err("pixDecodeByAccount", { as: ana, wallet: W.anaMain, body: { ...b, document: doc("carla@example.com") } })
    expect([notRelated.status, notRelated.body.error.key, notRelated.body.error.fields?.["document"]]).toEqual([
      422,
      "PIX_ACCOUNT_DOCUMENT_NOT_RELATED",
      "PIX_ACCOUNT_DOCUMENT_NOT_RELATED"
    ])
    const bad = await cl.err("pixDecodeByAccount", { as: ana, wallet: W.anaMain, body: { ...b, bank_code: "998", agency: "12a", document: "12345678900" } })
    expect(bad.body.error.fields).toEqual({ bank_code: "VALIDATION_REQUIRED", agency: "VALIDATION_NUMERIC", document: "VALIDATION_VALID_DOCUMENT" })
    const pin = await cl.pinToken(ana)
    const pay = await cl.err("pixPayByAccount", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { ...b, document: doc("carla@example.com"), amount: 100, description: "", pin_token: pin }
    })
    expect(pay.body.error.key).toBe("PIX_ACCOUNT_DOCUMENT_NOT_RELATED")
    const zero = await cl.err("pixPayByAccount", { as: ana, wallet: W.anaMain, tx: true, body: { ...b, amount: 0, description: "", pin_token: pin } })
    expect(zero.body.error.fields?.["amount"]).toBe("VALIDATION_MIN_VALUE")
    expect([brl(W.anaMain), rows(W.anaMain), brl(W.brunoMatrix), rows(W.brunoMatrix)]).toEqual(before)
  })

  it("features §2 §6 permissions: a client may pay by account (as by key), an approver-only user may not, another user's wallet is refused", async () => {
    const pin = await cl.pinToken(carla)
    // carla is APPROVER+CLIENT on Ana's main wallet: CLIENT grants by-account, like by-key (D-pix-by-account)
    const b = brunoAccount()
    const asClient = await cl.raw("pixPayByAccount", { as: carla, wallet: W.anaMain, tx: true, body: { ...b, amount: 1, description: "", pin_token: pin } })
    expect(asClient.status).toBe(201)
    const foreign = await cl.err("pixPayByAccount", {
      as: bruno,
      wallet: W.anaMain,
      tx: true,
      body: { ...b, amount: 1, description: "", pin_token: await cl.pinToken(bruno) }
    })
    expect([foreign.status, foreign.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    // a wallet whose roles lack the tag: the permission is taken away, the same call is refused with the catalogue's 403
    sb.db
      .prepare(
        "UPDATE wallet_members SET permission_types = '[\"APPROVER\"]' WHERE wallet_id = ? AND user_id = (SELECT id FROM users WHERE email = 'helena@example.com')"
      )
      .run(W.anaMain)
    try {
      const refused = await cl.err("pixPayByAccount", {
        as: helena,
        wallet: W.anaMain,
        tx: true,
        body: { ...b, amount: 1, description: "", pin_token: await cl.pinToken(helena) }
      })
      expect([refused.status, refused.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    } finally {
      sb.db
        .prepare(
          "UPDATE wallet_members SET permission_types = '[\"CLIENT\"]' WHERE wallet_id = ? AND user_id = (SELECT id FROM users WHERE email = 'helena@example.com')"
        )
        .run(W.anaMain)
    }
  })

  it("issue 12 Ana pays Bruno's account: Ana debited, Bruno credited once (PIX_OUT/PIX_IN, Pix statement rows, hints), the same transaction-uuid lands once", async () => {
    const before = [brl(W.anaMain), brl(W.brunoMatrix), rows(W.brunoMatrix)]
    const hints = (list: string, w: string): number =>
      (sb.db.prepare("SELECT count(*) AS n FROM events WHERE kind = 'change' AND list = ? AND wallet_id = ?").get(list, w) as { n: number }).n
    const hintsBefore = [hints("statements", W.brunoMatrix), hints("pix_statement", W.brunoMatrix)]
    const pin = await cl.pinToken(ana)
    const tx = "5b0f7a2e-0000-4000-8000-0000000acc01"
    const body = { ...brunoAccount(), amount: 4_321, description: "Aluguel", pin_token: pin }
    const first = await cl.ok("pixPayByAccount", { as: ana, wallet: W.anaMain, tx, body })
    const again = await cl.ok("pixPayByAccount", { as: ana, wallet: W.anaMain, tx, body })
    expect(again.data).toEqual(first.data)
    expect(first.data.status).toBe("completed")
    expect(brl(W.anaMain) - before[0]!).toBe(-4_321)
    expect(brl(W.brunoMatrix) - before[1]!).toBe(4_321)
    expect(rows(W.brunoMatrix) - before[2]!).toBe(1)
    const anaLedger = sb.admin.ledger(W.anaMain)
    expect(anaLedger.transactions.filter((t) => t.transaction_uuid === tx)).toEqual([expect.objectContaining({ statement_rows: 1, idempotency_records: 1 })])
    expect([hints("statements", W.brunoMatrix) - hintsBefore[0]!, hints("pix_statement", W.brunoMatrix) - hintsBefore[1]!]).toEqual([1, 1])
    const out = sb.db.prepare("SELECT type, end_to_end_id FROM statements WHERE transaction_uuid = ?").get(tx) as { type: string; end_to_end_id: string }
    const inRow = sb.db.prepare("SELECT type FROM statements WHERE end_to_end_id = ? AND wallet_id = ?").get(out.end_to_end_id, W.brunoMatrix) as {
      type: string
    }
    expect([out.type, inRow.type]).toEqual(["PIX_OUT", "PIX_IN"])
    // the Pix statement of each side has the row once (D-pix-statement: derived from the ledger's Pix rows)
    const e2eRows = async (as: Session, wallet: string) =>
      (await cl.ok("pixStatement", { as, wallet, query: { page_size: "100" } })).data.data
        .filter((r) => r.end_to_end_id === out.end_to_end_id)
        .map((r) => r.direction)
    expect([await e2eRows(ana, W.anaMain), await e2eRows(bruno, W.brunoMatrix)]).toEqual([["out"], ["in"]])
    // a Pix by account names no key nor txid (D-pix-statement-refs); a Pix by key names its key on the payer's row
    const anaRows = (await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { page_size: "100" } })).data.data
    expect(anaRows.filter((r) => r.end_to_end_id === out.end_to_end_id).map((r) => [r.key, r.txid])).toEqual([["", null]])
    const byKey = await cl.ok("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "bruno@example.com", amount: 100, description: "", pin_token: await cl.pinToken(ana) }
    })
    const keyRows = (await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { page_size: "100" } })).data.data.filter(
      (r) => r.operation_id === byKey.data.operation_id
    )
    expect(keyRows.map((r) => [r.direction, r.key, r.txid])).toEqual([["out", "bruno@example.com", null]])
    // a static code with a txid: the payer's row names the code's key and txid
    const qr = await cl.ok("pixQrCodeCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { kind: "static", key: "bruno@example.com", amount: 250, txid: "PEDIDO42" }
    })
    const byCode = await cl.ok("pixPayByQrStatic", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { code: qr.data.emv, amount: 250, description: "", pin_token: await cl.pinToken(ana) }
    })
    const codeRows = (await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { page_size: "100" } })).data.data.filter(
      (r) => r.operation_id === byCode.data.operation_id
    )
    expect(codeRows.map((r) => [r.key, r.txid])).toEqual([["bruno@example.com", "PEDIDO42"]])
  })

  it("features §5 issue 12 limits apply exactly as by key: at 21:00 the night limit refuses, nothing is debited", async () => {
    const day = spDateKey(Date.now())
    sb.admin.setClockOffset(Date.parse(`${day}T21:00:00-03:00`) - Date.now())
    try {
      const before = [brl(W.helena), brl(W.brunoMatrix)]
      const pin = await cl.pinToken(helena)
      const over = await cl.err("pixPayByAccount", {
        as: helena,
        wallet: W.helena,
        tx: true,
        body: { ...brunoAccount(), amount: 100_001, description: "", pin_token: pin }
      })
      expect([over.status, over.body.error.key]).toEqual([422, "PIX_LIMIT_NIGHT_EXCEEDED"])
      expect([brl(W.helena), brl(W.brunoMatrix)]).toEqual(before)
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("features §6 staged approval applies as by key: at or above the minimum a 202 request, nothing moves; the last approval credits the account's holder once", async () => {
    const day = spDateKey(Date.now())
    sb.admin.setClockOffset(Date.parse(`${day}T12:00:00-03:00`) - Date.now()) // daytime: the day limit, not the night one
    try {
      const before = [brl(W.anaMain), rows(W.anaMain), brl(W.brunoMatrix), rows(W.brunoMatrix)]
      const setting = (await cl.ok("approvalSettings", { as: ana, wallet: W.anaMain })).data.data[0]!
      const amount = setting.min_value + 1
      const body = { ...brunoAccount(), amount, description: "Aluguel", pin_token: await cl.pinToken(ana) }
      const staged = await cl.ok("pixPayByAccount", { as: ana, wallet: W.anaMain, tx: true, body })
      expect(staged.data).toMatchObject({ status: "awaiting_approval", operation_id: null })
      expect([brl(W.anaMain), rows(W.anaMain), brl(W.brunoMatrix), rows(W.brunoMatrix)]).toEqual(before)
      const id = staged.data.approval_request_id!
      const asked = await cl.ok("approvalRequestGet", { as: carla, wallet: W.anaMain, params: { id } })
      // the contract's order only: the wallet it will credit stays in the sandbox
      expect(Object.keys(asked.data.payment).sort()).toEqual(["beneficiary_bank", "beneficiary_document", "beneficiary_name", "description", "key", "key_type"])
      const approvers = [carla, ...(setting.approvers > 1 ? [await cl.login("diego@example.com")] : [])]
      for (const a of approvers)
        await cl.ok("approvalApprove", { as: a, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: await cl.pinToken(a) } })
      expect([brl(W.anaMain), rows(W.anaMain), brl(W.brunoMatrix), rows(W.brunoMatrix)]).toEqual([
        before[0]! - amount,
        before[1]! + 1,
        before[2]! + amount,
        before[3]! + 1
      ])
    } finally {
      sb.admin.setClockOffset(0)
    }
  })
})
