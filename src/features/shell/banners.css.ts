/** The slim banners under the header: session countdown, offline notice, profile update. */
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const banner = style({ borderBottom: `1px solid ${vars.color.border}` })
export const tone = styleVariants({
  warning: { background: vars.color.warningSoft, color: vars.color.warning },
  info: { background: vars.color.infoSoft, color: vars.color.info },
  neutral: { background: vars.color.surfaceAlt, color: vars.color.text }
})
export const inner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  flexWrap: "wrap",
  maxWidth: vars.size.content,
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  "@media": { "screen and (max-width: 480px)": { padding: `${vars.space.sm} ${vars.space.md}` } }
})
export const grow = style({ flex: 1, minWidth: 180 })
export const clock = style({ fontVariantNumeric: "tabular-nums", fontWeight: 800 })
