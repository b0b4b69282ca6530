/**
 * The receipt view (features §2 "statement with export and receipts"): the server's receipt
 * document styled here (its HTML carries no styles: receipt-html.ts strips every attribute),
 * and a print view: while a receipt is open, printing shows only the receipt.
 */
import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const receipt = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm
})
globalStyle(`${receipt} h1, ${receipt} h2`, { fontSize: vars.fontSize.lg, fontWeight: 750, marginBottom: vars.space.md })
globalStyle(`${receipt} dl`, { display: "grid", gridTemplateColumns: "minmax(110px, max-content) 1fr", gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0 })
globalStyle(`${receipt} dt`, { color: vars.color.textMuted })
globalStyle(`${receipt} dd`, { margin: 0, fontWeight: 600, overflowWrap: "anywhere" })
globalStyle(`${receipt} table`, { width: "100%", borderCollapse: "collapse" })
globalStyle(`${receipt} th, ${receipt} td`, { textAlign: "left", padding: vars.space.xs, borderBottom: `1px solid ${vars.color.border}` })

export const summary = style({ display: "flex", justifyContent: "space-between", gap: vars.space.md, flexWrap: "wrap", alignItems: "baseline" })
export const amount = style({ fontSize: vars.fontSize.xl, fontWeight: 750, fontVariantNumeric: "tabular-nums" })

/** On <html> while a receipt is open. */
export const printing = style({})
/** The copy of the receipt that only paper sees. */
export const printOnly = style({
  display: "none",
  "@media": { print: { display: "block", padding: "12mm", color: "#000", background: "#fff", fontSize: "12pt" } }
})
globalStyle(`html.${printing} body > *:not(.${printOnly})`, { "@media": { print: { display: "none" } } })
globalStyle(`html.${printing}, html.${printing} body`, { "@media": { print: { background: "#fff" } } })
globalStyle(`${printOnly} dl`, { display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4pt 16pt" })
globalStyle(`${printOnly} dd`, { margin: 0, fontWeight: 600 })
globalStyle(`${printOnly} h1`, { fontSize: "18pt", marginBottom: "8pt" })
