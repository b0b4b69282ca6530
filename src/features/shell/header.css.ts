/** The global header (core §2.4): a top bar and the section's menu row; compact on phones. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const header = style({ position: "sticky", top: 0, zIndex: 500, background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` })
export const bar = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  maxWidth: vars.size.content,
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  minHeight: vars.size.header,
  "@media": { "screen and (max-width: 480px)": { padding: `${vars.space.xs} ${vars.space.sm}`, gap: vars.space.xs } }
})
export const brand = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontWeight: 800,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.md
})
export const brandText = style({ "@media": { "screen and (max-width: 720px)": { display: "none" } } })
export const spacer = style({ flex: 1 })
export const tools = style({ display: "flex", alignItems: "center", gap: vars.space.xs })

export const walletButton = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  minWidth: 0,
  maxWidth: 240,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  cursor: "pointer",
  textAlign: "left",
  selectors: { "&:hover": { background: vars.color.surfaceHover } },
  "@media": { "screen and (max-width: 420px)": { maxWidth: 140 } }
})
export const walletName = style({
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  maxWidth: "100%"
})
export const walletOwner = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  maxWidth: "100%",
  "@media": { "screen and (max-width: 420px)": { display: "none" } }
})

export const navRow = style({ borderTop: `1px solid ${vars.color.border}` })
export const nav = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  maxWidth: vars.size.content,
  margin: "0 auto",
  padding: `0 ${vars.space.lg}`,
  overflowX: "auto",
  scrollbarWidth: "thin",
  "@media": { "screen and (max-width: 480px)": { padding: `0 ${vars.space.sm}` } }
})
export const navItem = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.md}`,
  whiteSpace: "nowrap",
  color: vars.color.textMuted,
  textDecoration: "none",
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  borderBottom: "3px solid transparent",
  background: "none",
  border: "none",
  borderBottomWidth: 3,
  borderBottomStyle: "solid",
  borderBottomColor: "transparent",
  cursor: "pointer",
  selectors: { "&:hover": { color: vars.color.text } }
})
export const navActive = style({ color: vars.color.primary, borderBottomColor: vars.color.primary, cursor: "default" })

export const menuContent = style({
  minWidth: 220,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  padding: vars.space.xs,
  zIndex: 600
})
export const menuItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  outline: "none",
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&[data-highlighted]": { background: vars.color.surfaceHover },
    "&[data-disabled]": { color: vars.color.textMuted, cursor: "default" },
    "&[aria-current='page']": { color: vars.color.primary, fontWeight: 700 }
  }
})
export const menuLabel = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontWeight: 700,
  textTransform: "uppercase",
  letterSpacing: "0.05em"
})

export const status = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill
})
export const statusText = style({ "@media": { "screen and (max-width: 720px)": { display: "none" } } })
export const online = style({ color: vars.color.success, background: vars.color.successSoft })
export const offline = style({ color: vars.color.warning, background: vars.color.warningSoft })
export const avatar = style({
  width: 34,
  height: 34,
  borderRadius: "50%",
  background: vars.color.primary,
  color: vars.color.primaryText,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  fontWeight: 800,
  fontSize: vars.fontSize.sm
})
