/** Form field styles shared by TextField, MoneyField, PinField, Select and Checkbox. */
import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 })
export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.text })
export const required = style({ color: vars.color.danger, marginLeft: 2 })
export const control = style({
  width: "100%",
  minHeight: 42,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: {
    "&:focus": { outline: "none", borderColor: vars.color.focus, boxShadow: `0 0 0 3px ${vars.color.infoSoft}` },
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
    "&:disabled": { background: vars.color.surfaceAlt, color: vars.color.textMuted, cursor: "not-allowed" }
  }
})
export const withAdornment = style({ position: "relative", display: "flex", alignItems: "center" })
export const adornment = style({
  position: "absolute",
  right: vars.space.xs,
  top: 0,
  bottom: 0,
  display: "flex",
  alignItems: "center"
})
export const prefix = style({
  position: "absolute",
  left: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  pointerEvents: "none"
})
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })
export const error = style({ fontSize: vars.fontSize.xs, color: vars.color.danger, fontWeight: 500 })
export const pin = style({ letterSpacing: "0.6em", textAlign: "center", fontFamily: vars.font.mono, fontSize: vars.fontSize.xl, maxWidth: 200 })
export const select = style({ appearance: "auto", paddingRight: vars.space.sm })

export const checkRow = style({ display: "flex", alignItems: "center", gap: vars.space.sm, cursor: "pointer", fontSize: vars.fontSize.sm })
export const checkbox = style({
  width: 20,
  height: 20,
  flex: "0 0 20px",
  borderRadius: vars.radius.sm,
  border: `1.5px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  padding: 0,
  cursor: "pointer",
  selectors: {
    "&[data-state='checked']": { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
    "&:disabled": { opacity: 0.55, cursor: "not-allowed" }
  }
})

export const radioGroup = style({ display: "flex", flexDirection: "column", gap: vars.space.sm })
export const radioItem = style({
  width: 20,
  height: 20,
  flex: "0 0 20px",
  borderRadius: "50%",
  border: `1.5px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  padding: 0,
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  selectors: { "&[data-state='checked']": { borderColor: vars.color.primary } }
})
export const radioDot = style({ width: 10, height: 10, borderRadius: "50%", background: vars.color.primary })
