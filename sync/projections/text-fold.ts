/**
 * Text folding for the statement filter (DESIGN "The sync engine" → "Large data"; features §2
 * statements). The same fold is applied to stored strings once, at intern time, and to the
 * query once per query, so the hot scan never normalises anything.
 */

// Combining marks left behind by NFD ("São" → "Sa\u0303o"); removing them makes "sao" match "São".
const MARKS = /\p{M}/gu
// A pure-ASCII string needs no NFD pass: only lowercase. Most ids, e2e ids and documents are ASCII.
const ASCII = /^[\x00-\x7f]*$/
// A query that looks like a (piece of a) CPF/CNPJ: digits with the punctuation people type.
const DOCUMENT_LIKE = /^[\d\s./-]+$/
const NON_DIGITS = /\D+/g

/** Case- and accent-insensitive form: NFD, lowercase, combining marks removed. */
export const foldText = (s: string): string => {
  if (ASCII.test(s)) return s.toLowerCase()
  // lowercase before stripping: "İ".toLowerCase() is "i" + U+0307, whose mark must go too
  return s.normalize("NFD").toLowerCase().replace(MARKS, "")
}

export const digitsOnly = (s: string): string => s.replace(NON_DIGITS, "")

/**
 * The digits of a query that should also be matched against documents with their punctuation
 * removed ("12345678" finds "123.456.78…", "123.456" finds "12.345.6…"); null when the query
 * is not document-like (it has a letter, or no digit at all).
 */
export const documentDigitsOf = (query: string): string | null => {
  if (!DOCUMENT_LIKE.test(query)) return null
  const d = digitsOnly(query)
  return d.length > 0 ? d : null
}

/** V8 stores a string of code units ≤ 0xFF in one byte per char, otherwise two. */
const ONE_BYTE = /^[\x00-\xff]*$/
/** Rough heap size of a string: header plus payload, rounded to 8 bytes (for memoryBytes()). */
export const stringBytes = (s: string): number => {
  const payload = ONE_BYTE.test(s) ? s.length : s.length * 2
  return 16 + ((payload + 7) & ~7)
}
