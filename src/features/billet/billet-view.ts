/** Small display rules of the boleto pages (features §3, §4): dates as DD/MM/YYYY, today in São Paulo, status tones. */
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import type { BilletDepositStatus, BilletPaymentStatus } from "../../../schema/billet.ts"
import type { Tone } from "../../ui/index.ts"

/** "2026-11-25" → "25/11/2026" (core §5); anything else unchanged. */
export const dayText = (d: string | null): string => (d !== null && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d.split("-").reverse().join("/") : (d ?? "—"))

/** Today ("YYYY-MM-DD") in São Paulo. */
export const todaySp = (): string => saoPauloDateKey(new Date())

export const paymentTone = (s: BilletPaymentStatus): Tone => (s === "confirmed" ? "success" : s === "failed" ? "danger" : s === "canceled" ? "neutral" : "info")

export const depositTone = (s: BilletDepositStatus): Tone => (s === "RECEIVED" ? "success" : s === "CANCELED" ? "neutral" : "info")
