/**
 * The quorum line of an approval request, in the user's language (spec features §6 "a request needs the set number of
 * approvers"; issue 32 item 3; D-approval-quorum): "1 de 3 aprovações: Carla Mendes aprovou às 14:02; aguardando Diego
 * Ferreira e Helena Castro". Shown in every approver's queue card, in the requester's card and in the history. Times
 * are São Paulo's HH:mm (a request lives within its creation day: the 23:59:59 cut-off, features §4). Pure: tested in
 * quorum-text.test.ts with the app's messages.
 */
import type { TFunction } from "i18next"
import type { ApprovalRequest } from "../../../schema/entities.ts"
import { formatDateTime, type Locale } from "../../../schema/format.ts"
import { quorumOf } from "../../../schema/approval-quorum.ts"

/** "A, B e C" / "A, B and C" (Intl.ListFormat, conjunction). */
export const listOf = (names: ReadonlyArray<string>, locale: Locale): string =>
  new Intl.ListFormat(locale === "en" ? "en" : "pt-BR", { style: "long", type: "conjunction" }).format(names)

/** HH:mm in São Paulo (the time part of core §5's DD/MM/YYYY HH:mm). */
export const timeOf = (iso: string, locale: Locale): string => formatDateTime(iso, locale).slice(-5)

export function quorumText(
  r: Pick<ApprovalRequest, "status" | "approvals" | "awaiting" | "required_approvals" | "requested_by">,
  t: TFunction,
  locale: Locale
): string {
  const q = quorumOf(r)
  const progress = t("approval:requests.progress", { count: q.count, total: q.required })
  const parts: string[] = []
  if (q.approved.length > 0)
    parts.push(
      listOf(
        q.approved.map((a) => t("approval:quorum.approvedAt", { name: a.user_name, time: timeOf(a.decided_at, locale) })),
        locale
      )
    )
  if (q.reproved !== null)
    parts.push(
      t(q.reproved.user_id === r.requested_by ? "approval:quorum.withdrawnAt" : "approval:quorum.reprovedAt", {
        name: q.reproved.user_name,
        time: timeOf(q.reproved.decided_at, locale)
      })
    )
  if (r.status === "started" && q.known) {
    if (q.awaiting.length > 0)
      parts.push(
        t("approval:quorum.waitingFor", {
          names: listOf(
            q.awaiting.map((a) => a.user_name),
            locale
          )
        })
      )
    if (!q.reachable) parts.push(t("approval:quorum.unreachable"))
  }
  if (r.status === "canceled") parts.push(t("approval:quorum.canceled"))
  return parts.length === 0 ? progress : t("approval:quorum.line", { progress, parts: parts.join("; ") })
}
