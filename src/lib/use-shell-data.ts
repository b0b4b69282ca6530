/**
 * Hooks over the shell state for views: the current wallet, its permission actions (live from
 * the engine when it has them, else as loaded by the guards), the menu context and the visible
 * menu sections of spec core §2.2, recomputed when the permissions, the wallet or the locale
 * change.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../workers/client.ts"
import type { Wallet } from "../../schema/entities.ts"
import { FEATURES } from "../config/features.ts"
import { currentWallet, isGatewayWallet, onboardingOk, useAppState } from "./app-state.ts"
import { visibleSections, type MenuContext, type MenuSection } from "./menus.ts"

export function useCurrentWallet(): Wallet | null {
  return useAppState(currentWallet)
}

const NONE: ReadonlyArray<string> = []

export function useActions(): ReadonlyArray<string> {
  const walletId = useAppState((s) => s.walletId)
  const stored = useAppState((s) => (s.actions && s.actions.walletId === s.walletId ? s.actions.tags : NONE))
  const live = useLiveQuery(walletId ? { kind: "permissionActions", walletId } : null)
  return live && live.length > 0 ? live : stored
}

export function useMenuContext(): MenuContext {
  const actions = useActions()
  const ok = useAppState(onboardingOk)
  const wallet = useCurrentWallet()
  const gateway = useAppState(isGatewayWallet)
  return useMemo(
    () => ({ actions, onboardingOk: ok, isDefaultWallet: wallet?.default === true, isGatewayWallet: gateway, features: FEATURES }),
    [actions, ok, wallet, gateway]
  )
}

export function useSections(): ReadonlyArray<MenuSection> {
  const ctx = useMenuContext()
  const { i18n } = useTranslation()
  const lang = i18n.language
  // core §2.2: refiltered when the permission actions or the locale change
  return useMemo(() => {
    void lang
    return visibleSections(ctx)
  }, [ctx, lang])
}
