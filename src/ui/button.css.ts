/** Button styles: variants primary, secondary, ghost, danger; sizes sm, md. */
import { style, styleVariants } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const base = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: 40,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: "1px solid transparent",
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  textDecoration: "none",
  whiteSpace: "nowrap",
  transition: "background 120ms, border-color 120ms",
  selectors: {
    "&:disabled, &[aria-disabled='true']": { opacity: 0.55, cursor: "not-allowed" }
  }
})

export const variant = styleVariants({
  primary: {
    background: vars.color.primary,
    color: vars.color.primaryText,
    selectors: { "&:hover:not(:disabled)": { background: vars.color.primaryHover } }
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceHover } }
  },
  ghost: {
    background: "transparent",
    color: vars.color.text,
    selectors: { "&:hover:not(:disabled)": { background: vars.color.surfaceHover } }
  },
  danger: {
    background: vars.color.danger,
    color: vars.color.textInverse,
    selectors: { "&:hover:not(:disabled)": { background: vars.color.dangerHover } }
  },
  link: {
    background: "transparent",
    color: vars.color.primary,
    padding: 0,
    minHeight: "auto",
    textDecoration: "underline",
    fontWeight: 500
  }
})

export const size = styleVariants({
  sm: { minHeight: 32, padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.xs },
  md: {}
})

export const block = style({ width: "100%" })

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  position: "relative",
  width: 40,
  height: 40,
  borderRadius: vars.radius.pill,
  border: "1px solid transparent",
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
  padding: 0,
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&[data-state='open']": { background: vars.color.surfaceAlt }
  }
})

export const spinner = style({
  width: 14,
  height: 14,
  borderRadius: "50%",
  border: "2px solid currentColor",
  borderRightColor: "transparent",
  animation: "spin 700ms linear infinite"
})
