/**
 * Starting a test signed in (issue 28 "Sign in once, not per test"; decisions D-e2e-sign-in). Only the tests
 * of sign-in itself (tests/e2e/shell/auth.spec.ts) go through the login page; every other test signs in through
 * the sandbox's API — e-mail + password, then the fixed e-mail code, exactly the two calls the login page makes
 * (spec core §7 signin and session signin) — and opens the app with the session the login page would have
 * written (workers/client.ts keeps it in sessionStorage, core §9), as a reload after signing in does. The
 * guards then do what they do after any sign-in (PIN, onboarding, wallets), and the home must show balances.
 *
 * The session goes in through an init script of this one page (never the context: a second tab is a second
 * person's or a new tab's business) and only once per call: a reload keeps what the tab holds, and a logout in
 * the test is not undone by the next navigation.
 */
import { expect, type Page } from "@playwright/test"
import { HomePage } from "./home-page.ts"
import { LoginPage, FIXED_CODE, PASSWORD } from "./login-page.ts"
import { Shell } from "./shell.ts"

export interface SignedIn {
  readonly login: LoginPage
  readonly home: HomePage
  readonly shell: Shell
}

export interface SessionInfo {
  readonly userId: string
  readonly accessToken: string
  readonly refreshToken: string
  readonly expiresAt: number
}

const userIdOf = (token: string): string => (JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { id: string }).id

/** The two sign-in calls of spec core §7, over the page's origin (its context's baseURL). */
export async function sessionByApi(page: Page, email: string): Promise<SessionInfo> {
  const first = await page.request.post("/users/v2/auth/signin", { data: { email, password: PASSWORD }, headers: { language: "pt-BR" } })
  expect(first.status(), `sign-in of ${email}`).toBe(200)
  const {
    data: { otp_id }
  } = (await first.json()) as { data: { otp_id: string } }
  const second = await page.request.post("/users/auth/session/signin", { data: { otp_id, code: FIXED_CODE }, headers: { language: "pt-BR" } })
  expect(second.status(), `session sign-in of ${email}`).toBe(200)
  const { data: t } = (await second.json()) as { data: { access_token: string; refresh_token: string; expires_in: number } }
  return { userId: userIdOf(t.access_token), accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: Date.now() + t.expires_in * 1000 }
}

/** The pages with a guided tour (src/lib/route-meta.ts TourKey). */
const TOURS = ["bankingHome", "gatewayMetrics", "gatewayPayments", "gatewayTransactions", "controlPanelWallets", "controlPanelData", "controlPanelSecurity"]

/**
 * Signs `email` in by the API and opens `path` (the banking home unless told) signed in. `tours: "skip"` (the
 * default) marks every page's guided tour as seen, so none covers what a test clicks; a first visit's tour is
 * tested where it matters (tests/e2e/shell/auth.spec.ts, tests/e2e/shell/wallets.spec.ts) with `tours: "show"`.
 */
export async function openSignedIn(page: Page, email: string, o: { path?: string; tours?: "skip" | "show" } = {}): Promise<SessionInfo> {
  const session = await sessionByApi(page, email)
  const once = `e2e:signed-in:${Math.random().toString(36).slice(2)}`
  await page.addInitScript(
    ({ session, once, tours }) => {
      try {
        if (window !== window.top || sessionStorage.getItem(once) !== null) return
        sessionStorage.setItem(once, "1")
        sessionStorage.setItem("session", JSON.stringify(session))
        sessionStorage.setItem("session:renewedAt", String(Date.now()))
        if (tours !== null) for (const t of tours) localStorage.setItem(`pref:tour:${session.userId}:${t}`, "done")
      } catch {
        /* about:blank has no storage */
      }
    },
    { session, once, tours: (o.tours ?? "skip") === "skip" ? TOURS : null }
  )
  await page.goto(o.path ?? "/banking/home")
  return session
}

/** Signed in as `email` on the banking home with balances shown (in `prefix`'s language form); no tour over it. */
export async function signInToHome(
  page: Page,
  email: string,
  o: { prefix?: "" | "/pt" | "/en"; query?: string; tours?: "skip" | "show" } = {}
): Promise<SignedIn> {
  const login = new LoginPage(page)
  const home = new HomePage(page)
  const shell = new Shell(page)
  await openSignedIn(page, email, { path: `${o.prefix ?? ""}/banking/home${o.query ?? ""}`, tours: o.tours ?? "skip" })
  await home.expectLoaded()
  return { login, home, shell }
}
