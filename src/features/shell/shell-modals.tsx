/**
 * The shell's modals, opened by the header and by pages through src/lib/shell-events.ts:
 * wallet selection, language, profile update and onboarding pending. The onboarding-pending
 * modal also opens once per session on arrival when onboarding is required and not complete.
 *
 * Each modal is its own chunk, loaded when it first opens (issue 33 item 5: the shell's first JS holds only what the
 * first page needs; the profile form alone brings the combobox, the money and select fields). The service worker keeps
 * every chunk, so they open offline too.
 */
import { lazy, Suspense, useEffect, useState } from "react"
import { onboardingOk, useAppState } from "../../lib/app-state.ts"
import { onShellRequest, type ShellRequest } from "../../lib/shell-events.ts"

const LanguageModal = lazy(() => import("./language-modal.tsx").then((m) => ({ default: m.LanguageModal })))
const OnboardingPendingModal = lazy(() => import("./onboarding-pending-modal.tsx").then((m) => ({ default: m.OnboardingPendingModal })))
const ProfileUpdateModal = lazy(() => import("./profile-update-modal.tsx").then((m) => ({ default: m.ProfileUpdateModal })))
const WalletSelectModal = lazy(() => import("./wallet-select-modal.tsx").then((m) => ({ default: m.WalletSelectModal })))

const SHOWN_KEY = "onboardingModalShown"

export function ShellModals() {
  const [open, setOpen] = useState<ShellRequest | null>(null)
  const ok = useAppState(onboardingOk)
  const status = useAppState((s) => s.onboardingStatus)
  useEffect(() => onShellRequest(setOpen), [])
  useEffect(() => {
    if (ok || status === null) return
    try {
      if (globalThis.sessionStorage?.getItem(SHOWN_KEY)) return
      globalThis.sessionStorage?.setItem(SHOWN_KEY, "1")
    } catch {
      /* private mode */
    }
    setOpen((o) => o ?? "onboardingPending")
  }, [ok, status])
  const close = (): void => setOpen(null)
  return (
    <Suspense fallback={null}>
      {open === "walletSelect" ? <WalletSelectModal open onClose={close} /> : null}
      {open === "language" ? <LanguageModal open onClose={close} /> : null}
      {open === "profileUpdate" ? <ProfileUpdateModal open onClose={close} /> : null}
      {open === "onboardingPending" ? <OnboardingPendingModal open onClose={close} /> : null}
    </Suspense>
  )
}
