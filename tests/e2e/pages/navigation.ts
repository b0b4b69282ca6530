/**
 * Moving to a page as a user does once the app is open: through the app's router (history push + popstate, which
 * React Router follows, running its guards and the URL's language as on any link), not by loading the app again.
 * A load restarts the page, the engine's connection and its local store (1–3 s on the 2-core machine, against
 * 0.1–0.5 s here), and a test that means a load says so with `page.reload()` or `page.goto()`. Before the app is
 * open (a new page, another origin) this is `page.goto`.
 */
import type { Page } from "@playwright/test"

export async function go(page: Page, path: string): Promise<void> {
  const here = page.url()
  const target = new URL(path, here.startsWith("http") ? here : "http://x.invalid/")
  const open =
    here.startsWith("http") &&
    new URL(here).origin === target.origin &&
    (await page.evaluate(() => (document.getElementById("root")?.childElementCount ?? 0) > 0).catch(() => false))
  if (!open) {
    await page.goto(path)
    return
  }
  const before = await page.evaluate(
    (to) => {
      const key = document.documentElement.dataset["routeKey"] ?? ""
      window.history.pushState({}, "", to)
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }))
      return key
    },
    target.pathname + target.search + target.hash
  )
  // the router has committed the new page (its loaders — guards, the language's messages — done): until then the old
  // page is still on screen, and a field found there would be the old page's (src/app/root-shell.tsx useNavigationMark)
  await page.waitForFunction((key) => document.documentElement.dataset["routeKey"] !== key && document.documentElement.dataset["navigation"] === "idle", before)
}
