/**
 * Text folding for the statement filter (DESIGN "The sync engine" → "Large data"; features §2
 * statements). The same fold is applied to stored strings once, at intern time, and to the
 * query once per query, so the hot scan never normalises anything.
 */

/**
 * Ids are matched only from this many characters: shorter queries are words, not ids. The engine's text filter
 * (sync/projections) and the page's narrowing of a text typed forward (schema/tables/text-narrow.ts) both use it.
 */
export const MIN_ID_QUERY = 4

// Combining marks left behind by NFD ("São" → "Sa\u0303o"); removing them makes "sao" match "São".
const MARKS = /\p{M}/gu
/** Whether every code unit is at most `max` (a loop: cheaper than a regex, and lint-clean). */
export const allCodesAtMost = (s: string, max: number): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > max) return false
  return true
}
// A query that looks like a (piece of a) CPF/CNPJ: digits with the punctuation people type.
const DOCUMENT_LIKE = /^[\d\s./-]+$/
const NON_DIGITS = /\D+/g

/** Case- and accent-insensitive form: NFD, lowercase, combining marks removed. */
export const foldText = (s: string): string => {
  // pure ASCII needs no NFD pass, only lowercase: most ids, e2e ids and documents are ASCII
  if (allCodesAtMost(s, 0x7f)) return s.toLowerCase()
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

/**
 * Rough heap size of a string: header plus payload, rounded to 8 bytes (for memoryBytes()).
 * V8 stores a string whose code units are all ≤ 0xFF in one byte per char, otherwise two.
 */
export const stringBytes = (s: string): number => {
  const payload = allCodesAtMost(s, 0xff) ? s.length : s.length * 2
  return 16 + ((payload + 7) & ~7)
}
