/**
 * Several live queries at once whose number is known only at run time (one per selected wallet:
 * features §2 cross-wallet analysis, per-wallet permissions of core §6), where `useLiveQuery`
 * (one hook call per query) cannot be used in a loop. Subscribes through the engine client; the
 * answer keeps the order of `queries`, `undefined` until a query's first snapshot.
 */
import { useLiveQuery } from "../../workers/client.ts"

export { useLiveQueries } from "../../workers/client.ts"

/** The wallet's available BRL balance (minor units) from the synced accounts, null until known. */
export function useBrlBalance(walletId: string | null | undefined): number | null {
  const accounts = useLiveQuery(walletId ? { kind: "walletAccounts", walletId } : null)
  return accounts?.find((a) => a.currency_symbol === "BRL")?.balance ?? null
}
