/**
 * The receipt (issue 31 item 1): a comprovante card — title and kind, the amount large, the local-copy
 * note, labelled lines in sections — and its print view: while a receipt is open, printing shows only
 * the receipt (a print-only copy portalled to <body>, everything else hidden on paper).
 */
import { globalStyle, style } from "@vanilla-extract/css"
import { vars } from "../ui/theme.css.ts"

export const receipt = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  background: vars.color.surface,
  fontSize: vars.fontSize.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md
})
export const head = style({ display: "flex", justifyContent: "space-between", gap: vars.space.md, flexWrap: "wrap", alignItems: "baseline" })
export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 750, margin: 0 })
export const kind = style({ color: vars.color.textMuted })
export const amount = style({ fontSize: vars.fontSize.xl, fontWeight: 750, fontVariantNumeric: "tabular-nums" })
export const local = style({
  borderLeft: `3px solid ${vars.color.warning}`,
  paddingLeft: vars.space.sm,
  color: vars.color.text,
  margin: 0
})
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.xs })
export const sectionTitle = style({
  fontSize: vars.fontSize.xs,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  color: vars.color.textMuted,
  margin: 0,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm
})
export const lines = style({ display: "grid", gridTemplateColumns: "minmax(0, 12rem) 1fr", gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0 })
globalStyle(`${lines} dt`, { color: vars.color.textMuted })
globalStyle(`${lines} dd`, { margin: 0, fontWeight: 600, overflowWrap: "anywhere" })
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center", justifyContent: "flex-end" })

/** On <html> while a receipt is open. */
export const printing = style({})
/** The copy of the receipt that only paper sees. */
export const printOnly = style({
  display: "none",
  "@media": { print: { display: "block", padding: "12mm", color: "#000", background: "#fff", fontSize: "12pt" } }
})
globalStyle(`html.${printing} body > *:not(.${printOnly})`, { "@media": { print: { display: "none" } } })
globalStyle(`html.${printing}, html.${printing} body`, { "@media": { print: { background: "#fff" } } })
globalStyle(`${printOnly} ${receipt}`, { "@media": { print: { border: "none", padding: 0, background: "#fff" } } })
