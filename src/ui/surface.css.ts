/** Card, badge/tag, empty state, skeleton, loader styles. */
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0
})
export const cardHeader = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm, marginBottom: vars.space.md })
export const cardTitle = style({ fontSize: vars.fontSize.md, fontWeight: 700 })

export const badgeBase = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: "0.02em",
  whiteSpace: "nowrap"
})
export const badgeTone = styleVariants({
  neutral: { background: vars.color.surfaceAlt, color: vars.color.text },
  primary: { background: vars.color.primarySoft, color: vars.color.primary },
  success: { background: vars.color.successSoft, color: vars.color.success },
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
  info: { background: vars.color.infoSoft, color: vars.color.info }
})
export const counter = style({
  position: "absolute",
  top: 2,
  right: 2,
  minWidth: 18,
  height: 18,
  padding: "0 5px",
  borderRadius: vars.radius.pill,
  background: vars.color.badge,
  color: vars.color.badgeText,
  fontSize: 11,
  fontWeight: 700,
  lineHeight: "18px",
  textAlign: "center"
})

export const empty = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  textAlign: "center",
  gap: vars.space.sm,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  color: vars.color.textMuted
})
export const emptyTitle = style({ fontWeight: 700, color: vars.color.text })

export const skeleton = style({
  display: "block",
  background: vars.color.skeleton,
  borderRadius: vars.radius.sm,
  animation: "pulse 1.4s ease-in-out infinite"
})

export const loaderOverlay = style({
  position: "fixed",
  inset: 0,
  zIndex: 1000,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  background: vars.color.overlay,
  animation: "fadeIn 150ms ease-out"
})
export const loaderSpinner = style({
  width: 44,
  height: 44,
  borderRadius: "50%",
  border: `4px solid ${vars.color.surface}`,
  borderRightColor: "transparent",
  animation: "spin 800ms linear infinite"
})
