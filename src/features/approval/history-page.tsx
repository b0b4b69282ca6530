/**
 * /control-panel/security/approval/history (spec features §2, permission
 * get-permissions-transaction-approvals; §4 states started, approved, reproved, canceled,
 * finished). Every request of the current wallet from the local store (the closed ones of the
 * history list plus the queue's started ones, live), filtered by state and text, with totals
 * (count and sum, per state) computed from the same local rows; each request's quorum line (issue 32 item 3).
 */
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import type { ApprovalStatus } from "../../../schema/entities.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Button, Card, EmptyState, layout, PageHeader, SearchIcon, Select, Skeleton, TextField } from "../../ui/index.ts"
import { approvalsOf, filterHistory, historyRows, historyTotals, STATUSES } from "./approval-rules.ts"
import * as s from "./approval.css.ts"
import { NoPermission, PermissionsLoading } from "./no-permission.tsx"
import { quorumText } from "./quorum-text.ts"
import { StatusBadge } from "./status-badge.tsx"
import { useApprovalScope } from "./use-approval-scope.ts"

const isStatus = (v: string): v is ApprovalStatus => (STATUSES as ReadonlyArray<string>).includes(v)

export function HistoryPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const { known, wallet, walletId, canSeeHistory, canSeeRequests } = useApprovalScope()
  const history = useLiveQuery(walletId && canSeeHistory ? { kind: "approvalHistory", walletId } : null)
  const queue = useLiveQuery(walletId && canSeeHistory && canSeeRequests ? { kind: "approvalRequests", walletId } : null)
  const [status, setStatus] = useState<ApprovalStatus | "all">("all")
  const [text, setText] = useState("")
  useEffect(() => {
    document.title = `${t("approval:history.title")} · ${t("common:appName")}`
  }, [t])

  const all = useMemo(() => historyRows(history, queue), [history, queue])
  const rows = useMemo(() => filterHistory(all, { status, text }), [all, status, text])
  const totals = useMemo(() => historyTotals(rows), [rows])
  const byStatus = useMemo(() => historyTotals(filterHistory(all, { status: "all", text })).byStatus, [all, text])
  const filtered = status !== "all" || text !== ""

  if (!known || !canSeeHistory) {
    return (
      <div className={layout.page} data-testid="approval-history-page">
        <PageHeader title={t("approval:history.title")} />
        {known ? <NoPermission page="history" /> : <PermissionsLoading />}
      </div>
    )
  }
  return (
    <div className={layout.page} data-testid="approval-history-page">
      <PageHeader title={t("approval:history.title")} subtitle={t("approval:history.subtitle", { wallet: wallet?.name ?? "" })} />

      <Card>
        <div className={s.filters} style={{ gridTemplateColumns: "minmax(220px, 2fr) minmax(160px, 1fr)" }}>
          <TextField
            label={t("approval:history.filters.text")}
            hint={t("approval:history.filters.textHint")}
            value={text}
            onChange={setText}
            type="search"
            autoComplete="off"
            adornment={<SearchIcon size={18} />}
            data-testid="history-search"
          />
          <Select
            label={t("approval:history.filters.status")}
            value={status}
            onChange={(v) => setStatus(isStatus(v) ? v : "all")}
            options={[
              { value: "all", label: t("approval:history.filters.all") },
              ...STATUSES.map((x) => ({ value: x, label: `${t(`approval:status.${x}`)} (${byStatus[x].count})` }))
            ]}
            data-testid="history-status"
          />
        </div>
        <div className={s.filterFoot}>
          <span />
          <Button
            variant="secondary"
            size="sm"
            disabled={!filtered}
            onClick={() => {
              setStatus("all")
              setText("")
            }}
          >
            {t("approval:history.filters.clear")}
          </Button>
        </div>
      </Card>

      <section className={s.summary} data-testid="history-totals" aria-live="polite">
        <div className={s.figure}>
          <span className={s.figureLabel}>{t("approval:history.totals.count")}</span>
          <span className={s.figureValue} data-testid="history-count">
            {String(totals.count)}
          </span>
        </div>
        <div className={s.figure}>
          <span className={s.figureLabel}>{t("approval:history.totals.sum")}</span>
          <span className={s.figureValue} data-testid="history-sum">
            {f.brl(totals.sum)}
          </span>
        </div>
      </section>

      <Card title={t("approval:history.list")}>
        {history === undefined ? (
          <Skeleton height={160} />
        ) : rows.length === 0 ? (
          <EmptyState title={filtered ? t("approval:history.emptyFiltered") : t("approval:history.empty")} />
        ) : (
          <div className={s.tableWrap}>
            <table className={s.table} data-testid="history-table">
              <thead>
                <tr>
                  <th className={s.th} scope="col">
                    {t("approval:fields.createdAt")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("approval:fields.beneficiary")}
                  </th>
                  <th className={[s.th, s.num].join(" ")} scope="col">
                    {t("approval:fields.amount")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("approval:fields.status")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("approval:fields.approvals")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("approval:fields.requestedBy")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-testid="history-row" data-request-id={r.id} data-status={r.status}>
                    <td className={s.td}>
                      {f.dateTime(r.created_at)}
                      <span className={s.sub}>{f.dateTime(r.updated_at)}</span>
                    </td>
                    <td className={s.td}>
                      {r.payment.beneficiary_name}
                      <span className={s.sub}>{r.payment.key}</span>
                      {r.payment.description ? <span className={s.sub}>{r.payment.description}</span> : null}
                    </td>
                    <td className={[s.td, s.num].join(" ")}>{f.brl(r.amount)}</td>
                    <td className={s.td}>
                      <StatusBadge status={r.status} />
                    </td>
                    <td className={s.td}>
                      {t("approval:history.approvals", { count: approvalsOf(r), total: r.required_approvals })}
                      {/* issue 32 item 3: the quorum — who approved and when, who is still awaited (D-approval-quorum) */}
                      <span className={s.sub} data-testid="history-quorum">
                        {quorumText(r, t, f.locale)}
                      </span>
                      {r.approvals.map((a) => (
                        <span key={a.user_id} className={s.sub}>
                          {t("approval:requests.decidedBy", {
                            name: a.user_name,
                            decision: t(`approval:decision.${a.decision}`),
                            at: f.dateTime(a.decided_at)
                          })}
                        </span>
                      ))}
                    </td>
                    <td className={s.td}>{r.requested_by_name}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  )
}
