/**
 * D-rules-on-contract (issue 29 item 5): the rules attached to the request bodies' Schemas answer, field by field, what
 * the sandbox's routes answered by hand before they moved there. Each `old*` function below is the route's hand check as
 * it was (sandbox/areas/pix/routes.ts `paymentFields`, pix-qr.ts and pix-schedule.ts `checkDescription`, pix-devolutions.ts,
 * billet.ts, billet-dda.ts; the key through `decodePixKey`), kept here as the oracle; `fieldErrors` decodes the body with
 * its contract Schema (what sandbox/http.ts answers in a 422's `fields`). Seeded generated inputs (sandbox/prng.ts).
 */
import { describe, expect, it } from "vitest"
import { Schema } from "effect"
import { Prng, makeCnpj, makeCpf } from "../../sandbox/prng.ts"
import { api } from "../api.ts"
import { billetAdminApi } from "../api-billet.ts"
import { BilletDepositBody, billetDepositBodyOn, lineOfInput } from "../billet.ts"
import { PixQrCreateBody } from "../pix-qr.ts"
import { RecurrenceCreateBody, ScheduledPixCreateBody } from "../pix-schedule.ts"
import { PixDevolutionBody } from "../pix-devolution.ts"
import { PixPayByAccountBody } from "../pix-account.ts"
import { parseIsoDate } from "../holidays.ts"
import { MAX_PARTS, MIN_PART_SIZE, MultipartCreateBody } from "../api-storage.ts"
import { cardsAdminApi } from "../api-cards.ts"
import { isKeyCode } from "../pix-claims.ts"
import { PixContactCreateBody } from "../pix-contacts.ts"
import { PixKeyCreateBody } from "../pix.ts"
import { PIX_LIMIT_TYPE_IDS, UserLimitChangeBody } from "../pix-limits.ts"
import { addIsoDays } from "./money-dates.ts"
import { GgrCreateBody, GgrPatchBody, ggrCreateBodyOn, ReportCreateBody, reportCreateBodyOn } from "../betting.ts"
import { ActivateBody, CardPasswordBody, RequestVirtualBody } from "../cards.ts"
import {
  fieldErrors,
  hasNoEmoji,
  hasNoSpecialCharacters,
  isStrongPassword,
  isValidDocument,
  isValidEmail,
  isValidPin,
  isValidPixKey,
  pixKeyType,
  ROLES
} from "../validation.ts"

const ROUNDS = 3000

/* ---------------------------------------------------------------------------------------------------------------- */
/* The hand checks as the routes wrote them                                                                          */
/* ---------------------------------------------------------------------------------------------------------------- */

type Fields = Record<string, string>

/** pix.ts paymentFields, pix-qr.ts and pix-schedule.ts checkDescription (the Pix description). */
const oldPixDescription = (fields: Fields, d: string, field = "description"): void => {
  if ([...d].length > 140) fields[field] = "VALIDATION_MAX"
  else if (!hasNoEmoji(d)) fields[field] = "VALIDATION_NO_EMOJI"
  else if (!hasNoSpecialCharacters(d)) fields[field] = "VALIDATION_NO_SPECIAL_CHARACTERS"
}
/** pix.ts, pix-qr.ts, pix-schedule.ts, pix-devolutions.ts, billet.ts (pay): an amount above zero. */
const oldPositive = (fields: Fields, n: number, field = "amount"): void => {
  if (!Number.isSafeInteger(n) || n <= 0) fields[field] = "VALIDATION_MIN_VALUE"
}
/** ledger.ts decodePixKey(key) === null → VALIDATION_PIX_KEY. */
const oldKey = (fields: Fields, key: string): void => {
  if (pixKeyType(key.trim()) === null) fields["key"] = "VALIDATION_PIX_KEY"
}
/** pix-devolutions.ts: the description without the special-characters rule. */
const oldDevolutionDescription = (fields: Fields, d: string): void => {
  if ([...d].length > 140) fields["description"] = "VALIDATION_MAX"
  else if (!hasNoEmoji(d)) fields["description"] = "VALIDATION_NO_EMOJI"
}
/** billet.ts billetDepositCreate, the part that needs no clock. */
const oldBilletDeposit = (b: { amount: number; due_date: string; description: string; payer_name: string; payer_document: string }): Fields => {
  const fields: Fields = {}
  if (!Number.isSafeInteger(b.amount) || b.amount < 100) fields["amount"] = "VALIDATION_MIN_VALUE"
  else if (b.amount > 99_999_999_99) fields["amount"] = "VALIDATION_MAX_VALUE"
  if (parseIsoDate(b.due_date) === null) fields["due_date"] = "VALIDATION_DATE"
  const description = b.description.trim()
  if (description === "") fields["description"] = "VALIDATION_REQUIRED"
  else if ([...description].length > 140) fields["description"] = "VALIDATION_MAX"
  else if (!hasNoEmoji(description)) fields["description"] = "VALIDATION_NO_EMOJI"
  if (b.payer_name.trim().length < 3) fields["payer_name"] = "VALIDATION_REQUIRED"
  if (!isValidDocument(b.payer_document)) fields["payer_document"] = "VALIDATION_VALID_DOCUMENT"
  return fields
}
/** billet-dda.ts, the admin's DDA registration. */
const oldDda = (b: { payer_document: string; amount?: number; due_date?: string; fine_bp?: number; interest_per_day?: number }): Fields => {
  const fields: Fields = {}
  if (!isValidDocument(b.payer_document)) fields["payer_document"] = "VALIDATION_VALID_DOCUMENT"
  if (b.amount !== undefined && (!Number.isSafeInteger(b.amount) || b.amount < 100)) fields["amount"] = "VALIDATION_MIN_VALUE"
  if (b.due_date !== undefined && parseIsoDate(b.due_date) === null) fields["due_date"] = "VALIDATION_DATE"
  if (b.fine_bp !== undefined && (b.fine_bp < 0 || b.fine_bp > 200)) fields["fine_bp"] = "VALIDATION_MAX_VALUE"
  if (b.interest_per_day !== undefined && (b.interest_per_day < 0 || b.interest_per_day > 330)) fields["interest_per_day"] = "VALIDATION_MAX_VALUE"
  return fields
}

