/**
 * Time for the sandbox: a shiftable business clock (admin `POST /__admin/clock`, used by the
 * cut-off tests) and calendar helpers in America/Sao_Paulo, which has been a fixed UTC-3 since
 * 2019 (spec core §2, §9 "time zone UTC-3"). Auth tokens use real time; business rules
 * (cut-offs, invitation expiry, quotes, export day limits, statement dates) use `now()`.
 */
import { DAY_MS, SAO_PAULO_OFFSET_MS, spDayIndex, spDayKey, spDayStart } from "../schema/sao-paulo-time.ts"

/** UTC-3 as a positive distance (the one definition: schema/sao-paulo-time.ts). */
export const SP_OFFSET_MS = -SAO_PAULO_OFFSET_MS
export { DAY_MS }

export class Clock {
  offsetMs = 0
  /**
   * Real time moved ahead by in-process tests only (`Sandbox.admin.passRealTime`): a security window (a per-client
   * limit, a lock) is shown to end by passing it, not by sleeping through it on a loaded machine. No route sets it.
   */
  realSkewMs = 0
  private last = 0
  /**
   * A strictly increasing business instant (ISO) for created_at/updated_at of written rows, so
   * the keyset cursor (updated_at, id) of a sync pull never skips a row written in the same ms.
   */
  stamp(): string {
    const t = Math.max(this.now(), this.last + 1)
    this.last = t
    return new Date(t).toISOString()
  }
  /** Start stamping after `iso` (the newest row already stored). */
  floor(iso: string | null | undefined): void {
    const t = iso ? Date.parse(iso) : NaN
    if (!Number.isNaN(t) && t > this.last) this.last = t
  }
  /** Back to real time, stamping after `iso` (the test reset of sandbox/reset.ts: its rows are the seed's again). */
  rewind(iso: string | null | undefined): void {
    this.offsetMs = 0
    this.last = 0
    this.floor(iso)
  }
  /** Business time (ms since epoch), shifted by the admin offset. */
  now(): number {
    return Date.now() + this.offsetMs
  }
  nowIso(): string {
    return new Date(this.now()).toISOString()
  }
  /** Real time, for tokens and timers. */
  real(): number {
    return Date.now() + this.realSkewMs
  }
}

/** YYYY-MM-DD of an instant in UTC-3. */
export const spDateKey = (ms: number): string => spDayKey(spDayIndex(ms))

/** The instant of 00:00 UTC-3 of a YYYY-MM-DD date. */
export const spStartOfDate = (date: string): number => {
  const [y, m, d] = date.split("-").map(Number)
  return spDayStart(Math.round(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS))
}

export const spStartOfDay = (ms: number): number => spStartOfDate(spDateKey(ms))

/** 23:59:59.000 UTC-3 of the day of `ms`: the staged-approval cut-off (features §4, §9). */
export const spCutoffOf = (ms: number): number => spStartOfDay(ms) + DAY_MS - 1000

/** Is `s` a real calendar date YYYY-MM-DD? */
export const isCalendarDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const t = Date.parse(`${s}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s
}

export const iso = (ms: number): string => new Date(ms).toISOString()
