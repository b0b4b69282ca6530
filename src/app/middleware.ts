/**
 * Route middleware of spec core §2.1, run in the spec's order by one runner before every
 * navigation: auth, layout, wallets, wallet-permissions, onboarding-and-pin, wallet-accounts,
 * user, session, i18n. Each is a named function that may answer with a redirect (a path
 * without prefix; the runner keeps the URL's language prefix). An unknown name is a 500.
 * The rules: core §4 (auth guard, PIN, onboarding, current wallet, gateway, default-wallet
 * pages), core §6 / features §2 (route permissions), core §2.4 (language order).
 */
import i18next from "i18next"
import { hasPermission } from "../../schema/permissions.ts"
import { prefs } from "../../workers/client.ts"
import {
  appStore,
  chooseWallet,
  currentSession,
  currentWallet,
  ensureActions,
  ensureGatewayWallets,
  ensureHasPin,
  ensureOnboarding,
  ensureProfile,
  ensureWallets,
  isGatewayWallet,
  onboardingOk,
  selectWallet,
  WALLET_PREF
} from "../lib/app-state.ts"
import { LANG_COOKIE, readCookie } from "../lib/cookies.ts"
import { detectLocale } from "../lib/detect-locale.ts"
import { isNetworkError } from "../lib/errors.ts"
import { toast } from "../lib/feedback.ts"
import { applyLocale } from "../lib/i18n.ts"
import type { Locale } from "../lib/locale-path.ts"
import { mayLoadWalletAccounts } from "../lib/onboarding.ts"
import { needsOnboarding, type RouteMeta } from "../lib/route-meta.ts"
import { endSession, markRenewed, sessionDeadline } from "../lib/session.ts"
import { requestShell } from "../lib/shell-events.ts"

export const HOME = "/banking/home"
export const LOGIN = "/auth/login"
export const CREATE_PIN = "/auth/create-pin"

export interface GuardContext {
  readonly url: URL
  /** The URL's language prefix, or null. */
  readonly prefix: Locale | null
  /** The path without prefix. */
  readonly path: string
  /** The route table entry, or null for an unknown route (it will render 404). */
  readonly meta: RouteMeta | null
  layout: "auth" | "default"
  locale: Locale
}

/** A redirect target (without prefix), or nothing to go on. */
export type Middleware = (ctx: GuardContext) => Promise<string | void> | string | void

export const MIDDLEWARE_ORDER = ["auth", "layout", "wallets", "wallet-permissions", "onboarding-and-pin", "wallet-accounts", "user", "session", "i18n"] as const

const signedIn = (): boolean => currentSession() !== null
const isAuthPath = (p: string): boolean => p.startsWith("/auth/")

/** core §4 "Authentication guard" (+ the inactivity deadline of core §4 "Session timer"). */
const auth: Middleware = async (ctx) => {
  const s = currentSession()
  if (s && Date.now() >= sessionDeadline(s)) {
    await endSession("expired")
    return ctx.meta?.public ? undefined : LOGIN
  }
  if (!s) return ctx.meta?.public ? undefined : LOGIN
  if (ctx.path === LOGIN || ctx.path === "/auth/sign-up") return HOME
  return undefined
}

/** core §2.3: paths containing /auth/ use the authentication layout; the rest the default layout. */
const layout: Middleware = (ctx) => {
  ctx.layout = ctx.path.includes("/auth/") ? "auth" : "default"
}

/** core §4 "Current wallet": stored token if loaded, else default, else first; gateway wallets once. */
const wallets: Middleware = async (ctx) => {
  if (!signedIn() || isAuthPath(ctx.path)) return
  // the profile first: it tells the engine the user's server type (core §6 green-server header)
  await ensureProfile()
  const list = await ensureWallets()
  const w = chooseWallet(list, appStore.get().walletId ?? prefs.get(WALLET_PREF))
  if (w) selectWallet(w.id, { persist: true })
  await ensureGatewayWallets(list.map((x) => x.id))
}

