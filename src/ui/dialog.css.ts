/** Modal styles: overlay, content in the three widths of spec core §9, header, body, footer. */
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const overlay = style({ position: "fixed", inset: 0, background: vars.color.overlay, zIndex: 900, animation: "fadeIn 120ms ease-out" })
export const content = style({
  position: "fixed",
  zIndex: 901,
  top: "50%",
  left: "50%",
  transform: "translate(-50%, -50%)",
  maxHeight: "calc(100vh - 32px)",
  display: "flex",
  flexDirection: "column",
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  selectors: { "&:focus": { outline: "none" } }
})
export const size = styleVariants({
  small: { width: `min(${vars.size.modalSmall}, calc(100vw - 24px))` },
  medium: { width: `min(${vars.size.modalMedium}, calc(100vw - 24px))` },
  large: { width: `min(${vars.size.modalLarge}, calc(100vw - 24px))` }
})
export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.sm}`
})
export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700 })
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginTop: vars.space.xs })
export const body = style({ padding: `${vars.space.sm} ${vars.space.lg}`, overflowY: "auto", display: "flex", flexDirection: "column", gap: vars.space.md })
export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  flexWrap: "wrap",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: vars.space.sm
})
export const message = style({ fontSize: vars.fontSize.sm, lineHeight: 1.5 })
export const dangerIcon = style({ color: vars.color.danger })
