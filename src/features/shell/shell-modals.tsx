/**
 * The shell's modals, opened by the header and by pages through src/lib/shell-events.ts:
 * wallet selection, language, profile update and onboarding pending. The onboarding-pending
 * modal also opens once per session on arrival when onboarding is required and not complete.
 */
import { useEffect, useState } from "react"
import { onboardingOk, useAppState } from "../../lib/app-state.ts"
import { onShellRequest, type ShellRequest } from "../../lib/shell-events.ts"
import { LanguageModal } from "./language-modal.tsx"
import { OnboardingPendingModal } from "./onboarding-pending-modal.tsx"
import { ProfileUpdateModal } from "./profile-update-modal.tsx"
import { WalletSelectModal } from "./wallet-select-modal.tsx"

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
    <>
      {open === "walletSelect" ? <WalletSelectModal open onClose={close} /> : null}
      {open === "language" ? <LanguageModal open onClose={close} /> : null}
      {open === "profileUpdate" ? <ProfileUpdateModal open onClose={close} /> : null}
      {open === "onboardingPending" ? <OnboardingPendingModal open onClose={close} /> : null}
    </>
  )
}
