/** Shared keyframes (spinner, skeleton shimmer, toast slide). */
import { globalKeyframes } from "@vanilla-extract/css"

globalKeyframes("spin", { to: { transform: "rotate(360deg)" } })
globalKeyframes("pulse", { "0%": { opacity: 1 }, "50%": { opacity: 0.45 }, "100%": { opacity: 1 } })
globalKeyframes("slideIn", { from: { transform: "translateX(16px)", opacity: 0 }, to: { transform: "none", opacity: 1 } })
globalKeyframes("fadeIn", { from: { opacity: 0 }, to: { opacity: 1 } })
