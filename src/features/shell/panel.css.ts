/** Popover panels of the header (notifications, user). */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const panel = style({
  width: "min(384px, calc(100vw - 16px))",
  maxHeight: "min(640px, calc(100vh - 80px))",
  overflowY: "auto",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  zIndex: 600,
  display: "flex",
  flexDirection: "column"
})
export const head = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`
})
export const title = style({ fontSize: vars.fontSize.md, fontWeight: 700 })
export const section = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm
})
export const foot = style({ padding: vars.space.md, display: "flex", justifyContent: "center" })

export const notifList = style({ listStyle: "none", margin: 0, padding: 0 })
export const notif = style({ borderBottom: `1px solid ${vars.color.border}` })
export const notifButton = style({
  width: "100%",
  display: "flex",
  gap: vars.space.md,
  alignItems: "flex-start",
  textAlign: "left",
  background: "none",
  border: "none",
  padding: `${vars.space.md} ${vars.space.lg}`,
  cursor: "pointer",
  selectors: { "&:hover": { background: vars.color.surfaceHover } }
})
export const dot = style({ width: 10, height: 10, flex: "0 0 10px", marginTop: 6, borderRadius: "50%", background: vars.color.primary })
export const dotRead = style({ background: "transparent", border: `1.5px solid ${vars.color.borderStrong}` })
export const notifText = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 2 })
export const notifTitle = style({ fontWeight: 700, fontSize: vars.fontSize.sm })
export const notifTitleRead = style({ fontWeight: 500 })
export const notifDate = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })
export const notifBody = style({
  padding: `0 ${vars.space.lg} ${vars.space.md} calc(${vars.space.lg} + 22px)`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: "anywhere"
})

export const userHead = style({
  display: "flex",
  gap: vars.space.md,
  alignItems: "center",
  padding: vars.space.lg,
  borderBottom: `1px solid ${vars.color.border}`
})
export const bigAvatar = style({
  width: 48,
  height: 48,
  flex: "0 0 48px",
  borderRadius: "50%",
  background: vars.color.primary,
  color: vars.color.primaryText,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  fontWeight: 800,
  fontSize: vars.fontSize.lg
})
export const userName = style({ fontWeight: 700, overflowWrap: "anywhere" })
export const userEmail = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: "anywhere" })
export const walletRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm })
export const cards = style({ display: "grid", gap: vars.space.sm })
export const linkList = style({ listStyle: "none", margin: 0, padding: `${vars.space.xs} 0` })
export const linkItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  color: vars.color.text,
  textDecoration: "none",
  background: "none",
  border: "none",
  cursor: "pointer",
  fontSize: vars.fontSize.sm,
  textAlign: "left",
  selectors: { "&:hover": { background: vars.color.surfaceHover } }
})
export const danger = style({ color: vars.color.danger })
