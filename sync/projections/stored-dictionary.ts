/**
 * The strings of a table's display-only columns (`stored`: the gateway's bank, agency, account and digit; the Pix
 * statement's bank and key), kept for the row's view and its export, never searched, sorted or grouped by.
 *
 * Interned (InternDictionary) they cost their packed text, its folded copy and the hash slots — for a column with a
 * value per row (a gateway's payer accounts: a million distinct numbers) ~35 bytes a row of the table's ~400 (issue
 * 33 item 4). A value written as a plain decimal number (no sign, no leading zero, at most nine digits: "1234567")
 * is its own code, above NUMERIC — nothing kept but the row's 4 bytes — and reads back as the same text, once the
 * column is a large one (below, a value interned earlier may have a dictionary code too: both read back the same; a
 * stored column is never compared by code). Any other value ("0012", "12-3", "Banco X") is interned as before.
 */
import { InternDictionary } from "./intern-dictionary.ts"

/** Codes from here up are numbers (code − NUMERIC); below, the dictionary's entries. */
export const NUMERIC = 0x8000_0000
const DIGIT_0 = 48

/** The number a plain decimal text writes ("0", "7", "1234567"; at most nine digits), or -1. */
export const plainNumber = (s: string): number => {
  const n = s.length
  if (n === 0 || n > 9 || (n > 1 && s.charCodeAt(0) === DIGIT_0)) return -1
  let v = 0
  for (let i = 0; i < n; i++) {
    const d = s.charCodeAt(i) - DIGIT_0
    if (d < 0 || d > 9) return -1
    v = v * 10 + d
  }
  return v
}

export class StoredDictionary {
  private readonly dict = new InternDictionary({ withDigits: false })
  /**
   * Plain numbers are codes of their own once the dictionary holds this many entries — when its codes need 32 bits
   * anyway: a column of few values (a check digit "0"–"9", an agency) stays 16 bits a row (an option for the tests).
   */
  private readonly numericFrom: number

  constructor(options: { readonly numericFrom?: number } = {}) {
    this.numericFrom = options.numericFrom ?? 0x1_0000
  }

  /** A structured clone (the reopen image) made live again. */
  static revive(o: object): StoredDictionary {
    const d = Object.setPrototypeOf(o, StoredDictionary.prototype) as StoredDictionary
    InternDictionary.revive(d.dict)
    return d
  }

  /** The value's code: a plain number's own (≥ NUMERIC) in a large column, else its entry's. */
  intern(s: string): number {
    const v = this.dict.size >= this.numericFrom ? plainNumber(s) : -1
    return v >= 0 ? NUMERIC + v : this.dict.intern(s)
  }

  value(code: number): string {
    return code >= NUMERIC ? String(code - NUMERIC) : this.dict.value(code)
  }

  /** Entries interned (plain numbers are none). */
  get size(): number {
    return this.dict.size
  }

  memoryBytes(): number {
    return this.dict.memoryBytes()
  }
}
