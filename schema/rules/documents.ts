/**
 * Documents (spec core §5 validCPF, validCNPJ, validDocument): CPF, CNPJ including the alphanumeric CNPJ
 * (IN RFB 2.229/2024), and the Schemas a request body's document fields are. Public entry: schema/validation.ts.
 */
import { Schema } from "effect"
import { ruleCheck, ValidationMessage } from "./messages.ts"

/* ------------------------------------------------------------------------------------------ */
/* Documents: CPF, CNPJ (numeric and alphanumeric)                                             */
/* ------------------------------------------------------------------------------------------ */

/** Digits 0-9 only. */
export function onlyDigits(s: string): string {
  return typeof s === "string" ? s.replace(/[^0-9]/g, "") : ""
}

const DOC_SEPARATORS = /[.\-/\s]/g

function allEqual(s: string): boolean {
  return s.length > 0 && s.split("").every((c) => c === s[0])
}

/**
 * The 11 plain digits of a CPF typed formatted (000.000.000-00) or plain, or null when it has
 * other characters, misplaced separators or the wrong length. Surrounding whitespace is ignored.
 * No check digits here.
 */
export function normalizeCpf(s: string): string | null {
  if (typeof s !== "string") return null
  const t = s.trim()
  // plain, or formatted 000.000.000-00 with each separator optional at its own place
  if (!/^[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}-?[0-9]{2}$/.test(t)) return null
  return t.replace(DOC_SEPARATORS, "")
}

/** spec core §5 validCPF — 11 digits, not all the same, both mod 11 check digits match. */
export function isValidCpf(s: string): boolean {
  const d = normalizeCpf(s)
  if (d === null || allEqual(d)) return false
  for (const len of [9, 10]) {
    let sum = 0
    for (let i = 0; i < len; i++) sum += (d.charCodeAt(i) - 48) * (len + 1 - i)
    const r = (sum * 10) % 11
    const dv = r === 10 ? 0 : r
    if (dv !== d.charCodeAt(len) - 48) return false
  }
  return true
}

/**
 * The 14 plain characters of a CNPJ typed formatted (00.000.000/0000-00) or plain, uppercased,
 * or null. The first 12 may be 0-9 or A-Z (alphanumeric CNPJ, IN RFB 2.229/2024), the last 2 are digits.
 */
export function normalizeCnpj(s: string): string | null {
  if (typeof s !== "string") return null
  const t = s.trim().toUpperCase()
  // spec core §5 validCNPJ: 14 to 18 characters — plain, or 00.000.000/0000-00 with each
  // separator optional at its own place
  if (!/^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?[0-9]{2}$/.test(t)) return null
  return t.replace(DOC_SEPARATORS, "")
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const

/** CNPJ check digit: each character's value is its ASCII code − 48 (digits 0-9, A=17 … Z=42); mod 11, remainder < 2 gives 0. */
function cnpjDv(base: string, weights: readonly number[]): number {
  let sum = 0
  for (let i = 0; i < weights.length; i++) sum += (base.charCodeAt(i) - 48) * (weights[i] ?? 0)
  const r = sum % 11
  return r < 2 ? 0 : 11 - r
}

/** The two check digits ("35") of a 12-character CNPJ base ("12ABC34501DE"), or null. */
export function cnpjCheckDigits(base: string): string | null {
  const b = typeof base === "string" ? base.toUpperCase() : ""
  if (!/^[0-9A-Z]{12}$/.test(b)) return null
  const dv1 = cnpjDv(b, CNPJ_WEIGHTS_1)
  const dv2 = cnpjDv(b + String(dv1), CNPJ_WEIGHTS_2)
  return `${dv1}${dv2}`
}

/** The two CPF check digits of a 9-digit base, or null. */
export function cpfCheckDigits(base: string): string | null {
  if (typeof base !== "string" || !/^[0-9]{9}$/.test(base)) return null
  let d = base
  for (const len of [9, 10]) {
    let sum = 0
    for (let i = 0; i < len; i++) sum += (d.charCodeAt(i) - 48) * (len + 1 - i)
    const r = (sum * 10) % 11
    d += String(r === 10 ? 0 : r)
  }
  return d.slice(9)
}

/**
 * spec core §5 validCNPJ — 14 characters formatted or plain, not all the same, check digits
 * match; accepts the alphanumeric CNPJ (IN RFB 2.229/2024) and lowercase letters.
 */
export function isValidCnpj(s: string): boolean {
  const d = normalizeCnpj(s)
  if (d === null || allEqual(d)) return false
  return cnpjCheckDigits(d.slice(0, 12)) === d.slice(12)
}

/** spec core §5 validDocument — a valid CPF or a valid CNPJ. */
export function isValidDocument(s: string): boolean {
  return isValidCpf(s) || isValidCnpj(s)
}

/** "cpf", "cnpj" or null for a valid document. */
export function documentType(s: string): "cpf" | "cnpj" | null {
  if (isValidCpf(s)) return "cpf"
  if (isValidCnpj(s)) return "cnpj"
  return null
}

/** Plain form (digits, uppercase letters) of a valid document, or null. */
export function normalizeDocument(s: string): string | null {
  if (isValidCpf(s)) return normalizeCpf(s)
  if (isValidCnpj(s)) return normalizeCnpj(s)
  return null
}

export const cpfCheck = ruleCheck(isValidCpf, ValidationMessage.validCPF)
export const cnpjCheck = ruleCheck(isValidCnpj, ValidationMessage.validCNPJ)
export const documentCheck = ruleCheck(isValidDocument, ValidationMessage.validDocument)
export const CpfString = Schema.String.check(cpfCheck)
export const CnpjString = Schema.String.check(cnpjCheck)
/** A CPF or a CNPJ, formatted or plain (a body's `*_document`): VALIDATION_VALID_DOCUMENT. */
export const DocumentString = Schema.String.check(documentCheck)
