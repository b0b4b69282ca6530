/** Forms of the authentication pages. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 750, marginBottom: vars.space.xs })
export const subtitle = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginBottom: vars.space.lg })
export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.lg })
export const links = style({
  display: "flex",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  marginTop: vars.space.lg
})
export const error = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: 600
})
export const note = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.infoSoft,
  color: vars.color.info,
  fontSize: vars.fontSize.sm
})
export const tabsList = style({
  display: "flex",
  gap: vars.space.xs,
  padding: vars.space.xs,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  marginBottom: vars.space.lg
})
export const tab = style({
  flex: 1,
  minHeight: 36,
  border: "none",
  borderRadius: vars.radius.sm,
  background: "transparent",
  fontWeight: 600,
  cursor: "pointer",
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { "&[data-state='active']": { background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.sm } }
})
export const qr = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: vars.space.md, textAlign: "center" })
export const qrBox = style({
  padding: vars.space.md,
  background: "#ffffff",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  position: "relative"
})
export const qrExpired = style({ opacity: 0.15, filter: "blur(2px)" })
export const countdown = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700 })
export const checks = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xxs, fontSize: vars.fontSize.xs })
export const checkOk = style({ color: vars.color.success })
export const checkNo = style({ color: vars.color.textMuted })
export const steps = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: 700, textTransform: "uppercase", letterSpacing: "0.05em" })
