/**
 * The namespaces and languages of locales/ (no loading here: node scripts and benches read these too; the app's
 * loader is locales/index.ts).
 */
export const NAMESPACES = [
  "common",
  "auth",
  "shell",
  "wallets",
  "notifications",
  "errors",
  "validation",
  "home",
  "controlPanel",
  "security",
  "approval",
  "statements",
  "coins",
  "cards",
  "pix",
  "pixSchedule",
  "billet",
  "ted",
  "betting",
  "gateway",
  "receipt",
  "analysis"
] as const

export type Namespace = (typeof NAMESPACES)[number]
export const LANGUAGES = ["pt", "en"] as const

export type Language = (typeof LANGUAGES)[number]

/** What the shell (header, menus, user panel, sign-in, error pages, toasts) shows before any area's page. */
export const SHELL_NAMESPACES: ReadonlyArray<Namespace> = ["common", "auth", "shell", "errors", "validation", "notifications", "wallets"]
