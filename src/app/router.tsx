/**
 * The route tree of spec core §2.1: every route in three forms (no prefix = Portuguese, /pt,
 * /en), feature areas lazy-loaded (DESIGN budget: initial JS ≤ 250 kB gzip), the error page for
 * unknown routes and thrown errors, and the guards (middleware.ts) run by the root loader before
 * every navigation. Every area of features §2 has its page; routes whose
 * feature flag is off in this build (core §1, src/config/features.ts) a "not available in this
 * configuration" page (feature-gate.ts).
 */
import type { ComponentType } from "react"
import { createBrowserRouter, data, redirect, type LoaderFunctionArgs, type RouteObject } from "react-router"
import { FEATURES, type FeatureFlags, type FeatureName } from "../config/features.ts"
import { ErrorPage } from "../features/errors/error-page.tsx"
import { splitLocalePath, withPrefix } from "../lib/locale-path.ts"
import { routeMetaOf } from "../lib/route-meta.ts"
import { P } from "../../schema/permissions.ts"
import { withChunkReload } from "./chunk-reload.ts"
import { gateFeatures } from "./feature-gate.ts"
import { MIDDLEWARE_ORDER, runMiddleware, UnknownMiddleware, type GuardContext } from "./middleware.ts"
import { AppLoader, RootShell } from "./root-shell.tsx"
import type { RootData } from "./root-data.ts"

/** The guards, in the spec's order, for the URL being opened. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
  const url = new URL(request.url)
  const { prefix, rest } = splitLocalePath(url.pathname)
  const meta = routeMetaOf(rest)
  const ctx: GuardContext = { url, prefix, path: rest, meta, layout: rest.includes("/auth/") ? "auth" : "default", locale: prefix ?? "pt" }
  let target: string | null
  try {
    target = await runMiddleware(meta?.middleware ?? MIDDLEWARE_ORDER, ctx)
  } catch (e) {
    if (e instanceof UnknownMiddleware) throw data(e.middlewareName, { status: 500 })
    throw e
  }
  if (target !== null) throw redirect(withPrefix(target, prefix))
  return { layout: ctx.layout, locale: ctx.locale }
}

/** Redirect a section's base to its default page, keeping the prefix. */
const to = (target: string) => ({
  loader: ({ request }: LoaderFunctionArgs) => redirect(withPrefix(target, splitLocalePath(new URL(request.url).pathname).prefix)),
  element: null
})
const notFound = (): never => {
  throw data(null, { status: 404 })
}

type Lazy = () => Promise<{ Component: ComponentType }>
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Lazy =>
  () =>
    withChunkReload(load)().then((m) => ({ Component: pick(m) }))

const featureOff = (feature: FeatureName) => ({
  lazy: () =>
    withChunkReload(() => import("./feature-off-page.tsx"))().then((m) => ({
      Component: () => <m.FeatureOffPage feature={feature} />
    }))
})