/** core §4, §6, features §2: permission actions of the wallet; gateway, default-wallet and tag checks. */
const walletPermissions: Middleware = async (ctx) => {
  if (!signedIn() || isAuthPath(ctx.path)) return undefined
  const w = currentWallet()
  const actions = w ? await ensureActions(w) : []
  const meta = ctx.meta
  if (!meta) return undefined
  if (meta.gatewayOnly && !isGatewayWallet()) return HOME
  if (meta.defaultWalletOnly && !w?.default) return HOME
  if (!hasPermission(actions, meta.permission)) {
    toast("error", i18next.t("errors:WITHOUT_PERMISSION"))
    return HOME
  }
  return undefined
}

/** core §4 "PIN" (once per session) and the onboarding guard. */
const onboardingAndPin: Middleware = async (ctx) => {
  const s = currentSession()
  if (!s || ctx.meta?.public) return undefined
  let hasPin = true
  try {
    hasPin = await ensureHasPin(s.userId)
  } catch (e) {
    if (!isNetworkError(e)) throw e // offline: the local app keeps working; asked again later
  }
  if (!hasPin && ctx.path !== CREATE_PIN) return CREATE_PIN
  if (hasPin && ctx.path === CREATE_PIN) return HOME
  await Promise.all([ensureProfile().catch(() => null), ensureOnboarding()])
  if (ctx.meta && !onboardingOk() && needsOnboarding(ctx.path)) {
    requestShell("onboardingPending")
    return HOME
  }
  return undefined
}

/** core §4: with onboarding pending or incomplete, wallet accounts are not loaded. */
const walletAccounts: Middleware = () => {
  if (!signedIn()) return
  const st = appStore.get()
  const enabled = onboardingOk() || mayLoadWalletAccounts(st.onboardingStatus)
  if (st.accountsEnabled !== enabled) appStore.set({ accountsEnabled: enabled })
}

/** The user's profile (header, panels, natural-person rule of core §4). */
const user: Middleware = async () => {
  if (!signedIn()) return
  await ensureProfile()
}

/** core §4 "Session timer": the clock starts with the first page of a session. */
const session: Middleware = () => {
  if (!signedIn()) return
  try {
    if (!globalThis.sessionStorage?.getItem("session:renewedAt")) markRenewed()
  } catch {
    /* private mode */
  }
}

/**
 * core §2.4: URL prefix, then the cookie, then the browser language, then pt. The page renders once its language's
 * messages are loaded (D-lazy-messages); a load that fails (offline before the first install) leaves the page to
 * render with what is loaded rather than not at all.
 */
const i18n: Middleware = async (ctx) => {
  ctx.locale = detectLocale({ pathname: ctx.url.pathname, cookie: readCookie(LANG_COOKIE), browserLanguages: globalThis.navigator?.languages ?? [] })
  await applyLocale(ctx.locale).catch(() => undefined)
}

export const MIDDLEWARE: Readonly<Record<string, Middleware>> = {
  auth,
  layout,
  wallets,
  "wallet-permissions": walletPermissions,
  "onboarding-and-pin": onboardingAndPin,
  "wallet-accounts": walletAccounts,
  user,
  session,
  i18n
}

export class UnknownMiddleware extends Error {
  constructor(readonly middlewareName: string) {
    super(`unknown middleware ${middlewareName}`)
  }
}

/** Runs the named middleware in order; the first redirect wins. Unknown name → UnknownMiddleware. */
export async function runMiddleware(
  names: ReadonlyArray<string>,
  ctx: GuardContext,
  registry: Readonly<Record<string, Middleware>> = MIDDLEWARE
): Promise<string | null> {
  for (const n of names) if (!Object.hasOwn(registry, n)) throw new UnknownMiddleware(n)
  for (const n of names) {
    const m = registry[n] as Middleware
    const r = await m(ctx)
    if (typeof r === "string" && r !== ctx.path) return r
  }
  return null
}
