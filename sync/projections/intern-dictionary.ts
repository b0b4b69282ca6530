/**
 * Interned strings for the low-cardinality text columns of the statement projection
 * (descriptions, counterparty names and documents, wallet ids) — DESIGN "Large data": rows
 * hold a Uint32 index; the text lives once here with its folded form, so a text filter tests
 * each distinct string once (thousands) instead of each row (a million). Features §2 statements.
 */
import { digitsOnly, foldText, stringBytes } from "./text-fold.ts"

/** Per-entry overhead of the Map entry and the array slots, estimated for memoryBytes(). */
const ENTRY_OVERHEAD = 48

export class InternDictionary {
  private readonly index = new Map<string, number>()
  private readonly values: string[] = []
  private readonly folded: string[] = []
  // Only documents keep a digits-only form (features §2: "12345678" finds "123.456.78…").
  private readonly digits: string[] | null
  private bytes = 0

  /** A structured clone of a dictionary (the reopen image) made live again. */
  static revive(o: object): InternDictionary {
    return Object.setPrototypeOf(o, InternDictionary.prototype) as InternDictionary
  }

  constructor(options: { readonly withDigits: boolean }) {
    this.digits = options.withDigits ? [] : null
  }

  get size(): number {
    return this.values.length
  }

  intern(s: string): number {
    const found = this.index.get(s)
    if (found !== undefined) return found
    const i = this.values.length
    const f = foldText(s)
    // Share the string when folding changed nothing, which is the common case for ids and digits.
    const folded = f === s ? s : f
    this.index.set(s, i)
    this.values.push(s)
    this.folded.push(folded)
    this.bytes += stringBytes(s) + ENTRY_OVERHEAD + (folded === s ? 0 : stringBytes(folded))
    if (this.digits !== null) {
      const d = digitsOnly(s)
      this.digits.push(d === s ? s : d)
      this.bytes += d === s ? 8 : stringBytes(d) + 8
    }
    return i
  }

  lookup(s: string): number | undefined {
    return this.index.get(s)
  }

  value(i: number): string {
    const v = this.values[i]
    if (v === undefined) throw new RangeError(`no interned string ${i}`)
    return v
  }

  /**
   * Marks in `hits` (cleared here over the dictionary's size) the entries whose folded form
   * contains `folded`, or whose digits contain `digits`. Returns how many matched, so a caller
   * can skip work when nothing can match.
   */
  search(folded: string, digits: string | null, hits: Uint8Array): number {
    const n = this.values.length
    hits.fill(0, 0, n)
    let count = 0
    const fs = this.folded
    for (let i = 0; i < n; i++) {
      if ((fs[i] as string).includes(folded)) {
        hits[i] = 1
        count++
      }
    }
    const ds = this.digits
    if (digits !== null && ds !== null) {
      for (let i = 0; i < n; i++) {
        if (hits[i] === 0 && (ds[i] as string).includes(digits)) {
          hits[i] = 1
          count++
        }
      }
    }
    return count
  }

  memoryBytes(): number {
    // the arrays of references (values, folded[, digits]) plus the strings and Map entries
    return this.bytes + this.values.length * 8 * (this.digits === null ? 2 : 3)
  }
}
