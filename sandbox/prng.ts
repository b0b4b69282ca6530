/**
 * A small seeded PRNG (sfc32) for the deterministic seed (DESIGN "a deterministic seed
 * generator"): the same seed number gives the same users, wallets, rows and ids. No Math.random.
 * The project's one PRNG: tests, benchmarks and the harness import it from here (the seed
 * depends on it, and the sandbox imports nothing from tests/).
 */
export class Prng {
  private a: number
  private b: number
  private c: number
  private d: number
  constructor(seed: number) {
    this.a = 0x9e3779b9
    this.b = 0x243f6a88
    this.c = 0xb7e15162
    this.d = seed >>> 0
    for (let i = 0; i < 15; i++) this.u32()
  }
  u32(): number {
    this.a >>>= 0
    this.b >>>= 0
    this.c >>>= 0
    this.d >>>= 0
    let t = (this.a + this.b) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.d = (this.d + 1) | 0
    t = (t + this.d) | 0
    this.c = (this.c + t) | 0
    return t >>> 0
  }
  /** [0, 1) */
  next(): number {
    return this.u32() / 4294967296
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  pick<T>(xs: ReadonlyArray<T>): T {
    const x = xs[Math.floor(this.next() * xs.length)]
    if (x === undefined) throw new Error("pick from empty list")
    return x
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  /** n lowercase hex digits. */
  hex(n: number): string {
    let s = ""
    while (s.length < n) s += this.u32().toString(16).padStart(8, "0")
    return s.slice(0, n)
  }
  /** A UUID-v4-shaped id. */
  uuid(): string {
    const h = this.hex(32)
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[this.u32() % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`
  }
  /** n characters of [A-Za-z0-9]. */
  alnum(n: number): string {
    const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    let s = ""
    for (let i = 0; i < n; i++) s += A[this.u32() % 62]
    return s
  }
  digits(n: number): string {
    let s = ""
    for (let i = 0; i < n; i++) s += String(this.u32() % 10)
    return s
  }
}

/** The same generator as a plain function giving numbers in [0, 1) (for property-style test loops). */
export const seededRandom = (seed: number): (() => number) => {
  const p = new Prng(seed)
  return () => p.next()
}

/** Check digits of a CPF base of 9 digits (spec core §5 validCPF). */
export const cpfFromBase = (base9: string): string => {
  const dv = (s: string): number => {
    let sum = 0
    for (let i = 0; i < s.length; i++) sum += Number(s[i]) * (s.length + 1 - i)
    const r = (sum * 10) % 11
    return r === 10 ? 0 : r
  }
  const d1 = dv(base9)
  const d2 = dv(base9 + String(d1))
  return base9 + String(d1) + String(d2)
}

/** Check digits of a CNPJ base of 12 digits (spec core §5 validCNPJ). */
export const cnpjFromBase = (base12: string): string => {
  const dv = (s: string): number => {
    const w = s.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    let sum = 0
    for (let i = 0; i < s.length; i++) sum += Number(s[i]) * (w[i] ?? 0)
    const r = sum % 11
    return r < 2 ? 0 : 11 - r
  }
  const d1 = dv(base12)
  const d2 = dv(base12 + String(d1))
  return base12 + String(d1) + String(d2)
}

export const makeCpf = (r: Prng): string => {
  for (;;) {
    const base = r.digits(9)
    if (!/^(\d)\1+$/.test(base)) return cpfFromBase(base)
  }
}

export const makeCnpj = (r: Prng, branch = "0001"): string => cnpjFromBase(r.digits(8) + branch)
