/** The code scanner's pieces (code-scanner.tsx): the image button, the camera's video and its guide. */
import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

/** The label that looks like a secondary button; its file input is hidden inside it and shows its focus here. */
export const imageButton = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  minHeight: 40,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-within": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 }
  }
})

export const viewer = style({ position: "relative", width: "100%", maxWidth: 480, overflow: "hidden", borderRadius: vars.radius.md })

export const video = style({
  display: "block",
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  background: "#000",
  borderRadius: vars.radius.md
})

/** Where to hold the code: a square for a QR code, a wide band for a barcode. */
export const guide = style({
  position: "absolute",
  left: "50%",
  top: "50%",
  transform: "translate(-50%, -50%)",
  border: "3px solid rgba(255, 255, 255, 0.9)",
  borderRadius: vars.radius.md,
  boxShadow: "0 0 0 9999px rgba(0, 0, 0, 0.25)",
  pointerEvents: "none"
})
export const guideQr = style({ width: "60%", aspectRatio: "1 / 1" })
export const guideBar = style({ width: "90%", height: "30%" })
