/** The statement table's cells (features §2 statements page); the table itself is src/ui/data-table.tsx. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

const narrow = "screen and (max-width: 760px)"

export const groupTotals = style({ display: "flex", gap: vars.space.lg, fontVariantNumeric: "tabular-nums", flexWrap: "wrap", justifyContent: "flex-end" })
export const hideNarrow = style({ "@media": { [narrow]: { display: "none" } } })
export const twoLines = style({ display: "flex", flexDirection: "column", minWidth: 0, lineHeight: 1.25 })
export const sub = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
export const main = style({ fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" })
/** The date: smaller on phones so DD/MM/YYYY fits its column. */
export const dateMain = style([main, { "@media": { [narrow]: { fontSize: vars.fontSize.xs } } }])
export const amount = style({ textAlign: "right", fontVariantNumeric: "tabular-nums", fontWeight: 700, whiteSpace: "nowrap" })
export const amountIn = style({ color: vars.color.success })
