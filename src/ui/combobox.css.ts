/** The autocomplete list under a combobox input. */
import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const wrap = style({ position: "relative" })
export const list = style({
  position: "absolute",
  left: 0,
  right: 0,
  top: "100%",
  marginTop: 4,
  zIndex: 950,
  maxHeight: 240,
  overflowY: "auto",
  listStyle: "none",
  padding: vars.space.xs,
  margin: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md
})
export const option = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  fontSize: vars.fontSize.sm,
  selectors: { "&[aria-selected='true']": { background: vars.color.surfaceHover } }
})
export const note = style({ padding: `${vars.space.sm} ${vars.space.md}`, fontSize: vars.fontSize.sm, color: vars.color.textMuted })
