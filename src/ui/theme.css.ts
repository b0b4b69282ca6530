/**
 * The design tokens (DESIGN "Conventions", CONVENTIONS braid anchor): one theme contract with a
 * light and a dark theme. Colours are chosen for WCAG AA contrast (axe check of core screens).
 * Modal widths follow spec core §9 (384 / 512 / 700 px); toast width 384 px.
 */
import { createTheme, createThemeContract, globalStyle } from "@vanilla-extract/css"

export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceAlt: null,
    surfaceHover: null,
    border: null,
    borderStrong: null,
    text: null,
    textMuted: null,
    textInverse: null,
    primary: null,
    primaryHover: null,
    primaryText: null,
    primarySoft: null,
    danger: null,
    dangerHover: null,
    dangerSoft: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    info: null,
    infoSoft: null,
    focus: null,
    overlay: null,
    skeleton: null,
    badge: null,
    badgeText: null
  },
  space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  font: { body: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  shadow: { sm: null, md: null, lg: null },
  size: { modalSmall: null, modalMedium: null, modalLarge: null, toast: null, header: null, content: null }
})

const shared = {
  space: { xxs: "2px", xs: "4px", sm: "8px", md: "12px", lg: "16px", xl: "24px", xxl: "32px" },
  radius: { sm: "4px", md: "8px", lg: "12px", pill: "999px" },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace"
  },
  fontSize: { xs: "12px", sm: "14px", md: "16px", lg: "18px", xl: "22px", xxl: "28px" },
  size: { modalSmall: "384px", modalMedium: "512px", modalLarge: "700px", toast: "384px", header: "60px", content: "1200px" }
}

export const lightTheme = createTheme(vars, {
  ...shared,
  color: {
    bg: "#f4f6f8",
    surface: "#ffffff",
    surfaceAlt: "#eef1f4",
    surfaceHover: "#e6eaee",
    border: "#d5dbe1",
    borderStrong: "#8a96a3",
    text: "#1b232c",
    textMuted: "#4f5b67",
    textInverse: "#ffffff",
    primary: "#0a6b4f",
    primaryHover: "#08573f",
    primaryText: "#ffffff",
    primarySoft: "#dff2ea",
    danger: "#b3261e",
    dangerHover: "#8f1e18",
    dangerSoft: "#fbe5e3",
    success: "#17663a",
    successSoft: "#e1f3e8",
    warning: "#7a4d00",
    warningSoft: "#fff1d6",
    info: "#1f4f8f",
    infoSoft: "#e3edfa",
    focus: "#1f6fd1",
    overlay: "rgba(15, 23, 30, 0.55)",
    skeleton: "#e2e7ec",
    badge: "#b3261e",
    badgeText: "#ffffff"
  },
  shadow: {
    sm: "0 1px 2px rgba(16,24,32,0.08)",
    md: "0 4px 12px rgba(16,24,32,0.12)",
    lg: "0 12px 32px rgba(16,24,32,0.22)"
  }
})

export const darkTheme = createTheme(vars, {
  ...shared,
  color: {
    bg: "#0f1418",
    surface: "#172027",
    surfaceAlt: "#1e2931",
    surfaceHover: "#25323b",
    border: "#2f3d48",
    borderStrong: "#6b7c8a",
    text: "#e9eef2",
    textMuted: "#a9b6c1",
    textInverse: "#0f1418",
    primary: "#3fc79a",
    primaryHover: "#5ad4ab",
    primaryText: "#06231a",
    primarySoft: "#143a2e",
    danger: "#ff8a80",
    dangerHover: "#ffa59d",
    dangerSoft: "#3d1a18",
    success: "#6fd69b",
    successSoft: "#173526",
    warning: "#f2c063",
    warningSoft: "#3a2e12",
    info: "#8cb8f2",
    infoSoft: "#172b44",
    focus: "#8cb8f2",
    overlay: "rgba(0, 0, 0, 0.65)",
    skeleton: "#25323b",
    badge: "#ff8a80",
    badgeText: "#1b0706"
  },
  shadow: {
    sm: "0 1px 2px rgba(0,0,0,0.4)",
    md: "0 4px 12px rgba(0,0,0,0.45)",
    lg: "0 12px 32px rgba(0,0,0,0.6)"
  }
})

globalStyle("*, *::before, *::after", {
  boxSizing: "border-box",
  // WCAG 2.3.3: a user who asks for reduced motion gets no spinning, shimmering or sliding (a spinner still shows, still)
  "@media": {
    "(prefers-reduced-motion: reduce)": {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important"
    }
  }
})
globalStyle("html, body", { margin: 0, padding: 0, minHeight: "100%" })
globalStyle("body", {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.45,
  background: vars.color.bg,
  color: vars.color.text,
  WebkitFontSmoothing: "antialiased"
})
globalStyle("#root", { minHeight: "100vh" })
globalStyle("a", { color: vars.color.primary })
globalStyle(":focus-visible", { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" })
globalStyle("h1, h2, h3, h4", { margin: 0, lineHeight: 1.25 })
globalStyle("p", { margin: 0 })
globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" })
