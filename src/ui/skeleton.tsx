/** Skeleton: a placeholder block while data arrives (announced once by its container). */
import type { CSSProperties } from "react"
import * as s from "./surface.css.ts"

export function Skeleton({
  width = "100%",
  height = 16,
  style
}: {
  readonly width?: number | string
  readonly height?: number | string
  readonly style?: CSSProperties
}) {
  return <span className={s.skeleton} aria-hidden="true" style={{ width, height, ...style }} />
}
