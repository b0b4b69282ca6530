/**
 * The root of the route tree: picks the layout chosen by the layout middleware (core §2.3),
 * shows the full-screen loader while a navigation loads (core §2.4: only after 50 ms), and
 * mounts the app-wide pieces once: toasts, dialogs, the PIN prompt and the session watcher.
 */
import { lazy, Suspense, useEffect } from "react"
import { Outlet, useLoaderData, useLocation, useNavigation } from "react-router"
import { useTranslation } from "react-i18next"
import { DialogHost } from "../ui/dialog-host.tsx"
import { Loader } from "../ui/loader.tsx"
import { Toaster } from "../ui/toaster.tsx"
import { AuthLayout } from "./layouts/auth-layout.tsx"
import { DefaultLayout } from "./layouts/default-layout.tsx"
import { SessionWatcher } from "./session-watcher.tsx"
import type { RootData } from "./root-data.ts"

/** The PIN prompt (with the PIN rules) is a chunk of its own, fetched after the first paint (issue 33 item 5). */
const PinPrompt = lazy(() => import("../ui/pin-prompt.tsx").then((m) => ({ default: m.PinPrompt })))

export function AppLoader() {
  const { t } = useTranslation()
  return <Loader label={t("common:loading")} />
}

let committed = 0

/**
 * The committed navigation on <html> (`data-route-key`: a count of the locations the router has committed, one more
 * with every page shown; `data-navigation`: idle, loading or submitting): what an automated user waits on after moving
 * through the router (tests/e2e/pages/navigation.ts) — a page whose loader still runs is not yet the page it asked for.
 */
function useNavigationMark(state: string): void {
  const location = useLocation()
  useEffect(() => {
    committed += 1
    document.documentElement.dataset["routeKey"] = String(committed)
  }, [location])
  useEffect(() => {
    document.documentElement.dataset["navigation"] = state
  }, [state])
}

export function RootShell() {
  const data = useLoaderData() as RootData
  const navigation = useNavigation()
  useNavigationMark(navigation.state)
  const Layout = data.layout === "auth" ? AuthLayout : DefaultLayout
  return (
    <>
      <Layout>
        <Outlet />
      </Layout>
      {navigation.state === "loading" ? <AppLoader /> : null}
      <Toaster />
      <DialogHost />
      <Suspense fallback={null}>
        <PinPrompt />
      </Suspense>
      <SessionWatcher />
    </>
  )
}
