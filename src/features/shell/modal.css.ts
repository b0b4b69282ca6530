/** Rows of the wallet selection and language modals. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const walletList = style({
  maxHeight: 360,
  overflowY: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xs
})
export const walletRow = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  selectors: { "&:hover": { background: vars.color.surfaceHover } }
})
export const walletText = style({ display: "flex", flexDirection: "column", minWidth: 0 })
export const walletName = style({ fontWeight: 700, fontSize: vars.fontSize.sm })
export const walletMeta = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })
export const link = style({ fontSize: vars.fontSize.sm, fontWeight: 600 })
export const footerSplit = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.sm,
  flexWrap: "wrap",
  width: "100%"
})
