/** The invitation form's role checkboxes (src/ui/invite-form.tsx; core §6 invitations). */
import { style } from "@vanilla-extract/css"
import { vars } from "./theme.css.ts"

export const roles = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" })
