/**
 * The one virtualised data table (src/ui/data-table.tsx): the statement's, the gateway's and the Pix
 * statement's rows. The caller's columns give the grid tracks (wide and narrow screens) through two
 * CSS variables set on the table, so every row shares one class and one rule.
 */
import { createVar, style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

/** Must equal DATA_ROW_HEIGHT in data-table.tsx: the virtualiser computes positions from it. */
const ROW_HEIGHT = 52
const narrow = "screen and (max-width: 760px)"

export const columnsVar = createVar()
export const narrowColumnsVar = createVar()

export const table = style({
  display: "flex",
  flexDirection: "column",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: "hidden",
  minWidth: 0
})
export const row = style({
  display: "grid",
  gridTemplateColumns: columnsVar,
  alignItems: "center",
  gap: vars.space.md,
  padding: `0 ${vars.space.md}`,
  height: ROW_HEIGHT,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
  "@media": { [narrow]: { gridTemplateColumns: narrowColumnsVar, gap: vars.space.sm, padding: `0 ${vars.space.sm}` } }
})
export const head = style({
  background: vars.color.surfaceAlt,
  fontWeight: 700,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
  height: 40
})
export const dataRow = style({
  cursor: "pointer",
  background: vars.color.surface,
  selectors: {
    "&:hover": { background: vars.color.surfaceHover },
    "&:focus-visible": { outlineOffset: -2 }
  }
})
export const pendingRow = style({ background: vars.color.infoSoft, cursor: "default" })
export const groupRow = style({
  background: vars.color.surfaceAlt,
  fontWeight: 700,
  fontSize: vars.fontSize.xs,
  cursor: "default",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  display: "grid",
  "@media": { [narrow]: { gridTemplateColumns: "minmax(0, 1fr)" } }
})
export const hideNarrow = style({ "@media": { [narrow]: { display: "none" } } })
export const cell = style({ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const end = style({ textAlign: "right", justifySelf: "end" })
export const sortButton = style({
  all: "unset",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  textTransform: "inherit",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}` } }
})
export const scroller = style({
  position: "relative",
  overflowY: "auto",
  overflowX: "hidden",
  height: "min(62vh, 620px)",
  minHeight: 260,
  overscrollBehavior: "contain",
  contain: "strict",
  selectors: { "&:focus-visible": { outlineOffset: -2 } }
})
/** The rows in view: one composited layer moved by a transform as the list scrolls. */
export const rows = style({ position: "absolute", top: 0, left: 0, right: 0, willChange: "transform" })
/** A row, placed inside `rows`; fixed size, so its layout stays inside it (a relayout boundary:
 * a row whose text changes does not lay out its neighbours). */
export const item = style({ position: "absolute", top: 0, left: 0, right: 0, contain: "strict" })
export const placeholder = style({ display: "block", height: 12, borderRadius: vars.radius.sm, background: vars.color.skeleton })
export const empty = style({ padding: vars.space.xl })
