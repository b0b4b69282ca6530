/**
 * The Pix directory's confirmation codes, claims and portability over real HTTP (spec features §3 Pix
 * key, §4 key and claim states and the 7-day window, §5 "confirmation code: 5 digits", §7 key code and
 * claims, §8 "incorrect code", "number of attempts exceeded", "key in claim process", "Pix key creation
 * limit reached"; issue 12; docs/decisions.md "Pix keys and claims"): the shapes decoded by schema/,
 * permissions per wallet, idempotency, every claim transition and the refused ones, the sandbox clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { CLAIM_WINDOW_MS, DAY } from "../../schema/pix-claims.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session, carla: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, fixedCode: "000000" }) // a key's code: the fixed one confirms (below)
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena, carla] = (await Promise.all(["ana", "bruno", "helena", "carla"].map((u) => cl.login(`${u}@example.com`)))) as [
    Session,
    Session,
    Session,
    Session
  ]
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

const keys = async (as: Session, wallet: string) => (await cl.ok("pixKeys", { as, wallet })).data.data
const claims = async (as: Session, wallet: string) => (await cl.ok("pixClaims", { as, wallet })).data.data
const keyOf = (email: string, type: string): string =>
  (sb.db.prepare("SELECT k.key FROM pix_keys k JOIN users u ON u.id = k.user_id WHERE u.email = ? AND k.key_type = ?").get(email, type) as { key: string }).key
const printed = async (key: string): Promise<string> => (await cl.admin("codes", { query: { email: `pix-key:${key}` } })).data.code ?? ""
const wrongFor = (code: string): string => String((Number(code) + 1) % 100_000).padStart(5, "0")
const hints = (list: string, wallet: string): Array<{ ids: string[]; rows?: Array<Record<string, unknown>> }> =>
  (sb.db.prepare("SELECT data FROM events WHERE list = ? AND wallet_id = ?").all(list, wallet) as Array<{ data: string }>).map(
    (e) => JSON.parse(e.data) as { ids: string[] }
  )

describe("Pix key confirmation code (features §3, §5, §7, §8; D-pix-key-code)", () => {
  it("features §5 an e-mail key waits for its 5-digit code: a wrong code costs an attempt, a malformed one none, resend keeps the count, the printed code adds it once", async () => {
    const created = await cl.ok("pixKeyCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { key_type: "email", key: "Financeiro@Lima.example.com", pin_token: await cl.pinToken(bruno) }
    })
    expect(created.data).toMatchObject({ key: "financeiro@lima.example.com", status: "not_confirmed", attempts_left: 3 })
    expect(Date.parse(created.data.code_expires_at!) - Date.parse(created.data.created_at)).toBeGreaterThan(9 * 60_000)
    const id = created.data.id
    const code = await printed("financeiro@lima.example.com")
    expect(code).toMatch(/^\d{5}$/)
    // not payable while not confirmed
    expect((await cl.ok("pixDecodeByKey", { as: ana, wallet: W.anaMain, query: { key: "financeiro@lima.example.com" } })).data.beneficiary_name).not.toBe(
      "Lima & Filhos Comércio de Alimentos Ltda"
    )
    const wrong = await cl.err("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id }, body: { code: wrongFor(code) } })
    expect([wrong.status, wrong.body.error.key]).toEqual([422, "INCORRECT_CODE"])
    expect((await keys(bruno, W.brunoMatrix)).find((k) => k.id === id)?.attempts_left).toBe(2)
    expect(hints("pix_keys", W.brunoMatrix).some((h) => h.ids.includes(id) && h.rows?.[0]?.["attempts_left"] === 2)).toBe(true)
    const malformed = await cl.err("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id }, body: { code: "12a" } })
    expect([malformed.status, malformed.body.error.fields?.["code"]]).toEqual([422, "VALIDATION_KEY_CODE"])
    const resent = await cl.ok("pixKeyCodeResend", { as: bruno, wallet: W.brunoMatrix, params: { id } })
    expect(resent.data.attempts_left).toBe(2)
    const code2 = await printed("financeiro@lima.example.com")
    const tx = "6c0f7a2e-0000-4000-8000-000000000001"
    const ok = await cl.ok("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx, params: { id }, body: { code: code2 } })
    expect(ok.data.status).toBe("added")
    const again = await cl.raw("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx, params: { id }, body: { code: code2 } })
    expect([again.status, again.headers.get("idempotent-replay")]).toEqual([200, "true"])
    expect((await cl.ok("pixDecodeByKey", { as: ana, wallet: W.anaMain, query: { key: "financeiro@lima.example.com" } })).data.beneficiary_name).toBe(
      "Lima & Filhos Comércio de Alimentos Ltda"
    )
  })

  it("features §8 three wrong codes: 'number of attempts exceeded' and the key request is dropped", async () => {
    const { data } = await cl.ok("pixKeyCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { key_type: "phone", key: "+55 11 97777-1234", pin_token: await cl.pinToken(bruno) }
    })
    const code = await printed(data.key)
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(
        (await cl.err("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: data.id }, body: { code: wrongFor(code) } })).body.error
          .key
      )
    expect(answers).toEqual(["INCORRECT_CODE", "INCORRECT_CODE", "ATTEMPTS_EXCEEDED"])
    expect((await keys(bruno, W.brunoMatrix)).some((k) => k.id === data.id)).toBe(false)
    expect((await cl.err("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: data.id }, body: { code } })).status).toBe(404)
  })

  it("features §4 the code expires on the sandbox clock and the key is cancelled; cancel drops a request; the fixed code (tests) confirms", async () => {
    const a = (
      await cl.ok("pixKeyCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { key_type: "email", key: "expira@lima.example.com", pin_token: await cl.pinToken(bruno) }
      })
    ).data
    const b = (
      await cl.ok("pixKeyCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { key_type: "email", key: "cancela@lima.example.com", pin_token: await cl.pinToken(bruno) }
      })
    ).data
    const c = (
      await cl.ok("pixKeyCreate", {
        as: bruno,
        wallet: W.brunoMatrix,
        tx: true,
        body: { key_type: "email", key: "fixo@lima.example.com", pin_token: await cl.pinToken(bruno) }
      })
    ).data
    await cl.ok("pixKeyCodeCancel", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: b.id } })
    expect((await cl.ok("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: c.id }, body: { code: "00000" } })).data.status).toBe(
      "added"
    )
    sb.admin.setClockOffset(11 * 60_000)
    try {
      const ids = (await keys(bruno, W.brunoMatrix)).map((k) => k.id)
      expect([ids.includes(a.id), ids.includes(b.id), ids.includes(c.id)]).toEqual([false, false, true])
      expect(hints("pix_keys", W.brunoMatrix).some((h) => h.ids.includes(a.id) && h.rows === undefined)).toBe(true)
      expect((await cl.err("pixKeyCodeConfirm", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: a.id }, body: { code: "00000" } })).status).toBe(
        404
      )
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("features §6 permissions: a client of the wallet cannot confirm nor claim; another user's wallet is refused", async () => {
    expect((await cl.err("pixKeyCodeConfirm", { as: helena, wallet: W.anaMain, tx: true, params: { id: "x" }, body: { code: "00000" } })).status).toBe(403)
    expect(
      (
        await cl.err("pixClaimStart", {
          as: helena,
          wallet: W.anaMain,
          tx: true,
          body: { key: "bruno@example.com", kind: "ownership", pin_token: await cl.pinToken(helena) }
        })
      ).status
    ).toBe(403)
    expect((await cl.ok("pixClaims", { as: helena, wallet: W.anaMain })).data.total).toBe(0)
    expect((await cl.err("pixClaims", { as: bruno, wallet: W.anaMain })).status).toBe(403)
  })
})

describe("Pix key claims and portability (features §4, §7, §8; D-pix-claim-*)", () => {
  it("features §4 Ana claims Bruno's phone: opened with a 7-day deadline; a second claim, a deletion and the wrong sides' actions are refused; Bruno approves and the key moves to Ana", async () => {
    const phone = keyOf("bruno@example.com", "phone")
    // a key that is someone else's CPF/CNPJ is never claimed; an own-document key is ported, not claimed
    const cnpj = await cl.err("pixClaimStart", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: keyOf("bruno@example.com", "cnpj"), kind: "portability", pin_token: await cl.pinToken(ana) }
    })
    expect(cnpj.body.error.key).toBe("PIX_CLAIM_NOT_ALLOWED")
    const wrongKind = await cl.err("pixClaimStart", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: phone, kind: "portability", pin_token: await cl.pinToken(ana) }
    })
    expect(wrongKind.body.error.key).toBe("PIX_CLAIM_NOT_ALLOWED")
    const own = await cl.err("pixClaimStart", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "ana@example.com", kind: "ownership", pin_token: await cl.pinToken(ana) }
    })
    expect(own.body.error.key).toBe("PIX_CLAIM_NOT_ALLOWED")

    const tx = "6c0f7a2e-0000-4000-8000-000000000002"
    const started = await cl.ok("pixClaimStart", { as: ana, wallet: W.anaMain, tx, body: { key: phone, kind: "ownership", pin_token: await cl.pinToken(ana) } })
    expect(started.data).toMatchObject({
      kind: "ownership",
      key: phone,
      status: "opened",
      role: "claimer",
      counterparty_name: "Lima & Filhos Comércio de Alimentos Ltda"
    })
    expect(Date.parse(started.data.deadline) - Date.parse(started.data.created_at)).toBe(CLAIM_WINDOW_MS)
    expect(
      (await cl.ok("pixClaimStart", { as: ana, wallet: W.anaMain, tx, body: { key: phone, kind: "ownership", pin_token: await cl.pinToken(ana) } })).data.id
    ).toBe(started.data.id)
    const id = started.data.id

    // features §8 "key in claim process"
    const second = await cl.err("pixClaimStart", {
      as: carla,
      wallet: W.carla,
      tx: true,
      body: { key: phone, kind: "ownership", pin_token: await cl.pinToken(carla) }
    })
    expect([second.status, second.body.error.key]).toEqual([422, "PIX_KEY_IN_CLAIM"])
    const brunoKey = (await keys(bruno, W.brunoMatrix)).find((k) => k.key === phone)!
    const del = await cl.err("pixKeyDelete", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      params: { id: brunoKey.id },
      body: { pin_token: await cl.pinToken(bruno) }
    })
    expect(del.body.error.key).toBe("PIX_KEY_IN_CLAIM")
    // features §9: the claim's place counts — Ana's 4 keys + 1 claim fill her 5
    const full = await cl.err("pixKeyCreate", { as: ana, wallet: W.anaMain, tx: true, body: { key_type: "random", pin_token: await cl.pinToken(ana) } })
    expect(full.body.error.key).toBe("PIX_KEY_LIMIT_REACHED")

    // both sides see it, each from its side
    expect((await claims(bruno, W.brunoMatrix)).find((c) => c.id === id)).toMatchObject({
      role: "donor",
      counterparty_name: "Ana Beatriz Souza",
      status: "opened"
    })
    // refused transitions: the claimer cannot approve, the donor cannot cancel
    expect(
      (await cl.err("pixClaimApprove", { as: ana, wallet: W.anaMain, tx: true, params: { id }, body: { pin_token: await cl.pinToken(ana) } })).body.error.key
    ).toBe("PIX_CLAIM_INVALID_STATE")
    expect((await cl.err("pixClaimCancel", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id } })).body.error.key).toBe("PIX_CLAIM_INVALID_STATE")
    expect(
      (await cl.err("pixClaimApprove", { as: carla, wallet: W.carla, tx: true, params: { id }, body: { pin_token: await cl.pinToken(carla) } })).status
    ).toBe(404)

    const approveTx = "6c0f7a2e-0000-4000-8000-000000000003"
    const approved = await cl.ok("pixClaimApprove", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: approveTx,
      params: { id },
      body: { pin_token: await cl.pinToken(bruno) }
    })
    expect(approved.data).toMatchObject({ status: "confirmed", role: "donor", reason: null })
    expect(
      (
        await cl.raw("pixClaimApprove", { as: bruno, wallet: W.brunoMatrix, tx: approveTx, params: { id }, body: { pin_token: await cl.pinToken(bruno) } })
      ).headers.get("idempotent-replay")
    ).toBe("true")
    expect((await cl.err("pixClaimReject", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id } })).body.error.key).toBe("PIX_CLAIM_INVALID_STATE")
    // the key moved: Ana holds it, Bruno does not, paying it decodes to Ana
    expect((await keys(ana, W.anaMain)).find((k) => k.key === phone)?.status).toBe("added")
    expect((await keys(bruno, W.brunoMatrix)).some((k) => k.key === phone)).toBe(false)
    expect((await cl.ok("pixDecodeByKey", { as: bruno, wallet: W.brunoMatrix, query: { key: phone } })).data.beneficiary_name).toBe("Ana Beatriz Souza")
    expect((await claims(ana, W.anaMain)).find((c) => c.id === id)?.status).toBe("confirmed")
    // each side was told live
    expect(hints("pix_claims", W.brunoMatrix).some((h) => h.ids.includes(id) && h.rows?.[0]?.["status"] === "confirmed")).toBe(true)
    expect(hints("pix_claims", W.anaMain).some((h) => h.ids.includes(id) && h.rows?.[0]?.["status"] === "confirmed")).toBe(true)
    expect(hints("pix_keys", W.anaMain).some((h) => h.rows?.[0]?.["key"] === phone)).toBe(true)
    // give Ana her place back
    const moved = (await keys(ana, W.anaMain)).find((k) => k.key === phone)!
    await cl.ok("pixKeyDelete", { as: ana, wallet: W.anaMain, tx: true, params: { id: moved.id }, body: { pin_token: await cl.pinToken(ana) } })
  })

  it("features §4 reject: the donor keeps the key (denied); cancel by the claimer (canceled); an ended claim refuses every action", async () => {
    const c1 = (
      await cl.ok("pixClaimStart", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { key: "bruno@example.com", kind: "ownership", pin_token: await cl.pinToken(ana) }
      })
    ).data
    const rejected = await cl.ok("pixClaimReject", { as: bruno, wallet: W.brunoMatrix, tx: true, params: { id: c1.id } })
    expect(rejected.data).toMatchObject({ status: "denied", reason: "donor_rejected" })
    expect((await keys(bruno, W.brunoMatrix)).some((k) => k.key === "bruno@example.com")).toBe(true)
    expect((await cl.err("pixClaimCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id: c1.id } })).body.error.key).toBe("PIX_CLAIM_INVALID_STATE")

    const c2 = (
      await cl.ok("pixClaimStart", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { key: "maria.souza@bancoexemplo.com.br", kind: "ownership", pin_token: await cl.pinToken(ana) }
      })
    ).data
    expect(c2).toMatchObject({ counterparty_name: "Maria Souza", counterparty_bank: "Banco Exemplo" })
    const canceled = await cl.ok("pixClaimCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id: c2.id } })
    expect(canceled.data).toMatchObject({ status: "canceled", reason: "claimer_canceled" })
    expect(
      (await cl.err("pixClaimApprove", { as: ana, wallet: W.anaMain, tx: true, params: { id: c2.id }, body: { pin_token: await cl.pinToken(ana) } })).body.error
        .key
    ).toBe("PIX_CLAIM_INVALID_STATE")
    // once ended, the key may be claimed again
    const c3 = (
      await cl.ok("pixClaimStart", {
        as: ana,
        wallet: W.anaMain,
        tx: true,
        body: { key: "maria.souza@bancoexemplo.com.br", kind: "ownership", pin_token: await cl.pinToken(ana) }
      })
    ).data
    await cl.ok("pixClaimCancel", { as: ana, wallet: W.anaMain, tx: true, params: { id: c3.id } })
  })

  it("features §4 the 7-day window on the sandbox clock: an unanswered ownership claim moves the key (auto confirmed), an unanswered portability is canceled; another bank answers a portability in a day", async () => {
    const start = async (key: string, kind: "ownership" | "portability") =>
      (await cl.ok("pixClaimStart", { as: ana, wallet: W.anaReserve, tx: true, body: { key, kind, pin_token: await cl.pinToken(ana) } })).data
    const other = await start("+5511955550123", "ownership")
    const ported = await start("ana.pessoal@bancoexemplo.com.br", "portability")
    const cpf = await start(keyOf("ana@example.com", "cpf"), "portability")
    expect(cpf).toMatchObject({ counterparty_name: "Ana Beatriz Souza", counterparty_bank: "Carteira (Sandbox)" })
    const carlaClaim = (await claims(carla, W.carla)).find((c) => c.role === "donor")!
    expect(carlaClaim).toMatchObject({ status: "opened", counterparty_name: "Rafael Costa", counterparty_bank: "Banco Horizonte" })
    try {
      sb.admin.setClockOffset(DAY + 60_000)
      const day1 = new Map((await claims(ana, W.anaReserve)).map((c) => [c.id, c.status]))
      expect([day1.get(other.id), day1.get(ported.id), day1.get(cpf.id)]).toEqual(["opened", "confirmed", "opened"])
      sb.admin.setClockOffset(CLAIM_WINDOW_MS + 60_000)
      const after = new Map((await claims(ana, W.anaReserve)).map((c) => [c.id, c]))
      expect(after.get(other.id)).toMatchObject({ status: "auto_confirmed", reason: "expired" })
      expect(after.get(cpf.id)).toMatchObject({ status: "canceled", reason: "expired" })
      const reserveKeys = (await keys(ana, W.anaReserve)).map((k) => k.key).sort()
      expect(reserveKeys).toEqual(["+5511955550123", "ana.pessoal@bancoexemplo.com.br"])
      expect((await keys(ana, W.anaMain)).some((k) => k.key_type === "cpf")).toBe(true)
      // Carla did not answer the other bank's claim: her phone key went to its holder there
      expect((await claims(carla, W.carla)).find((c) => c.id === carlaClaim.id)?.status).toBe("auto_confirmed")
      expect((await keys(carla, W.carla)).some((k) => k.key_type === "phone")).toBe(false)
      // paying Ana's newly held key reaches Ana
      expect((await cl.ok("pixDecodeByKey", { as: bruno, wallet: W.brunoMatrix, query: { key: "+5511955550123" } })).data.beneficiary_name).toBe(
        "Ana Beatriz Souza"
      )
    } finally {
      sb.admin.setClockOffset(0)
    }
  })
})