/**
 * auth.ts: sign-in's lengths, forgot-password's and unlock's address, sign-up's name, address and phone. Where a route
 * stopped at its first bad field (badField throws), the oracle judges each field alone: the decode names every bad field.
 */
const oldSignin = (b: { email: string; password: string }): Fields => ({
  ...(b.email.length > 254 ? { email: "VALIDATION_EMAIL" } : {}),
  ...(b.password.length > 256 ? { password: "VALIDATION_PASSWORD" } : {})
})
const oldForgot = (email: string): Fields => (email.length > 254 || !isValidEmail(email) ? { email: "VALIDATION_EMAIL" } : {})
const phoneOf = (p: string): string =>
  p
    .trim()
    .replace(/^\+/, "")
    .replace(/[\s()-]/g, "")
const oldSignup = (b: { name: string; email: string; phone_number: string }): Fields => {
  const fields: Fields = {}
  if (b.name.trim().length < 3) fields["name"] = "VALIDATION_MIN"
  if (!isValidEmail(b.email)) fields["email"] = "VALIDATION_EMAIL"
  if (!/^\d{10,13}$/.test(phoneOf(b.phone_number))) fields["phone_number"] = "VALIDATION_NUMERIC"
  return fields
}
/** auth.ts checkStrongPassword; user.ts addPin. */
const oldStrong = (field: string, pw: string): Fields => (isStrongPassword(pw) ? {} : { [field]: "VALIDATION_STRONG_PASSWORD" })
const oldPin = (pin: string): Fields => (isValidPin(pin) ? {} : { pin: "VALIDATION_PIN" })
/** wallets.ts checkName, the invitation's address and validateRoles. */
const oldWalletName = (name: string): Fields => {
  const n = name.trim()
  if (n === "") return { name: "VALIDATION_REQUIRED" }
  if ([...n].length > 60) return { name: "VALIDATION_MAX" }
  if (/\p{Extended_Pictographic}/u.test(n)) return { name: "VALIDATION_NO_EMOJI" }
  return {}
}
const oldRoles = (types: ReadonlyArray<string>): Fields => {
  if (types.length === 0) return { permission_types: "VALIDATION_REQUIRED" }
  const grantable: ReadonlyArray<string> = ROLES.filter((r) => r !== "ROOT")
  if (!types.every((t) => grantable.includes(t))) return { permission_types: "VALIDATION_ROLES" }
  return {}
}

/* ---------------------------------------------------------------------------------------------------------------- */
/* Generators                                                                                                        */
/* ---------------------------------------------------------------------------------------------------------------- */

const PIECES = [
  "a",
  "Z",
  "ç",
  "ã",
  "É",
  "e\u0301",
  "0",
  "9",
  " ",
  ".",
  ",",
  ";",
  ":",
  "!",
  "?",
  "_",
  "(",
  ")",
  '"',
  "/",
  "&",
  "@",
  "-",
  "#",
  "$",
  "%",
  "*",
  "+",
  "=",
  "<",
  "\t",
  "\n",
  "\u00a0",
  "ß",
  "Ж",
  "中",
  "😀",
  "👍🏽",
  "🇧🇷",
  "©",
  "™",
  "1️⃣",
  "❤",
  "\u200d"
] as const

/** Text around the rules' edges: 0–160 pieces (so about 140 characters), mostly plain, some special, some emoji. */
const text = (r: Prng): string => {
  const n = r.pick([0, 1, 3, 20, 139, 140, 141, r.int(0, 160)])
  let s = ""
  for (let i = 0; i < n; i++) s += r.chance(0.9) ? r.pick(["a", "b", " ", "ç", "1", "."]) : r.pick(PIECES)
  return s
}
/** Text with no surrounding whitespace (the routes that trimmed first judged the same text then). */
const trimmedText = (r: Prng): string => text(r).trim()

