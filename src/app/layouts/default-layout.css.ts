/** The default layout (core §2.3): global header, banners, the page in a centred column. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const app = style({ minHeight: "100vh", display: "flex", flexDirection: "column" })
export const main = style({
  width: "100%",
  maxWidth: vars.size.content,
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}`,
  flex: 1,
  "@media": { "screen and (max-width: 480px)": { padding: `${vars.space.lg} ${vars.space.md}` } }
})
export const skip = style({
  position: "absolute",
  left: -9999,
  top: 8,
  zIndex: 2000,
  background: vars.color.surface,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  selectors: { "&:focus": { left: 8 } }
})
