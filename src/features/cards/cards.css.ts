/** Cards pages (features §2 cards): the card drawn as a card, the grid of cards, actions, tracking, statement. */
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const tabs = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space.sm
})
export const tab = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  textDecoration: "none",
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`
})
export const tabActive = style({ background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary })
export const grid = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fill, minmax(300px, 1fr))" })
export const plastic = style({
  position: "relative",
  aspectRatio: "1.586",
  maxWidth: 380,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  color: "#ffffff",
  display: "flex",
  flexDirection: "column",
  justifyContent: "space-between",
  boxShadow: vars.shadow.md,
  overflow: "hidden",
  textDecoration: "none"
})
export const plasticTone = styleVariants({
  virtual: { background: "linear-gradient(135deg, #3b1d8f 0%, #6d28d9 100%)" },
  physical: { background: "linear-gradient(135deg, #0f2a44 0%, #1f5b8f 100%)" },
  off: { background: "linear-gradient(135deg, #3f3f46 0%, #71717a 100%)" }
})
export const plasticTop = style({ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: vars.space.sm })
export const brand = style({ fontWeight: 800, letterSpacing: "0.04em", fontSize: vars.fontSize.sm })
export const chip = style({ width: 38, height: 28, borderRadius: 6, background: "linear-gradient(135deg, #e8c66a, #b8923a)" })
export const number = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.lg,
  letterSpacing: "0.08em",
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap"
})
export const plasticFoot = style({ display: "flex", justifyContent: "space-between", alignItems: "flex-end", gap: vars.space.sm, fontSize: vars.fontSize.xs })
export const footLabel = style({ opacity: 0.85, display: "block", textTransform: "uppercase", fontSize: 10, letterSpacing: "0.06em" })
export const footValue = style({ fontWeight: 700, fontSize: vars.fontSize.sm, fontFamily: vars.font.mono })
export const stateTag = style({
  background: "rgba(255,255,255,0.92)",
  color: "#18181b",
  borderRadius: vars.radius.pill,
  padding: "2px 10px",
  fontWeight: 700,
  fontSize: 12
})
export const item = style({ display: "flex", flexDirection: "column", gap: vars.space.sm })
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" })
export const row = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap", alignItems: "flex-end" })
export const detail = style({
  display: "grid",
  gap: vars.space.xl,
  gridTemplateColumns: "minmax(280px, 380px) minmax(0, 1fr)",
  "@media": { "screen and (max-width: 800px)": { gridTemplateColumns: "minmax(0, 1fr)" } }
})
export const steps = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm })
export const step = style({ display: "flex", gap: vars.space.sm, alignItems: "center", fontSize: vars.fontSize.sm })
export const dot = style({ width: 12, height: 12, borderRadius: "50%", border: `2px solid ${vars.color.borderStrong}`, flex: "0 0 auto" })
export const dotDone = style({ background: vars.color.success, borderColor: vars.color.success })
export const filters = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", alignItems: "end" })
export const totals = style({ display: "flex", gap: vars.space.xl, flexWrap: "wrap", fontSize: vars.fontSize.sm })
export const totalValue = style({ fontWeight: 750, fontSize: vars.fontSize.lg, fontVariantNumeric: "tabular-nums" })
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.fontSize.sm, fontVariantNumeric: "tabular-nums" })
export const th = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.borderStrong}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted
})
export const td = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` })
export const tdNum = style({ padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, textAlign: "right", whiteSpace: "nowrap" })
export const declined = style({ color: vars.color.danger, fontWeight: 600 })
export const secret = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, letterSpacing: "0.06em" })
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 })
/** The card's rows in the review and the outcome of a new copy or a deletion. */
export const rows = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 })
