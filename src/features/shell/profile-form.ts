/**
 * The profile-update form of spec core §5 as pure functions: the zip mask, the rules (required
 * income, occupation, zip '#####-###', street, number digits only, neighborhood, city, state,
 * country; complement optional) and the request body (occupation code and number as numbers).
 */
import type { ProfileUpdateForm } from "../../../schema/entities.ts"
import { OCCUPATION_NOT_REPORTED } from "../../../schema/entities.ts"
import { isValidZip, ValidationMessage, type ValidationKey } from "../../../schema/validation.ts"

export interface ProfileFormValues {
  readonly incomeText: string
  readonly incomeCents: number | null
  readonly occupationCbo: number | null
  readonly occupationText: string
  readonly notReported: boolean
  readonly zip: string
  readonly country: string
  readonly state: string
  readonly city: string
  readonly neighborhood: string
  readonly street: string
  readonly number: string
  readonly complement: string
}
export type ProfileField = "income" | "occupation" | "zip" | "country" | "state" | "city" | "neighborhood" | "street" | "number"
export type ProfileErrors = Partial<Record<ProfileField, ValidationKey>>

/** core §9: zip length 9. */
export const ZIP_LENGTH = 9

/** Typing mask: digits → '#####-###' (at most 8 digits). */
export function maskZip(s: string): string {
  const d = s.replace(/\D/g, "").slice(0, 8)
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d
}

/** The federative units (Brazilian state codes). */
export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO"
] as const

const blank = (s: string): boolean => s.trim() === ""

export function validateProfileForm(v: ProfileFormValues): ProfileErrors {
  const e: ProfileErrors = {}
  if (blank(v.incomeText)) e.income = ValidationMessage.required
  else if (v.incomeCents === null) e.income = ValidationMessage.money
  if (!v.notReported && v.occupationCbo === null) e.occupation = ValidationMessage.required
  if (blank(v.zip)) e.zip = ValidationMessage.required
  else if (!isValidZip(v.zip)) e.zip = ValidationMessage.zip
  if (blank(v.street)) e.street = ValidationMessage.required
  if (blank(v.number)) e.number = ValidationMessage.required
  else if (!/^\d+$/.test(v.number.trim())) e.number = ValidationMessage.numeric
  if (blank(v.neighborhood)) e.neighborhood = ValidationMessage.required
  if (blank(v.city)) e.city = ValidationMessage.required
  if (blank(v.state)) e.state = ValidationMessage.required
  if (blank(v.country)) e.country = ValidationMessage.required
  return e
}

export const isProfileFormValid = (v: ProfileFormValues): boolean => Object.keys(validateProfileForm(v)).length === 0

/** The PUT body: occupation code and address number as numbers; 'not reported' sends 3940. */
export function toProfileUpdate(v: ProfileFormValues): ProfileUpdateForm {
  return {
    occupation_cbo: v.notReported ? OCCUPATION_NOT_REPORTED : (v.occupationCbo ?? OCCUPATION_NOT_REPORTED),
    occupation_income: v.incomeCents ?? 0,
    address: {
      zip_code: v.zip,
      street: v.street.trim(),
      number: Number(v.number.trim()),
      complement: v.complement.trim() === "" ? null : v.complement.trim(),
      neighborhood: v.neighborhood.trim(),
      city: v.city.trim(),
      federative_unit: v.state,
      country: v.country.trim()
    }
  }
}