const amount = (r: Prng): number =>
  r.pick([0, -1, 1, 99, 100, 101, 99_999_999_99, 99_999_999_99 + 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, r.int(-1000, 1_000_000)])

const pixKey = (r: Prng): string => {
  const k = r.pick([
    makeCpf(r),
    makeCnpj(r),
    `user${r.digits(3)}@example.com`,
    `+55${r.int(11, 99)}9${r.digits(8)}`,
    r.uuid(),
    r.digits(11),
    "not a key",
    "",
    `+1${r.digits(10)}`,
    "a@b"
  ])
  return r.chance(0.2) ? ` ${k} ` : k
}

const doc = (r: Prng): string => {
  const d = r.pick([makeCpf(r), makeCnpj(r), r.digits(11), r.digits(14), `${r.alnum(12).toUpperCase()}00`, ""])
  if (r.chance(0.3) && d.length > 3) return d.slice(0, -1) + String((Number(d.at(-1)) + 1) % 10)
  return d
}

const date = (r: Prng): string =>
  r.pick([
    "2026-02-28",
    "2026-02-30",
    "2024-02-29",
    "2025-02-29",
    "1500-01-01",
    "2026-13-01",
    "02/28/2026",
    "",
    "2026-1-1",
    `20${r.digits(2)}-${r.pick(["01", "06", "12", "00"])}-${r.pick(["01", "15", "31", "32"])}`
  ])

/** The field keys of the given fields only. */
const pick = (fields: Fields, keys: ReadonlyArray<string>): Fields => Object.fromEntries(Object.entries(fields).filter(([k]) => keys.includes(k)))

const forAll = (seed: number, round: (r: Prng) => void): void => {
  const r = new Prng(seed)
  for (let i = 0; i < ROUNDS; i++) round(r)
}

/* ---------------------------------------------------------------------------------------------------------------- */

