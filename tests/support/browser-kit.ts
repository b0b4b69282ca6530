/**
 * Aids of the browser component tests (`src/**\/*.browser.test.tsx`, vitest browser mode in
 * Chromium; issue 28 item 7): the app's i18next in a chosen language, axe on a rendered piece, and a
 * fake engine for the views that read it (fake-engine-client.ts).
 */
import axe from "axe-core"
import i18next from "i18next"
import { initI18n, loadLocale } from "../../src/lib/i18n.ts"
import type { Locale } from "../../src/lib/locale-path.ts"
import { lightTheme } from "../../src/ui/theme.css.ts"

export const LOCALES: ReadonlyArray<Locale> = ["pt", "en"]

/** The app's i18next (src/lib/i18n.ts, every namespace of `lng` loaded) showing `lng`, under the light theme (as src/main.tsx sets it on <html>). */
export async function showLocale(lng: Locale): Promise<void> {
  document.documentElement.classList.add(lightTheme)
  await initI18n(lng)
  await loadLocale(lng)
  if (i18next.language !== lng) await i18next.changeLanguage(lng)
  document.documentElement.lang = lng === "en" ? "en-US" : "pt-BR"
}

/**
 * axe (WCAG 2.x A/AA rules) on `root`: the violations of impact serious or critical, as "rule: target" lines. Run once the
 * page's finite animations have ended: an approval card fades in over 180 ms, and axe run at 84 ms measured its text's
 * contrast half transparent (every line of it "color-contrast", seen once in a full `npm test`). Endless ones
 * (spinners) are not waited for.
 */
export async function seriousAxeViolations(root: Element = document.body): Promise<string[]> {
  const running = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
  await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
  const r = await axe.run(root, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    resultTypes: ["violations"]
  })
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))
}
