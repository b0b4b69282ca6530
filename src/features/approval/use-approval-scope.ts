/**
 * What every approval page needs to know about the signed-in user and the current wallet:
 * the wallet, the user id, and which of the staged-approval actions (spec features §2, §6;
 * schema/permissions.ts P) the wallet's permission actions grant.
 */
import { useMemo } from "react"
import type { Wallet } from "../../../schema/entities.ts"
import { hasPermission, P, READS_APPROVAL_QUEUE, READS_EVERY_REQUEST, REPROVES_APPROVAL } from "../../../schema/permissions.ts"
import { useAppState } from "../../lib/app-state.ts"
import { useActions, useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useLiveQuery } from "../../../workers/client.ts"

export interface ApprovalScope {
  /**
   * The wallet's permission actions are known (the engine answered them): until then the pages show their loading state
   * rather than a guess from the actions stored at sign-in, which turned into another page under the user's pointer
   * (an approver saw "only your own requests" and a shorter queue for a moment, then the cards moved).
   */
  readonly known: boolean
  readonly wallet: Wallet | null
  readonly walletId: string | null
  readonly meId: string | null
  /** The queue: every request (get-all-assisted-payments), or only the requests this member made (D-approval-quorum). */
  readonly canSeeRequests: boolean
  /** Every request of the wallet, not only this member's own. */
  readonly seesEveryRequest: boolean
  readonly canDecide: boolean
  /** Withdraw one's own request (a reproval by the requester; a staged payment's permission is enough, D-approval-quorum). */
  readonly canWithdraw: boolean
  readonly canSeeHistory: boolean
  readonly canSeeSettings: boolean
  readonly canEditSettings: boolean
}

export function useApprovalScope(): ApprovalScope {
  const wallet = useCurrentWallet()
  const meId = useAppState((s) => s.session?.userId ?? null)
  const actions = useActions()
  const answered = useLiveQuery(wallet ? { kind: "permissionActions", walletId: wallet.id } : null) !== undefined
  return useMemo(
    () => ({
      known: answered,
      wallet,
      walletId: wallet?.id ?? null,
      meId,
      canSeeRequests: hasPermission(actions, READS_APPROVAL_QUEUE),
      seesEveryRequest: hasPermission(actions, READS_EVERY_REQUEST),
      canDecide: hasPermission(actions, P.postApprovalDecision),
      canWithdraw: hasPermission(actions, REPROVES_APPROVAL),
      canSeeHistory: hasPermission(actions, P.getApprovalHistory),
      canSeeSettings: hasPermission(actions, P.getApprovalSettings),
      canEditSettings: hasPermission(actions, P.postApprovalSettings)
    }),
    [answered, wallet, meId, actions]
  )
}
