/**
 * Styles of the control-panel security pages (spec features §2 "Control panel security"):
 * the password checklist and strength meter (core §5), narrow forms, the users list of the
 * permissions page.
 */
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const narrow = style({ maxWidth: 560, width: "100%" })

export const checks = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))"
})
export const check = style({ display: "flex", alignItems: "center", gap: vars.space.xs })
export const checkState = styleVariants({
  ok: { color: vars.color.success, fontWeight: 600 },
  no: { color: vars.color.textMuted }
})
export const checkMark = style({
  width: 18,
  height: 18,
  flex: "0 0 18px",
  borderRadius: "50%",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  fontSize: 12,
  border: `1.5px solid currentColor`
})

export const meterRow = style({ display: "flex", alignItems: "center", gap: vars.space.md, marginTop: vars.space.sm, flexWrap: "wrap" })
export const meter = style({ display: "grid", gridTemplateColumns: "repeat(4, 1fr)", gap: 4, width: 200, height: 8 })
export const meterSegment = style({ borderRadius: vars.radius.pill, background: vars.color.surfaceAlt, border: `1px solid ${vars.color.border}` })
export const meterFill = styleVariants({
  weak: { background: vars.color.danger, borderColor: vars.color.danger },
  average: { background: vars.color.warning, borderColor: vars.color.warning },
  good: { background: vars.color.info, borderColor: vars.color.info },
  strong: { background: vars.color.success, borderColor: vars.color.success }
})
export const meterLabel = style({ fontSize: vars.fontSize.sm, fontWeight: 600 })

export const users = style({ listStyle: "none", margin: 0, padding: 0 })
export const user = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: vars.space.md,
  alignItems: "center",
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: "none" } },
  "@media": { "screen and (max-width: 560px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})
export const userMain = style({ display: "flex", flexDirection: "column", gap: 4, minWidth: 0 })
export const userName = style({ fontWeight: 700, overflowWrap: "anywhere" })
export const userMeta = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  display: "flex",
  gap: vars.space.xs,
  flexWrap: "wrap",
  alignItems: "center",
  overflowWrap: "anywhere"
})
export const userActions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", justifyContent: "flex-end" })

export const roleOptions = style({ display: "flex", flexDirection: "column", gap: vars.space.sm })
export const roleHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, marginLeft: 28, marginTop: -4 })
export const fieldset = style({ border: "none", padding: 0, margin: 0, minWidth: 0 })
export const legend = style({ fontSize: vars.fontSize.sm, fontWeight: 600, marginBottom: vars.space.sm, padding: 0 })
