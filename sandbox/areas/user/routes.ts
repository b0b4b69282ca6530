/**
 * The user's own data (spec core §3 entities, §4 onboarding and PIN, §5 profile-update rules,
 * §7 "User"): profile, onboarding (expired → finished after a profile update), PIN add/update,
 * occupations (CBO search), address, and the postcode lookup the sandbox also serves.
 */
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import type { Address, Onboarding } from "../../../schema/entities.ts"
import { hashSecret } from "../../tokens.ts"
import { checkPin, spendTemporaryToken } from "../auth/routes.ts"
import { userById, type UserRow } from "../../repo.ts"
import { saveOnboarding, savePinHash } from "./db.ts"
import { CITIES, NEIGHBORHOODS, OCCUPATIONS, STREETS, UFS } from "../../names.ts"
import { createHash } from "node:crypto"

const OK = { data: { ok: true } } as const

const onboardingOf = (u: UserRow): Onboarding => {
  const o = JSON.parse(u.onboarding_json) as Partial<Onboarding>
  return {
    status: u.onboarding_status,
    full_name: o.full_name ?? u.full_name,
    mother_name: o.mother_name ?? null,
    birth_date: o.birth_date ?? null,
    pin_status: u.pin_hash === null ? "not_created" : "created",
    patrimony: o.patrimony ?? null,
    nationality: o.nationality ?? null,
    pep: o.pep ?? false,
    pep_since: o.pep_since ?? null,
    occupation_cbo: o.occupation_cbo ?? null,
    occupation_income: o.occupation_income ?? null,
    document_status: o.document_status ?? null,
    selfie_status: o.selfie_status ?? null,
    facematch_status: o.facematch_status ?? null,
    rejected_reason_code: o.rejected_reason_code ?? null,
    review_status: o.review_status ?? null,
    review_reject_message: o.review_reject_message ?? null,
    require_accept_migration_terms: o.require_accept_migration_terms ?? false,
    needs_profile_update: o.needs_profile_update ?? false,
    address: u.address_json === null ? null : (JSON.parse(u.address_json) as Address)
  }
}

/** core §5 profile-update form rules. */
const validateAddress = (a: Address): Record<string, string> => {
  const f: Record<string, string> = {}
  if (!/^\d{5}-\d{3}$/.test(a.zip_code)) f["address.zip_code"] = "VALIDATION_ZIP"
  for (const k of ["street", "neighborhood", "city", "country"] as const) if (a[k].trim() === "") f[`address.${k}`] = "VALIDATION_REQUIRED"
  if (!(UFS as ReadonlyArray<string>).includes(a.federative_unit)) f["address.federative_unit"] = "VALIDATION_FORMAT"
  if (!Number.isInteger(a.number) || a.number < 0) f["address.number"] = "VALIDATION_NUMERIC"
  return f
}

export const registerUserRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  bind(app, ctx, "profile", (req) => {
    const u = req.user
    return {
      data: {
        id: u.id,
        name: u.name,
        full_name: u.full_name,
        email: u.email,
        phone_number: u.phone_number,
        type: u.type,
        document: u.document,
        referral_link: u.referral_link,
        server_type: u.server_type
      }
    }
  })

  bind(app, ctx, "onboarding", (req) => ({ data: onboardingOf(req.user) }))

  bind(app, ctx, "onboardingUpdate", (req) => {
    const b = req.body
    const fields = validateAddress(b.address)
    if (!Number.isInteger(b.occupation_cbo) || b.occupation_cbo <= 0) fields["occupation_cbo"] = "VALIDATION_REQUIRED"
    if (!Number.isInteger(b.occupation_income) || b.occupation_income < 0) fields["occupation_income"] = "VALIDATION_MIN_VALUE"
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    const o = JSON.parse(req.user.onboarding_json) as Record<string, unknown>
    o["occupation_cbo"] = b.occupation_cbo
    o["occupation_income"] = b.occupation_income
    o["needs_profile_update"] = false
    // core §4: expired returns to finished after a profile update
    const status = req.user.onboarding_status === "expired" ? "finished" : req.user.onboarding_status
    saveOnboarding(db, req.user.id, o, b.address, status, ctx.clock.nowIso())
    const fresh = userById(db, req.user.id) as UserRow
    return { data: onboardingOf(fresh) }
  })

  bind(app, ctx, "hasPin", (req) => ({ data: { has_pin: req.user.pin_hash !== null } }))

  bind(app, ctx, "addPin", (req) => {
    if (req.user.pin_hash !== null) throw new ApiError(422, "PIN_ALREADY_EXISTS")
    savePinHash(db, req.user.id, hashSecret(req.body.pin), ctx.clock.nowIso())
    return OK
  })

  bind(app, ctx, "updatePin", (req) => {
    const b = req.body
    // both PINs' 4 digits: the body's Schema (D-rules-on-contract)
    if ("current_pin" in b) {
      checkPin(req, req.user, b.current_pin)
    } else spendTemporaryToken(req, req.user.id, b.temporary_token)
    savePinHash(db, req.user.id, hashSecret(b.new_pin), ctx.clock.nowIso())
    return OK
  })

  bind(app, ctx, "occupations", (req) => {
    const q = req.query.search.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim()
    const size = Math.min(100, Number(req.query.page_size ?? "30") || 30)
    const page = Math.max(1, Number(req.query.page ?? "1") || 1)
    const all = OCCUPATIONS.filter(([, cbo, name]) => q === "" || cbo.includes(q) || name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().includes(q))
    const occupations = all.slice((page - 1) * size, page * size).map(([cbo_id, cbo, name]) => ({ cbo_id, cbo, name }))
    return { data: { occupations } }
  })

  bind(app, ctx, "address", (req) => ({ data: req.user.address_json === null ? null : (JSON.parse(req.user.address_json) as Address) }))

  // The postcode service's shape (core §3 zip lookup): a deterministic address per CEP.
  bind(app, ctx, "zipLookup", (req) => {
    const cep = (req.params["cep"] ?? "").replace(/\D/g, "")
    if (cep.length !== 8) throw new ApiError(400, "INVALID_REQUEST", "CEP must have 8 digits", { cep: "VALIDATION_ZIP" })
    const h = createHash("sha256").update(cep).digest()
    const [city, uf] = CITIES[(h[0] ?? 0) % CITIES.length] ?? ["São Paulo", "SP"]
    return {
      cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
      logradouro: STREETS[(h[1] ?? 0) % STREETS.length] ?? "Rua das Flores",
      complemento: "",
      bairro: NEIGHBORHOODS[(h[2] ?? 0) % NEIGHBORHOODS.length] ?? "Centro",
      localidade: city,
      uf
    }
  })
}
