/** Small display rules of the TED pages (features §2, §3; core §5 dates DD/MM/YYYY HH:mm in São Paulo): the window's texts, the account line, status tones. */
import { formatSpDateTime } from "../../../schema/sao-paulo-time.ts"
import type { TedStatus } from "../../../schema/ted.ts"
import type { Tone } from "../../ui/index.ts"

/** An ISO instant as DD/MM/YYYY HH:mm, São Paulo. */
export const spWhen = (iso: string): string => formatSpDateTime(Date.parse(iso))

/** "0001 · 12345678-9": agency and account with its digit. */
export const accountLine = (a: { readonly agency: string; readonly account: string; readonly digit: string }): string => `${a.agency} · ${a.account}-${a.digit}`

export const tedTone = (s: TedStatus): Tone => (s === "confirmed" ? "success" : s === "failed" ? "danger" : "info")
