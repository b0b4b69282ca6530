/** The authentication layout (core §2.3): a drawn background (no image fetch) and centred content. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const root = style({
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  padding: `${vars.space.xl} ${vars.space.md}`,
  position: "relative",
  overflow: "hidden",
  background: [
    "radial-gradient(1200px 600px at 10% -10%, rgba(63,199,154,0.55), transparent 60%)",
    "radial-gradient(900px 500px at 110% 110%, rgba(31,111,209,0.45), transparent 60%)",
    "linear-gradient(135deg, #06281d 0%, #0a4a37 45%, #0d2f4f 100%)"
  ].join(", ")
})
export const art = style({ position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none", opacity: 0.35 })
export const brand = style({
  position: "relative",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  color: "#ffffff",
  fontWeight: 800,
  fontSize: vars.fontSize.xl,
  marginBottom: vars.space.xl
})
export const panel = style({
  position: "relative",
  width: "min(440px, 100%)",
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  padding: vars.space.xl,
  "@media": { "screen and (max-width: 420px)": { padding: vars.space.lg } }
})
export const footer = style({ position: "relative", marginTop: vars.space.lg, display: "flex", gap: vars.space.md, alignItems: "center" })
export const langLink = style({ color: "#ffffff", fontSize: vars.fontSize.sm, fontWeight: 600 })
