/**
 * The wallets whose statement this user may read, and what else each allows (spec core §6
 * "every action … gated by the wallet's permission actions", features §2 statements permission
 * get-statement; features §7 exports and receipts). Each wallet's actions come from its own
 * live `permissionActions` query, so the cross-wallet analysis never offers a wallet the user
 * cannot read. Shared by the statements page and the analysis across wallets (issue 32 item 4).
 */
import { useMemo } from "react"
import { useLiveQuery } from "../../workers/client.ts"
import type { Wallet } from "../../schema/entities.ts"
import { hasPermission, P } from "../../schema/permissions.ts"
import { useLiveQueries } from "./use-live-queries.ts"
import { useAppState } from "./app-state.ts"
import { GATEWAY_LIST_TAGS } from "./route-meta.ts"

export interface WalletAccess {
  readonly wallet: Wallet
  readonly canRead: boolean
  readonly canExport: boolean
  readonly canReceipt: boolean
  /** May read at least one of the gateway's lists (the analysis of gateway transactions, issue 32 item 4). */
  readonly canGateway: boolean
}

export interface ReadableWallets {
  /** undefined until the wallets and their permissions are known. */
  readonly all: ReadonlyArray<WalletAccess> | undefined
  readonly readable: ReadonlyArray<WalletAccess>
  readonly byId: ReadonlyMap<string, WalletAccess>
}

/** One live `permissionActions` query per wallet (the same queries here and in the shell, so one subscription each). */
const permissionQueries = (wallets: ReadonlyArray<Wallet> | null | undefined) =>
  (wallets ?? []).map((w) => ({ kind: "permissionActions" as const, walletId: w.id }))

export function useReadableWallets(): ReadableWallets {
  // the shell's wallets (app state follows the same live list) until this query's own first answer: a page opened from
  // another one knows them at its first render, and asks their permissions at once (analysis-view-open-1m)
  const live = useLiveQuery({ kind: "wallets" })
  const shell = useAppState((st) => st.wallets)
  const wallets = live ?? shell ?? undefined
  const queries = useMemo(() => permissionQueries(wallets), [wallets])
  const actions = useLiveQueries(queries)
  return useMemo(() => {
    if (wallets === undefined || actions.some((a) => a === undefined)) return { all: undefined, readable: [], byId: new Map() }
    const all = wallets.map((wallet, i) => {
      const acts = actions[i] ?? []
      return {
        wallet,
        canRead: hasPermission(acts, P.getStatement),
        canExport: hasPermission(acts, P.postStatementExport),
        canReceipt: hasPermission(acts, P.getReceipts),
        canGateway: GATEWAY_LIST_TAGS.some((tag) => hasPermission(acts, tag))
      }
    })
    return { all, readable: all.filter((a) => a.canRead), byId: new Map(all.map((a) => [a.wallet.id, a])) }
  }, [wallets, actions])
}

/**
 * Every wallet's permission actions kept live while the shell is shown (src/app/layouts/default-layout.tsx): a page
 * over several wallets (the statement's wallets, the analysis across wallets) then knows them at its first render,
 * instead of showing a skeleton for a round trip to the engine (analysis-view-open-1m). A few wallets, each a small
 * list the engine pushes only when it changes.
 */
export function useEveryWalletsPermissions(): void {
  const wallets = useAppState((st) => st.wallets)
  const queries = useMemo(() => permissionQueries(wallets), [wallets])
  useLiveQueries(queries)
}