describe("D-rules-on-contract: the body Schemas' rules answer what the routes' hand checks answered (features §5, core §5)", () => {
  it("pay by key: the key, the amount and the Pix description", () => {
    forAll(1, (r) => {
      const b = { key: pixKey(r), amount: amount(r), description: text(r), pin_token: "t" }
      const old: Fields = {}
      oldKey(old, b.key)
      oldPositive(old, b.amount)
      oldPixDescription(old, b.description)
      expect(fieldErrors(api.pixPayByKey.body, b), JSON.stringify(b)).toEqual(old)
    })
  })

  it("pay by code (the six by-qr-code calls share one body) and pay by account: the amount and the Pix description", () => {
    forAll(2, (r) => {
      const b = { code: "000201", amount: amount(r), description: text(r), pin_token: "t" }
      const old: Fields = {}
      oldPositive(old, b.amount)
      oldPixDescription(old, b.description)
      for (const e of [api.pixPayByQrStatic, api.pixPayByQrDynamic] as const) expect(fieldErrors(e.body, b), JSON.stringify(b)).toEqual(old)
      const account = { bank_code: "001", agency: "1", account: "1", digit: "1", account_type: "checking", document: "x" }
      expect(pick(fieldErrors(PixPayByAccountBody, { ...account, ...b }), ["amount", "description"])).toEqual(old)
    })
  })

  it("a QR code to receive: the amount when given and the description (trimmed text judged as sent)", () => {
    forAll(3, (r) => {
      const b = { kind: "static", key: "k", ...(r.chance(0.8) ? { amount: amount(r) } : {}), ...(r.chance(0.8) ? { description: trimmedText(r) } : {}) }
      const old: Fields = {}
      if (b.amount !== undefined) oldPositive(old, b.amount)
      oldPixDescription(old, (b.description ?? "").trim())
      expect(fieldErrors(PixQrCreateBody, b), JSON.stringify(b)).toEqual(old)
    })
  })

  it("a scheduled Pix and a recurrence: the key, the amount or value, the maximum and the Pix description", () => {
    forAll(4, (r) => {
      const s = { key: pixKey(r), amount: amount(r), description: text(r), payment_date: "2026-01-01" }
      const olds: Fields = {}
      oldKey(olds, s.key)
      oldPositive(olds, s.amount)
      oldPixDescription(olds, s.description)
      expect(fieldErrors(ScheduledPixCreateBody, s), JSON.stringify(s)).toEqual(olds)
      const max = r.chance(0.5) ? { payment_max_value: amount(r) } : {}
      const rec = { key: pixKey(r), value: amount(r), description: text(r), frequency: "MONTHLY", start_date: "2026-01-01", ...max }
      const oldr: Fields = {}
      oldKey(oldr, rec.key)
      oldPositive(oldr, rec.value, "value")
      if (rec.payment_max_value !== undefined) oldPositive(oldr, rec.payment_max_value, "payment_max_value")
      oldPixDescription(oldr, rec.description)
      expect(fieldErrors(RecurrenceCreateBody, rec), JSON.stringify(rec)).toEqual(oldr)
    })
  })

  it("a devolution: the amount and the description (140 characters, no emoji; special characters allowed)", () => {
    forAll(5, (r) => {
      const b = { payment_id: "p", amount: amount(r), description: text(r), pin_token: "t" }
      const old: Fields = {}
      oldPositive(old, b.amount)
      oldDevolutionDescription(old, b.description)
      expect(fieldErrors(PixDevolutionBody, b), JSON.stringify(b)).toEqual(old)
    })
  })

  it("a boleto to receive: amount bounds, calendar due date, required description, payer's name and document", () => {
    forAll(6, (r) => {
      const b = {
        amount: amount(r),
        due_date: date(r),
        description: r.chance(0.1) ? "   " : trimmedText(r),
        payer_name: r.pick(["Ana", "Al", "  Al  ", "", "Ana Souza"]),
        payer_document: doc(r)
      }
      expect(fieldErrors(BilletDepositBody, b), JSON.stringify(b)).toEqual(oldBilletDeposit(b))
    })
  })

  it("a boleto paid: the amount", () => {
    forAll(7, (r) => {
      const b = { line: "1", amount: amount(r), pin_token: "t" }
      const old: Fields = {}
      oldPositive(old, b.amount)
      expect(pick(fieldErrors(api.billetPay.body, b), ["amount"])).toEqual(old)
    })
  })

  it("a DDA boleto registered by the admin: document, amount, due date and rates", () => {
    forAll(8, (r) => {
      const b = {
        payer_document: doc(r),
        ...(r.chance(0.7) ? { amount: amount(r) } : {}),
        ...(r.chance(0.7) ? { due_date: date(r) } : {}),
        ...(r.chance(0.7) ? { fine_bp: r.int(-5, 205) } : {}),
        ...(r.chance(0.7) ? { interest_per_day: r.int(-5, 335) } : {})
      }
      expect(fieldErrors(billetAdminApi.billetDdaRegister.body, b), JSON.stringify(b)).toEqual(oldDda(b))
    })
  })

  it("the sign-in, the forgotten password, the unlock and the sign-up: lengths, addresses, name and phone", () => {
    forAll(10, (r) => {
      const email = r.pick([
        `ana${r.digits(2)}@example.com`,
        "a".repeat(r.int(240, 260)) + "@x.co",
        " ana@example.com",
        "ana@",
        "Ana@Example.COM",
        "x".repeat(r.int(250, 258)),
        ""
      ])
      const password = r.pick(["x".repeat(r.int(250, 260)), "Abc123!@", "short"])
      const signin = { email, password }
      expect(fieldErrors(api.signin.body, signin), JSON.stringify(signin)).toEqual(oldSignin(signin))
      expect(fieldErrors(api.forgotPassword.body, { email })).toEqual(oldForgot(email))
      expect(fieldErrors(api.signinUnlock.body, { email })).toEqual(oldForgot(email))
      const phone = r.pick([
        `+55 (11) 9${r.digits(4)}-${r.digits(4)}`,
        r.digits(r.int(8, 15)),
        `+${r.digits(12)}`,
        "11 9999",
        "",
        "(11)987654321",
        `${r.digits(5)}a${r.digits(5)}`
      ])
      const signup = { name: r.pick(["Ana", "Al", "  Al ", "", "Ana Souza", "Zé"]), email, phone_number: phone, recaptcha_token: "t" }
      expect(fieldErrors(api.signup.body, signup), JSON.stringify(signup)).toEqual(oldSignup(signup))
      const patch = { phone_number: phone }
      expect(fieldErrors(api.signupPatch.body, patch)).toEqual(pick(oldSignup({ name: "Ana", email: "a@b.co", phone_number: phone }), ["phone_number"]))
    })
  })

  it("a new password is strong (change, reset, sign-up confirmation) and a first PIN has 4 digits", () => {
    forAll(11, (r) => {
      let pw = ""
      for (let i = r.int(0, 14); i > 0; i--) pw += r.pick(["a", "B", "1", "!", " ", "ç", "Ž", "😀", "_"])
      expect(fieldErrors(api.changePassword.body, { current_password: "x", new_password: pw })).toEqual(oldStrong("new_password", pw))
      expect(fieldErrors(api.forgotPasswordUpdate.body, { code: "1", new_password: pw })).toEqual(oldStrong("new_password", pw))
      expect(fieldErrors(api.signupConfirm.body, { code: "1", password: pw, document: "x" })).toEqual(oldStrong("password", pw))
      const pin = r.pick([r.digits(4), r.digits(r.int(0, 6)), "12a4", " 1234", "١٢٣٤"])
      expect(fieldErrors(api.addPin.body, { pin })).toEqual(oldPin(pin))
    })
  })

  it("a wallet's name, an invitation's address and the roles a member is given", () => {
    forAll(12, (r) => {
      const name = r.chance(0.2) ? r.pick(["", "   ", " Casa ", "a".repeat(60), ` ${"a".repeat(60)} `, "a".repeat(61)]) : text(r).slice(0, r.int(0, 70))
      expect(fieldErrors(api.walletCreate.body, { name }), JSON.stringify(name)).toEqual(oldWalletName(name))
      expect(fieldErrors(api.walletUpdate.body, { name })).toEqual(oldWalletName(name))
      const types = Array.from({ length: r.int(0, 3) }, () => r.pick(["ADMIN", "CLIENT", "APPROVER", "ROOT", "admin", "OWNER", "constructor"]))
      expect(fieldErrors(api.permissionUpdate.body, { user_id: "u", permission_types: types })).toEqual(oldRoles(types))
      const email = r.pick(["ana@example.com", " Ana@Example.com ", "ana@", "", "a b@c.co"])
      const invite = { wallet_id: "w", email, permission_types: types }
      const old = { ...(isValidEmail(email.trim().toLowerCase()) ? {} : { email: "VALIDATION_EMAIL" }), ...oldRoles(types) }
      expect(fieldErrors(api.invitationCreate.body, invite), JSON.stringify(invite)).toEqual(old)
    })
  })

  it("an upload's name and size, a betting report's date, a GGR's month, year and value, a card's nickname, digits and purchase, a conversion's amount", () => {
    const MAX_UPLOAD = 200 * 1024 * 1024
    forAll(13, (r) => {
      // storage.ts (each field alone: badField stopped at the first)
      const up = {
        file_name: r.pick(["a.csv", "", "   ", "x".repeat(r.int(195, 205))]),
        content_type: "text/csv",
        size: r.pick([0, -1, 1, MAX_UPLOAD, MAX_UPLOAD + 1, r.int(1, 1e6)]),
        purpose: "endr-report",
        part_size: 1
      }
      const oldUp: Fields = {
        ...(!Number.isSafeInteger(up.size) || up.size <= 0 || up.size > MAX_UPLOAD ? { size: "VALIDATION_MAX_VALUE" } : {}),
        ...(up.file_name.trim() === "" || up.file_name.length > 200 ? { file_name: "VALIDATION_FORMAT" } : {})
      }
      expect(pick(fieldErrors(MultipartCreateBody, up), ["size", "file_name"]), JSON.stringify(up)).toEqual(oldUp)
      // betting.ts
      const report_date = r.pick(["2026-01-15", "2026-02-30", "2026-1-15", "15/01/2026", "", "2026-13-01"])
      const oldReport = !/^\d{4}-\d{2}-\d{2}$/.test(report_date) || Number.isNaN(Date.parse(report_date)) ? { report_date: "VALIDATION_FORMAT" } : {}
      expect(fieldErrors(ReportCreateBody, { report_date, file_id: "f" })).toEqual(oldReport)
      const g = { month: r.int(-1, 14), year: r.int(2020, 2030), total_value: r.pick([0, -5, 1e15, 1e15 + 1, -1e15 - 1, r.int(-1e6, 1e6)]) }
      const oldG: Fields = {
        ...(g.month < 1 || g.month > 12 ? { month: "VALIDATION_FORMAT" } : {}),
        ...(g.year < 2023 ? { year: "VALIDATION_FORMAT" } : {}),
        ...(!Number.isSafeInteger(g.total_value) || Math.abs(g.total_value) > 1e15 ? { total_value: "VALIDATION_FORMAT" } : {})
      }
      expect(fieldErrors(GgrCreateBody, g), JSON.stringify(g)).toEqual(oldG)
      expect(fieldErrors(GgrPatchBody, { total_value: g.total_value })).toEqual(pick(oldG, ["total_value"]))
      // cards.ts
      const nickname = r.pick(["", "Viagens", " ".repeat(5) + "x".repeat(30), "x".repeat(r.int(28, 33))])
      expect(fieldErrors(RequestVirtualBody, { nickname })).toEqual(nickname.trim().length > 30 ? { nickname: "VALIDATION_MAX_LENGTH" } : {})
      const digits = r.pick([r.digits(4), r.digits(r.int(0, 6)), "12a4", " 1234"])
      const four = /^\d{4}$/.test(digits) ? {} : { x: "VALIDATION_FORMAT" }
      expect(fieldErrors(ActivateBody, { card_id: "c", last_four: digits })).toEqual("x" in four ? { last_four: "VALIDATION_FORMAT" } : {})
      expect(fieldErrors(CardPasswordBody, { password: digits, password_confirmation: "", pin_token: "t" })).toEqual(
        "x" in four ? { password: "VALIDATION_FORMAT" } : {}
      )
      // cards.ts cardPurchase and coins.ts convert: an amount above zero
      const a = amount(r)
      const oldA: Fields = {}
      oldPositive(oldA, a)
      expect(fieldErrors(cardsAdminApi.cardPurchase.body, { card_id: "c", amount: a })).toEqual(oldA)
      const conv = { quote_id: "q", side: "buy", from_currency: "BRL", to_currency: "BTC", amount: a, pin_token: "t" }
      expect(fieldErrors(api.convert.body, conv)).toEqual(oldA)
    })
  })

  it("the PIN's bodies, unions of shapes: verify-pin (binding, PIN or temporary token) and the PIN change", () => {
    forAll(14, (r) => {
      const code = r.pick([r.digits(4), r.digits(6), r.digits(r.int(0, 7)), "12a4"])
      const binding = {
        ...(r.chance(0.5) ? { command_id: r.pick(["", r.uuid(), "x".repeat(r.int(99, 101))]) } : {}),
        ...(r.chance(0.5) ? { payload_hash: r.pick([r.hex(64), r.hex(63), r.hex(64).toUpperCase()]) } : {})
      }
      // auth.ts verifyPin: the binding first, then the code of the shape sent (each field alone: badField stopped at the first)
      const oldBinding: Fields = {
        ...(binding.command_id !== undefined && (binding.command_id === "" || binding.command_id.length > 100) ? { command_id: "VALIDATION_LENGTH" } : {}),
        ...(binding.payload_hash !== undefined && !/^[0-9a-f]{64}$/.test(binding.payload_hash) ? { payload_hash: "VALIDATION_LENGTH" } : {})
      }
      const byPin = { pin: code, ...binding }
      expect(fieldErrors(api.verifyPin.body, byPin), JSON.stringify(byPin)).toEqual({ ...oldBinding, ...(isValidPin(code) ? {} : { pin: "VALIDATION_PIN" }) })
      const byToken = { temporary_token: code, ...binding }
      expect(fieldErrors(api.verifyPin.body, byToken), JSON.stringify(byToken)).toEqual({
        ...oldBinding,
        ...(/^\d{6}$/.test(code) ? {} : { temporary_token: "VALIDATION_TEMPORARY_TOKEN" })
      })
      // user.ts updatePin
      const next = r.pick([r.digits(4), r.digits(3), "abcd"])
      expect(fieldErrors(api.updatePin.body, { current_pin: code, new_pin: next })).toEqual({
        ...(isValidPin(next) ? {} : { new_pin: "VALIDATION_PIN" }),
        ...(isValidPin(code) ? {} : { current_pin: "VALIDATION_PIN" })
      })
      expect(fieldErrors(api.updatePin.body, { temporary_token: code, new_pin: next })).toEqual(isValidPin(next) ? {} : { new_pin: "VALIDATION_PIN" })
    })
    // neither shape: both shapes' missing keys, as before
    expect(fieldErrors(api.verifyPin.body, {})).toEqual({ pin: "VALIDATION_REQUIRED", temporary_token: "VALIDATION_REQUIRED" })
  })

  it("a Pix key's code, a claim's key and a contact's key (pix-claims.ts, pix-limits.ts)", () => {
    forAll(15, (r) => {
      const code = r.pick([r.digits(5), ` ${r.digits(5)} `, r.digits(r.int(0, 7)), "1234a"])
      expect(fieldErrors(api.pixKeyCodeConfirm.body, { code })).toEqual(isKeyCode(code.trim()) ? {} : { code: "VALIDATION_KEY_CODE" })
      const key = pixKey(r)
      const oldKeyFields: Fields = {}
      oldKey(oldKeyFields, key)
      expect(fieldErrors(api.pixClaimStart.body, { key, kind: "ownership", pin_token: "t" })).toEqual(oldKeyFields)
      expect(fieldErrors(PixContactCreateBody, { key })).toEqual(oldKeyFields)
    })
  })

  it("a boleto typed to decode or pay: its line or barcode, and the decode's date (billet.ts slipOf, billetDecode)", () => {
    forAll(16, (r) => {
      const line = r.pick([r.digits(47), r.digits(48), r.digits(44), `${r.digits(5)}.${r.digits(5)} ${r.digits(37)}`, r.digits(r.int(0, 50)), "abc", ""])
      const old = lineOfInput(line) === null ? { line: "VALIDATION_BOLETO_LINE" } : {}
      expect(fieldErrors(api.billetPay.body, { line, amount: 100, pin_token: "t" })).toEqual(old)
      const d = r.chance(0.5) ? { date: date(r) } : {}
      expect(fieldErrors(api.billetDecode.query, { line, ...d })).toEqual({
        ...old,
        ...(d.date !== undefined && parseIsoDate(d.date) === null ? { date: "VALIDATION_DATE" } : {})
      })
    })
  })

  /*
   * D-sandbox-by-area (issue 29 items 5 and 7): the last hand checks moved. Each `old` below is the route's check as it was
   * (sandbox/routes/storage.ts, pix-keys.ts, pix-limits.ts, betting.ts, billet.ts — now sandbox/areas/<area>/routes.ts),
   * answered on a body that already passed the rest of its Schema, as the route saw it; the new Schema (and, where the
   * bound is the business clock, the Schema built on that day) must name the same field with the same key.
   */
  it("an upload's parts: at most 100 parts, each of at least 256 KiB unless there is one (storage.ts storageMultipartCreate)", () => {
    forAll(21, (r) => {
      const size = r.pick([1, MIN_PART_SIZE, MIN_PART_SIZE + 1, MIN_PART_SIZE * MAX_PARTS, MIN_PART_SIZE * MAX_PARTS + 1, r.int(1, 200 * 1024 * 1024)])
      const part_size = r.pick([
        0,
        -1,
        1,
        MIN_PART_SIZE - 1,
        MIN_PART_SIZE,
        size,
        size + 1,
        Math.ceil(size / MAX_PARTS),
        Math.ceil(size / MAX_PARTS) - 1,
        r.int(-10, 3e6)
      ])
      const b = { file_name: "a.csv", content_type: "text/csv", size, purpose: "endr-report", part_size }
      const parts = Math.ceil(b.size / b.part_size)
      const old =
        !Number.isSafeInteger(b.part_size) || (b.part_size < MIN_PART_SIZE && parts > 1) || parts > MAX_PARTS ? { part_size: "VALIDATION_FORMAT" } : {}
      expect(fieldErrors(MultipartCreateBody, b), JSON.stringify(b)).toEqual(old)
    })
  })

  it("a Pix key to register, judged by the type sent beside it (pix-keys.ts pixKeyCreate)", () => {
    forAll(22, (r) => {
      const key_type = r.pick(["cpf", "cnpj", "email", "phone", "random"] as const)
      const missing = r.pick(["absent", "", "   "])
      const key = r.chance(0.15)
        ? missing === "absent"
          ? undefined
          : missing
        : r.chance(0.5)
          ? pixKey(r)
          : r.pick([makeCpf(r), makeCnpj(r), `ana${r.digits(2)}@example.com`, `+5511${r.digits(9)}`])
      const b = { key_type, ...(key !== undefined ? { key } : {}) }
      const old: Fields = {}
      if (key_type !== "random") {
        const typed = (b.key ?? "").trim()
        if (typed === "") old["key"] = "VALIDATION_REQUIRED"
        else if (!isValidPixKey(typed, key_type)) old["key"] = "VALIDATION_PIX_KEY"
      }
      expect(fieldErrors(PixKeyCreateBody, b), JSON.stringify(b)).toEqual(old)
      expect(fieldErrors(api.pixKeyCreate.body, { ...b, pin_token: "t" }), JSON.stringify(b)).toEqual(old)
    })
  })

  it("a Pix limit's change: a known type and a value of zero or more (pix-limits.ts userLimitChange)", () => {
    forAll(23, (r) => {
      const limit_type_id = r.pick([PIX_LIMIT_TYPE_IDS.pix_others, PIX_LIMIT_TYPE_IDS.pix_same_ownership, "", "limit-type-pix", "pix_others"])
      const amount = r.pick([0, -1, 1, 1.5, Number.MAX_SAFE_INTEGER, r.int(-1000, 10_000_000)])
      const b = { limit_type_id, period: r.pick(["day", "night"]), amount }
      // the route stopped at the type; the decode names both (each field alone here)
      const old: Fields = {
        ...(Object.values(PIX_LIMIT_TYPE_IDS).includes(limit_type_id) ? {} : { limit_type_id: "VALIDATION_REQUIRED" }),
        ...(Number.isInteger(amount) && !(Number.isSafeInteger(amount) && amount >= 0) ? { amount: "VALIDATION_MIN_VALUE" } : {}),
        ...(Number.isInteger(amount) ? {} : { amount: "VALIDATION_FORMAT" })
      }
      expect(fieldErrors(UserLimitChangeBody, b), JSON.stringify(b)).toEqual(old)
      expect(fieldErrors(api.userLimitChange.body, { ...b, pin_token: "t" })).toEqual(old)
    })
  })

  it("dates bounded by the business clock: a report's day, a GGR's month, a boleto's due date (betting.ts, billet.ts)", () => {
    forAll(24, (r) => {
      const today = r.pick(["2026-01-01", "2026-03-15", "2026-12-31", "2028-02-29"])
      // betting.ts endrReportCreate: a report covers a past day or today
      const report_date = r.pick([today, addIsoDays(today, 1), addIsoDays(today, -1), addIsoDays(today, r.int(-400, 400)), "2026-02-30", "15/01/2026"])
      const fmt = fieldErrors(ReportCreateBody, { report_date, file_id: "f" })
      const oldReport = Object.keys(fmt).length > 0 ? fmt : report_date > today ? { report_date: "VALIDATION_FORMAT" } : {}
      expect(fieldErrors(reportCreateBodyOn(today), { report_date, file_id: "f" }), `${today} ${report_date}`).toEqual(oldReport)
      // betting.ts endrGgrCreate: no month still to come
      const g = { month: r.int(0, 13), year: r.int(2022, 2030), total_value: r.pick([1, -1, 1e16]) }
      const gfmt = fieldErrors(GgrCreateBody, g)
      const [ty, tm] = today.split("-").map(Number) as [number, number]
      const oldG = Object.keys(gfmt).length > 0 ? gfmt : g.year * 12 + g.month > ty * 12 + tm ? { month: "VALIDATION_FORMAT" } : {}
      expect(fieldErrors(ggrCreateBodyOn(today), g), `${today} ${JSON.stringify(g)}`).toEqual(oldG)
      // billet.ts billetDepositCreate: due today or later (BILLET_DATE_INVALID), at most five years ahead (VALIDATION_DATE)
      const due_date = r.pick([
        today,
        addIsoDays(today, -1),
        addIsoDays(today, 365 * 5),
        addIsoDays(today, 365 * 5 + 1),
        addIsoDays(today, r.int(-30, 2000)),
        date(r)
      ])
      const b = { amount: r.pick([1000, 50]), due_date, description: "Aluguel", payer_name: "Ana Souza", payer_document: makeCpf(r) }
      const bfmt = oldBilletDeposit(b)
      const oldB =
        bfmt["due_date"] !== undefined
          ? bfmt
          : {
              ...bfmt,
              ...(due_date < today ? { due_date: "BILLET_DATE_INVALID" } : due_date > addIsoDays(today, 365 * 5) ? { due_date: "VALIDATION_DATE" } : {})
            }
      expect(fieldErrors(billetDepositBodyOn(today), b), `${today} ${JSON.stringify(b)}`).toEqual(oldB)
    })
  })

  it("a conversion's pair and side: known currencies, BRL on one side, the side the pair makes (coins.ts coinOfPair, convert)", () => {
    const LOCKED = ["EUR", "USD", "BRZ"]
    const KNOWN = ["BRL", "BTC", "ETH", "USDT", ...LOCKED]
    // coins.ts coinOfPair as it was: each side in turn locked (CURRENCY_NOT_CONVERTIBLE, not a field answer) or unknown, then the pair
    const oldPair = (a: string, b: string, fa: string, fb: string): Fields | "CURRENCY_NOT_CONVERTIBLE" => {
      for (const [v, f] of [
        [a, fa],
        [b, fb]
      ] as const) {
        if (LOCKED.includes(v)) return "CURRENCY_NOT_CONVERTIBLE"
        if (v !== "BRL" && !["BTC", "ETH", "USDT"].includes(v)) return { [f]: "VALIDATION_FORMAT" }
      }
      return (a === "BRL") === (b === "BRL") ? { [fb]: "VALIDATION_FORMAT" } : {}
    }
    forAll(25, (r) => {
      const cur = (): string => r.pick([...KNOWN, ...KNOWN.map((c) => c.toLowerCase()), "XYZ", "", "Btc"])
      const base = cur()
      const quote = cur()
      // each side alone where the route stopped at the first (the decode names both); a locked side is the route's refusal,
      // so the query passes its Schema — unless the other side is unknown, found now at decode before that refusal
      const unknown: Fields = {
        ...(KNOWN.includes(base.toUpperCase()) ? {} : { base: "VALIDATION_FORMAT" }),
        ...(KNOWN.includes(quote.toUpperCase()) ? {} : { quote: "VALIDATION_FORMAT" })
      }
      const old = Object.keys(unknown).length > 0 ? unknown : oldPair(base.toUpperCase(), quote.toUpperCase(), "base", "quote")
      expect(fieldErrors(api.spotQuote.query, { base, quote }), `${base}/${quote}`).toEqual(old === "CURRENCY_NOT_CONVERTIBLE" ? {} : old)
      // convert: the body's currencies are the catalogue's symbols already; then the pair, then the side
      const from_currency = r.pick(KNOWN)
      const to_currency = r.pick(KNOWN)
      const side = r.pick(["buy", "sell"])
      const body = { quote_id: "q", side, from_currency, to_currency, amount: 1000, pin_token: "t" }
      const oldC = oldPair(from_currency, to_currency, "from_currency", "to_currency")
      const expected =
        oldC === "CURRENCY_NOT_CONVERTIBLE"
          ? {}
          : Object.keys(oldC).length > 0
            ? oldC
            : side !== (from_currency === "BRL" ? "buy" : "sell")
              ? { side: "VALIDATION_FORMAT" }
              : {}
      expect(fieldErrors(api.convert.body, body), JSON.stringify(body)).toEqual(expected)
    })
  })

  it("known difference: a description is judged as sent; the QR code and the boleto trimmed it first (tab, line break, spaces at the ends)", () => {
    expect(fieldErrors(PixQrCreateBody, { kind: "static", key: "k", description: "Aluguel\n" })).toEqual({ description: "VALIDATION_NO_SPECIAL_CHARACTERS" })
    const long = ` ${"a".repeat(140)} `
    const b = { amount: 1000, due_date: "2026-02-28", description: long, payer_name: "Ana", payer_document: makeCpf(new Prng(9)) }
    expect(oldBilletDeposit(b)).toEqual({})
    expect(fieldErrors(BilletDepositBody, b)).toEqual({ description: "VALIDATION_MAX" })
  })

  it("a wrong type is VALIDATION_FORMAT and a missing field VALIDATION_REQUIRED, before any rule", () => {
    expect(fieldErrors(api.pixPayByKey.body, { key: 1, amount: 1.5, pin_token: "t" })).toEqual({
      key: "VALIDATION_FORMAT",
      amount: "VALIDATION_FORMAT",
      description: "VALIDATION_REQUIRED"
    })
    expect(Schema.is(api.pixPayByKey.body)({ key: makeCpf(new Prng(1)), amount: 1, description: "Aluguel", pin_token: "" })).toBe(true)
  })
})