/** The children of one prefix form (paths relative to "/", "/pt" or "/en"); flagged routes follow `flags`. */
export function areaRoutes(flags: FeatureFlags = FEATURES): RouteObject[] {
  return gateFeatures(
    [
      { index: true, ...to("/banking/home") },
      // ── auth (core §2.1) ─────────────────────────────────────────────────────
      {
        path: "auth/login",
        lazy: page(
          () => import("../features/auth/login-page.tsx"),
          (m) => m.LoginPage
        )
      },
      {
        path: "auth/create-pin",
        lazy: page(
          () => import("../features/auth/create-pin-page.tsx"),
          (m) => m.CreatePinPage
        )
      },
      {
        path: "auth/forgot-password",
        lazy: page(
          () => import("../features/auth/forgot-password-page.tsx"),
          (m) => m.ForgotPasswordPage
        )
      },
      {
        path: "auth/forgot-password/:id",
        lazy: page(
          () => import("../features/auth/forgot-password-reset-page.tsx"),
          (m) => m.ForgotPasswordResetPage
        )
      },
      // not in the spec's route list: sign-up has calls in core §7 but no route (src/README.md "Decisions")
      {
        path: "auth/sign-up",
        lazy: page(
          () => import("../features/auth/sign-up-page.tsx"),
          (m) => m.SignUpPage
        )
      },
      // ── banking ───────────────────────────────────────────────────────────────
      { path: "banking", ...to("/banking/home") },
      {
        path: "banking/home",
        lazy: page(
          () => import("../features/banking-home/home-page.tsx"),
          (m) => m.HomePage
        )
      },
      // issue 5: coins and statements (permissions in route-meta: get-operations-wallet-accounts, get-statement)
      {
        path: "banking/coins/*",
        lazy: page(
          () => import("../features/coins/coins-page.tsx"),
          (m) => m.CoinsPage
        )
      },
      // issue 32 item 4: analysis across wallets, on the statement and on the gateway transactions (one page, src/features/analysis)
      {
        path: "banking/statements/analysis",
        lazy: page(
          () => import("../features/analysis/analysis-page.tsx"),
          (m) => m.StatementAnalysisPage
        )
      },
      {
        path: "banking/statements/*",
        lazy: page(
          () => import("../features/statements/statements-page.tsx"),
          (m) => m.StatementsPage
        )
      },
      // TODO(unfiled): Pix, boleto, TED and cards have no issue yet (features §2); cards, billet,
      // statements and automatic-pix (automatic payments) also follow their core §1 flags
      // issue 13: Pix scheduling (features §2 scheduled-pix, recurrence-pix, automatic-pix, automatic-withdraw), before the Pix catch-all
      {
        path: "banking/pix/scheduled-pix/*",
        lazy: page(
          () => import("../features/pix-schedule/pix-schedule-page.tsx"),
          (m) => m.ScheduledPixPage
        )
      },
      {
        path: "banking/pix/recurrence-pix/*",
        lazy: page(
          () => import("../features/pix-schedule/pix-schedule-page.tsx"),
          (m) => m.RecurrencePixPage
        )
      },
      {
        path: "banking/pix/automatic-pix/*",
        lazy: page(
          () => import("../features/pix-schedule/pix-schedule-page.tsx"),
          (m) => m.AutomaticPixPage
        )
      },
      {
        path: "banking/pix/automatic-withdraw/*",
        lazy: page(
          () => import("../features/pix-schedule/pix-schedule-page.tsx"),
          (m) => m.AutomaticWithdrawPage
        )
      },
      // issue 12: Pix — pay by key and my keys (features §2); the other child pages say so inside the area
      {
        path: "banking/pix/*",
        lazy: page(
          () => import("../features/pix/pix-page.tsx"),
          (m) => m.PixPage
        )
      },
      // issue 14: boleto — pay, scheduled-billet, receive, manage-billet (features §2; permissions in route-meta)
      {
        path: "banking/billet/*",
        lazy: page(
          () => import("../features/billet/billet-page.tsx"),
          (m) => m.BilletPage
        )
      },
      // issue 14: TED — sent list, pay, receive (features §2; permissions in route-meta)
      {
        path: "banking/ted/*",
        lazy: page(
          () => import("../features/ted/ted-page.tsx"),
          (m) => m.TedPage
        )
      },
      // issue 15: cards (features §2; default wallet only and onboarding: route-meta)
      {
        path: "banking/cards/*",
        lazy: page(
          () => import("../features/cards/cards-page.tsx"),
          (m) => m.CardsPage
        )
      },
      // ── gateway (TODO(unfiled): features §2 "Gateway") ───────────────────────
      { path: "gateway", ...to("/gateway/metrics") },
      { path: "gateway/transactions", ...to("/gateway/transactions/deposits") },
      // issue 16: payment requests (assisted payments, features §2 payments); orders are a child of the gateway page
      {
        path: "gateway/payments/*",
        lazy: page(
          () => import("../features/gateway/payment-requests.tsx"),
          (m) => m.PaymentRequestsPage
        )
      },
      {
        path: "gateway/analysis",
        lazy: page(
          () => import("../features/analysis/analysis-page.tsx"),
          (m) => m.GatewayAnalysisPage
        )
      },
      {
        path: "gateway/*",
        lazy: page(
          () => import("../features/gateway/gateway-page.tsx"),
          (m) => m.GatewayPage
        )
      },
      // ── control panel ────────────────────────────────────────────────────────
      { path: "control-panel", ...to("/control-panel/wallets") },
      {
        path: "control-panel/wallets",
        lazy: page(
          () => import("../features/control-panel/wallets-page.tsx"),
          (m) => m.WalletsPage
        )
      },
      {
        path: "control-panel/wallets/:id",
        lazy: page(
          () => import("../features/control-panel/wallet-detail-page.tsx"),
          (m) => m.WalletDetailPage
        )
      },
      { path: "control-panel/my-account", ...to("/control-panel/my-account/my-data") },
      {
        path: "control-panel/my-account/my-data",
        lazy: page(
          () => import("../features/control-panel/my-data-page.tsx"),
          (m) => m.MyDataPage
        )
      },
      { path: "control-panel/my-account/my-invites", ...to("/control-panel/my-account/my-invites/received") },
      {
        path: "control-panel/my-account/my-invites/received",
        lazy: page(
          () => import("../features/control-panel/invites-page.tsx"),
          (m) => m.ReceivedInvitesPage
        )
      },
      {
        path: "control-panel/my-account/my-invites/sent",
        lazy: page(
          () => import("../features/control-panel/invites-page.tsx"),
          (m) => m.SentInvitesPage
        )
      },
      // control-panel security and staged approval (features §2; permissions checked by the guards from route-meta.ts)
      { path: "control-panel/security", ...to("/control-panel/security/change-password") },
      {
        path: "control-panel/security/change-password",
        lazy: page(
          () => import("../features/security/change-password-page.tsx"),
          (m) => m.ChangePasswordPage
        )
      },
      {
        path: "control-panel/security/update-pin",
        lazy: page(
          () => import("../features/security/update-pin-page.tsx"),
          (m) => m.UpdatePinPage
        )
      },
      {
        path: "control-panel/security/permissions",
        lazy: page(
          () => import("../features/security/permissions-page.tsx"),
          (m) => m.PermissionsPage
        )
      },
      { path: "control-panel/security/approval", ...to("/control-panel/security/approval/requests") },
      {
        path: "control-panel/security/approval/requests",
        handle: { permission: P.getApprovalRequests },
        lazy: page(
          () => import("../features/approval/requests-page.tsx"),
          (m) => m.RequestsPage
        )
      },
      {
        path: "control-panel/security/approval/history",
        handle: { permission: P.getApprovalHistory },
        lazy: page(
          () => import("../features/approval/history-page.tsx"),
          (m) => m.HistoryPage
        )
      },
      {
        path: "control-panel/security/approval/settings",
        handle: { permission: P.getApprovalSettings },
        lazy: page(
          () => import("../features/approval/settings-page.tsx"),
          (m) => m.SettingsPage
        )
      },
      // ── sports betting (issue 17: features §2 "Sports betting"; endr permission in route-meta) ─────────
      { path: "sports-betting", ...to("/sports-betting/sending-report") },
      {
        path: "sports-betting/*",
        lazy: page(
          () => import("../features/betting/betting-page.tsx"),
          (m) => m.BettingPage
        )
      },
      // ── anything else: 404 (core §2.1) ───────────────────────────────────────
      { path: "*", loader: notFound, element: null }
    ],
    flags,
    featureOff
  )
}

export function appRoutes(): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      loader: guardLoader,
      // the guards run before every navigation, not only when params change
      shouldRevalidate: () => true,
      Component: RootShell,
      HydrateFallback: AppLoader,
      errorElement: <ErrorPage standalone />,
      children: [
        {
          // errors of a page render inside the layout
          errorElement: <ErrorPage />,
          children: [...areaRoutes(), { path: "pt", children: areaRoutes() }, { path: "en", children: areaRoutes() }]
        }
      ]
    }
  ]
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes())
}
