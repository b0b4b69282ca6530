/**
 * The payment request form's masks (issue 16; spec core "CPF is shown 000.000.000-00, CNPJ
 * 00.000.000/0000-00", features §3 payment request fields): the document is masked as it is typed
 * (CPF up to 11 digits, CNPJ past that), agency, account and digit keep only what they may hold. The
 * rules themselves are schema's (`paymentRequestProblems`, PR1–PR6), shared with the sandbox.
 */

/** Progressive CPF/CNPJ mask of what was typed (digits only are kept, at most 14). */
export function maskDocument(typed: string): string {
  const d = typed.replace(/\D/g, "").slice(0, 14)
  if (d.length <= 11) {
    const p = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter((x) => x !== "")
    return p.join(".") + (d.length > 9 ? `-${d.slice(9)}` : "")
  }
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}${d.length > 12 ? `-${d.slice(12)}` : ""}`
}

/** Agency: 4 digits; account: up to 12 digits; check digit: one digit or X. */
export const maskAgency = (s: string): string => s.replace(/\D/g, "").slice(0, 4)
export const maskAccount = (s: string): string => s.replace(/\D/g, "").slice(0, 12)
export const maskDigit = (s: string): string =>
  s
    .replace(/[^\dXx]/g, "")
    .slice(0, 1)
    .toUpperCase()

/** The namespace of a rule's key: VALIDATION_* are the validation messages, the rest the error catalogue. */
export const messageKey = (key: string): string => (key.startsWith("VALIDATION_") ? `validation:${key}` : `errors:${key}`)
