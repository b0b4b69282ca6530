/** Gateway payment requests and orders (issue 16, features §2 gateway payments and orders): the form's file fields, uploads, lists. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const files = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
  border: "none",
  padding: 0,
  margin: 0
})
export const fileField = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, fontWeight: 600, fontSize: vars.fontSize.sm })
export const fileInput = style({ fontWeight: 400, fontSize: vars.fontSize.sm, maxWidth: "100%" })
export const chosen = style({ color: vars.color.textMuted, fontWeight: 400, fontSize: vars.fontSize.sm, overflowWrap: "anywhere" })
export const error = style({ color: vars.color.danger, fontWeight: 600, fontSize: vars.fontSize.sm })
export const upload = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md
})
export const progress = style({ width: "100%", height: 10 })
export const tableWrap = style({ overflowX: "auto" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm })
export const th = style({ textAlign: "left", padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, whiteSpace: "nowrap" })
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "top" })
export const num = style({ textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" })
export const small = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs })
export const fieldset = style({ border: "none", padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: vars.space.md })
