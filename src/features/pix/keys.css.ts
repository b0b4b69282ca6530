/** Styles of my-keys (src/features/pix/keys.tsx): a key's code step under its row, a claim's details. */
import { style } from "@vanilla-extract/css"
import { vars } from "../../ui/theme.css.ts"

export const codeStep = style({ flexBasis: "100%", paddingLeft: vars.space.md, borderLeft: `3px solid ${vars.color.border}` })
export const claimMeta = style({ flexBasis: "100%", fontSize: vars.fontSize.sm, color: vars.color.textMuted })
