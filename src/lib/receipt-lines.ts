/**
 * A receipt model (schema/receipt.ts) in words (issue 31 item 1): the title, the kind, the amount and
 * the labelled lines of a Brazilian comprovante — date and time in São Paulo, payer and receiver with
 * their masked documents, institution and key or account, the end-to-end id or the authentication
 * code, the description, the wallet — in the current language. The one source of the view, the PDF
 * and the text copy, so the three never say different things.
 */
import type { TFunction } from "i18next"
import type { ReceiptModel, ReceiptParty } from "../../schema/receipt.ts"
import { currencyDecimals, formatBrl, formatCrypto, formatDateTime, type Locale } from "../../schema/format.ts"

export interface ReceiptLine {
  /** Stable id (tests, the view's keys). */
  readonly id: string
  readonly label: string
  readonly value: string
}
export interface ReceiptSection {
  readonly id: "movement" | "payer" | "receiver" | "codes"
  readonly title: string
  readonly lines: ReadonlyArray<ReceiptLine>
}
export interface ReceiptDocument {
  readonly title: string
  readonly kind: string
  readonly amount: string
  readonly when: string
  readonly sections: ReadonlyArray<ReceiptSection>
  /** Said when the receipt is a local copy (no server authentication yet). */
  readonly localNote: string | null
  /** A short file name without extension. */
  readonly fileName: string
}

export const receiptAmount = (minor: number, currency: string, locale: Locale): string =>
  currency === "BRL" ? formatBrl(minor, locale) : `${formatCrypto(minor, currencyDecimals(currency), locale)} ${currency}`

const line = (id: string, label: string, value: string): ReceiptLine[] => (value.trim() === "" ? [] : [{ id, label, value }])

export function receiptDocument(m: ReceiptModel, t: TFunction, locale: Locale): ReceiptDocument {
  const partyLines = (p: ReceiptParty, id: string): ReceiptLine[] => [
    ...line(`${id}-name`, t("receipt:fields.name"), p.name),
    ...line(`${id}-document`, t("receipt:fields.document"), p.document),
    ...line(`${id}-institution`, t("receipt:fields.institution"), p.institution),
    ...line(`${id}-account`, t(m.kind === "billet_payment" && id === "receiver" ? "receipt:fields.line" : "receipt:fields.keyOrAccount"), p.account)
  ]
  const when = formatDateTime(m.at, locale)
  const sections: ReceiptSection[] = [
    {
      id: "movement",
      title: t("receipt:sections.movement"),
      lines: [
        ...line("amount", t("receipt:fields.amount"), receiptAmount(m.amount, m.currency, locale)),
        ...(m.received ? line("received", t("receipt:fields.received"), receiptAmount(m.received.amount, m.received.currency, locale)) : []),
        ...line("when", t("receipt:fields.when"), t("receipt:whenValue", { when })),
        ...line("status", t("receipt:fields.status"), t(`receipt:status.${m.status}`, { defaultValue: m.status })),
        ...line("description", t("receipt:fields.description"), m.description),
        ...line("wallet", t("receipt:fields.wallet"), m.wallet)
      ]
    },
    { id: "payer", title: t("receipt:sections.payer"), lines: partyLines(m.payer, "payer") },
    { id: "receiver", title: t("receipt:sections.receiver"), lines: partyLines(m.receiver, "receiver") },
    {
      id: "codes",
      title: t("receipt:sections.codes"),
      lines: [
        ...(m.endToEndId ? line("e2e", t("receipt:fields.endToEndId"), m.endToEndId) : []),
        ...line("authentication", t("receipt:fields.authentication"), m.authentication ?? t("receipt:authenticationPending")),
        ...line("operation", t("receipt:fields.operation"), m.operationId)
      ]
    }
  ]
  return {
    title: t("receipt:title"),
    kind: t(`receipt:kinds.${m.kind}`),
    amount: receiptAmount(m.amount, m.currency, locale),
    when,
    sections: sections.filter((s) => s.lines.length > 0),
    localNote: m.local ? t("receipt:localCopy") : null,
    fileName: `${t("receipt:fileName")}-${m.operationId}`
  }
}

/** The receipt as plain text (copy where files cannot be shared). */
export function receiptText(d: ReceiptDocument): string {
  const out = [`${d.title} — ${d.kind}`, d.amount, ""]
  for (const s of d.sections) {
    out.push(s.title)
    for (const l of s.lines) out.push(`${l.label}: ${l.value}`)
    out.push("")
  }
  if (d.localNote) out.push(d.localNote)
  return out.join("\n").trim()
}
