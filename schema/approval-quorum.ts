/**
 * The quorum of a staged-approval request (spec features §6 "a request needs the set number of approvers"; issue 32
 * item 3 "approvals that show who is missing"; D-approval-quorum): who approved and when, who is still awaited, k of N.
 * Shared by the sandbox (which answers `awaiting` in every approval_requests / approval_history row) and the views
 * (which phrase it). Pure functions, tested in approval-quorum.test.ts.
 */
import type { ApprovalAwaited, ApprovalDecision, ApprovalRequest } from "./entities.ts"

/** A wallet member whose role may decide approvals (the owner when onboarded; APPROVER members). */
export interface ApproverCandidate {
  readonly user_id: string
  readonly user_name: string
}

const byName = (a: ApproverCandidate, b: ApproverCandidate): number => a.user_name.localeCompare(b.user_name, "pt-BR") || a.user_id.localeCompare(b.user_id)

/**
 * Who a started request still waits for: the approvers minus the requester (four eyes, D-approval-quorum) and minus
 * those who already decided, ordered by name. A closed request waits for nobody.
 */
export function awaitedApprovers(
  status: ApprovalRequest["status"],
  approvers: ReadonlyArray<ApproverCandidate>,
  requestedBy: string,
  decisions: ReadonlyArray<Pick<ApprovalDecision, "user_id">>
): ReadonlyArray<ApprovalAwaited> {
  if (status !== "started") return []
  const decided = new Set(decisions.map((d) => d.user_id))
  const seen = new Set<string>()
  const out: ApprovalAwaited[] = []
  for (const a of [...approvers].sort(byName)) {
    if (a.user_id === requestedBy || decided.has(a.user_id) || seen.has(a.user_id)) continue
    seen.add(a.user_id)
    out.push({ user_id: a.user_id, user_name: a.user_name })
  }
  return out
}

export interface Quorum {
  /** Approvals received, in the order they came. */
  readonly approved: ReadonlyArray<ApprovalDecision>
  /** The reproval that closed it, if any (the requester's own is a withdrawal). */
  readonly reproved: ApprovalDecision | null
  readonly awaiting: ReadonlyArray<ApprovalAwaited>
  readonly count: number
  readonly required: number
  /** Whether the approvers still awaited can reach N (false: the rule asks more than the wallet has). */
  readonly reachable: boolean
  /** Whether the row told who is awaited (rows stored before the field have none). */
  readonly known: boolean
}

export function quorumOf(r: Pick<ApprovalRequest, "status" | "approvals" | "awaiting" | "required_approvals">): Quorum {
  const approved = [...r.approvals].filter((a) => a.decision === "approved").sort((a, b) => a.decided_at.localeCompare(b.decided_at))
  const reproved = r.approvals.find((a) => a.decision === "reproved") ?? null
  const awaiting = r.status === "started" ? (r.awaiting ?? []) : []
  return {
    approved,
    reproved,
    awaiting,
    count: approved.length,
    required: r.required_approvals,
    reachable: r.status !== "started" || r.awaiting === undefined || approved.length + awaiting.length >= r.required_approvals,
    known: r.awaiting !== undefined
  }
}
