/**
 * /control-panel/security/approval/requests (spec features §2, permission
 * get-all-assisted-payments; §3 approval request; §4 states and the 23:59:59 UTC-3 cut-off;
 * §6 "a request needs the set number of approvers"). The live queue of the current wallet:
 * the engine keeps it from the server's stream (no reload), each request with its payment,
 * k of N and who decided, and a countdown to the cut-off. Approve and reject are
 * `v1.approval.approve` / `v1.approval.reject` commands with the dedupe key
 * `approval:<requestId>` (one decision in flight per request, whatever the clicks or tabs); the
 * engine asks the PIN through the app's prompt, sends exactly once, and overlays
 * `pendingDecision` at once. Filters (text, amount range, only mine), counts and keyboard
 * shortcuts for long queues (use-queue-keys.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { submitCommand, useLiveQuery } from "../../../workers/client.ts"
import type { ApprovalRequestView } from "../../../workers/results.ts"
import { payPhase } from "../../lib/command-phase.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Badge, Button, Card, Checkbox, EmptyState, layout, MoneyField, PageHeader, SearchIcon, Skeleton, TextField } from "../../ui/index.ts"
import { canApprove, confirmedDecisions, filterQueue, myDecision, openCommandFor, parseRange, summarize, type MyDecision } from "./approval-rules.ts"
import * as s from "./approval.css.ts"
import { NoPermission, PermissionsLoading } from "./no-permission.tsx"
import { RejectDialog } from "./reject-dialog.tsx"
import { RequestCard } from "./request-card.tsx"
import { useApprovalScope } from "./use-approval-scope.ts"
import { useQueueKeys } from "./use-queue-keys.ts"

const EMPTY: ReadonlyArray<ApprovalRequestView> = []
type Decision = "approve" | "reject"
/** A decision clicked here: pending on screen from the click, before the engine's overlay arrives. */
interface Local {
  readonly decision: Decision
  readonly commandId?: string
  /** The requester's own request: a reject withdraws it (D-approval-quorum). */
  readonly own?: boolean
}

export function RequestsPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const scope = useApprovalScope()
  const { walletId, meId, canSeeRequests, seesEveryRequest, canDecide, canWithdraw } = scope
  const live = useLiveQuery(walletId && canSeeRequests ? { kind: "approvalRequests", walletId } : null)
  const commands = useLiveQuery({ kind: "commands" })
  const connection = useLiveQuery({ kind: "connection" })
  const queue = live ?? EMPTY
  useEffect(() => {
    document.title = `${t("approval:requests.title")} · ${t("common:appName")}`
  }, [t])

  // ── decisions made on this page ──────────────────────────────────────────
  const [local, setLocal] = useState<ReadonlyMap<string, Local>>(new Map())
  const announced = useRef(new Set<string>())
  const confirmed = useMemo(() => confirmedDecisions(commands, walletId), [commands, walletId])
  useEffect(() => {
    // tell the user how each decision of theirs ended, once (DESIGN "Commands": told why, in their language)
    const mine = new Map([...local.values()].filter((l) => l.commandId).map((l) => [l.commandId as string, l]))
    const done: string[] = []
    for (const c of commands ?? []) {
      const l = mine.get(c.id)
      if (l === undefined || announced.current.has(c.id)) continue
      const phase = payPhase(c)
      if (phase === "done" || phase === "staged")
        toast(
          "success",
          l.decision === "approve" ? t("approval:requests.approvedToast") : l.own ? t("approval:requests.withdrawnToast") : t("approval:requests.rejectedToast")
        )
      else if (phase === "refused")
        toast("error", t("approval:requests.failedToast"), t(`errors:${c.error_key ?? "UNKNOWN_ERROR"}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
      else if (phase === "cancelled") toast("info", t("approval:requests.cancelledToast"))
      else continue
      announced.current.add(c.id)
      done.push(c.id)
    }
    if (done.length > 0) setLocal((m) => new Map([...m].filter(([, l]) => !l.commandId || !done.includes(l.commandId))))
  }, [commands, local, t])

  const decisionOf = useCallback(
    (r: ApprovalRequestView): MyDecision => {
      const d = myDecision(r, meId, confirmed)
      if (d !== null) return d
      const l = local.get(r.id)
      return l ? (l.decision === "approve" ? "pending-approve" : "pending-reject") : null
    },
    [meId, confirmed, local]
  )

  const decide = useCallback(
    (r: ApprovalRequestView, decision: Decision, reason?: string): void => {
      const own = !canApprove(r, meId)
      // a member without the decision permission may only withdraw their own request (D-approval-quorum)
      if (!walletId || !(canDecide || (own && canWithdraw && decision === "reject")) || decisionOf(r) !== null) return
      if (decision === "approve" && !canApprove(r, meId)) return
      setLocal((m) => new Map(m).set(r.id, { decision, own }))
      const body =
        decision === "approve"
          ? { name: "v1.approval.approve" as const, payload: { request_id: r.id } }
          : { name: "v1.approval.reject" as const, payload: { request_id: r.id, ...(reason ? { reason } : {}) } }
      submitCommand(walletId, body, `approval:${r.id}`).then(
        (commandId) => setLocal((m) => new Map(m).set(r.id, { decision, commandId, own })),
        (e: unknown) => {
          setLocal((m) => {
            const n = new Map(m)
            n.delete(r.id)
            return n
          })
          toast("error", t("approval:requests.failedToast"), t(`errors:${errorKeyOf(e)}`))
        }
      )
    },
    [walletId, canDecide, canWithdraw, decisionOf, meId, t]
  )

  // ── filters and counts ───────────────────────────────────────────────────
  const [text, setText] = useState("")
  const [minText, setMinText] = useState("")
  const [maxText, setMaxText] = useState("")
  const [onlyMine, setOnlyMine] = useState(false)
  const range = parseRange(minText, maxText, f.locale)
  const filter = useMemo(
    () => ({
      text,
      onlyMine,
      min: range.minBad || range.reversed ? null : range.min,
      max: range.maxBad || range.reversed ? null : range.max
    }),
    [text, onlyMine, range.min, range.max, range.minBad, range.maxBad, range.reversed]
  )
  const rows = useMemo(() => filterQueue(queue, filter, meId, confirmed), [queue, filter, meId, confirmed])
  const summary = useMemo(() => summarize(queue, meId, confirmed, canDecide), [queue, meId, confirmed, canDecide])
  const filtered = text !== "" || minText !== "" || maxText !== "" || onlyMine
  const clear = (): void => {
    setText("")
    setMinText("")
    setMaxText("")
    setOnlyMine(false)
  }

  // ── selection and keyboard ───────────────────────────────────────────────
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const lastIndex = useRef(0)
  const cards = useRef(new Map<string, HTMLElement>())
  const search = useRef<HTMLInputElement>(null)
  const index = rows.findIndex((r) => r.id === selectedId)
  useEffect(() => {
    // a selected request that left the queue (decided, cut off) hands the selection to the one now in its place
    if (index >= 0) {
      lastIndex.current = index
      return
    }
    if (selectedId !== null && rows.length > 0) setSelectedId(rows[Math.min(lastIndex.current, rows.length - 1)]?.id ?? null)
  }, [index, selectedId, rows])
  const move = (delta: number): void => {
    if (rows.length === 0) return
    const next = index < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.max(0, Math.min(rows.length - 1, index + delta))
    const id = rows[next]?.id ?? null
    setSelectedId(id)
    if (id) {
      const el = cards.current.get(id)
      el?.focus({ preventScroll: true })
      el?.scrollIntoView?.({ block: "nearest" })
    }
  }
  const selected = index >= 0 ? rows[index] : undefined
  const [rejecting, setRejecting] = useState<ApprovalRequestView | null>(null)
  useQueueKeys(canSeeRequests, {
    next: () => move(1),
    previous: () => move(-1),
    approve: () => {
      if (selected) decide(selected, "approve")
    },
    reject: () => {
      if (!selected || decisionOf(selected) !== null) return
      // the requester's own request: r withdraws it (the PIN prompt confirms), there is nothing to reject (D-approval-quorum)
      if (canApprove(selected, meId)) {
        if (canDecide) setRejecting(selected)
      } else decide(selected, "reject")
    },
    search: () => search.current?.focus()
  })

  if (!scope.known || !canSeeRequests) {
    return (
      <div className={layout.page} data-testid="approval-requests-page">
        <PageHeader title={t("approval:requests.title")} />
        {scope.known ? <NoPermission page="requests" /> : <PermissionsLoading />}
      </div>
    )
  }
  const streamOpen = connection?.stream === "open"
  return (
    <div className={layout.page} data-testid="approval-requests-page">
      <PageHeader
        title={t("approval:requests.title")}
        subtitle={t("approval:requests.subtitle", { wallet: scope.wallet?.name ?? "" })}
        actions={
          <Badge tone={streamOpen ? "success" : "warning"} data-testid="approval-live" data-live={streamOpen}>
            {streamOpen ? t("approval:requests.live") : t("approval:requests.reconnecting")}
          </Badge>
        }
      />

      <section className={s.summary} aria-label={t("approval:requests.list")} data-testid="approval-summary">
        <Figure label={t("approval:requests.summary.queue")} value={String(summary.count)} testId="summary-count" />
        <Figure label={t("approval:requests.summary.total")} value={f.brl(summary.sum)} testId="summary-total" />
        {canDecide ? <Figure label={t("approval:requests.summary.awaitingYou")} value={String(summary.awaitingMe)} testId="summary-mine" /> : null}
        <Figure label={t("approval:requests.summary.shown")} value={String(rows.length)} testId="summary-shown" />
      </section>

      <Card title={t("approval:requests.filters.title")} level={2}>
        <div className={s.filters}>
          <TextField
            ref={search}
            label={t("approval:requests.filters.text")}
            hint={t("approval:requests.filters.textHint")}
            value={text}
            onChange={setText}
            type="search"
            autoComplete="off"
            aria-keyshortcuts="/"
            data-testid="queue-search"
            adornment={<SearchIcon size={18} />}
          />
          <MoneyField
            label={t("approval:requests.filters.min")}
            value={minText}
            onChange={(v) => setMinText(v)}
            error={range.minBad ? t("validation:VALIDATION_MONEY") : range.reversed ? t("approval:requests.filters.rangeError") : null}
            data-testid="queue-min"
          />
          <MoneyField
            label={t("approval:requests.filters.max")}
            value={maxText}
            onChange={(v) => setMaxText(v)}
            error={range.maxBad ? t("validation:VALIDATION_MONEY") : null}
            data-testid="queue-max"
          />
        </div>
        <div className={s.filterFoot}>
          {canDecide ? <Checkbox label={t("approval:requests.filters.onlyMine")} checked={onlyMine} onChange={setOnlyMine} /> : <span />}
          <Button variant="secondary" size="sm" onClick={clear} disabled={!filtered} data-testid="queue-clear">
            {t("approval:requests.filters.clear")}
          </Button>
        </div>
      </Card>

      <section aria-labelledby="queue-keys-title">
        <h2 id="queue-keys-title" className={layout.muted} style={{ fontSize: 12, fontWeight: 700, marginBottom: 6 }}>
          {t("approval:requests.keyboard.title")}
        </h2>
        <ul className={s.legend} data-testid="queue-keys">
          <li>
            <kbd className={s.kbd}>{"j"}</kbd>
            {`${t("approval:requests.keyboard.or")} `}
            <kbd className={s.kbd}>{"↓"}</kbd>
            {t("approval:requests.keyboard.next")}
          </li>
          <li>
            <kbd className={s.kbd}>{"k"}</kbd>
            {`${t("approval:requests.keyboard.or")} `}
            <kbd className={s.kbd}>{"↑"}</kbd>
            {t("approval:requests.keyboard.previous")}
          </li>
          {canDecide ? (
            <li>
              <kbd className={s.kbd}>{"a"}</kbd>
              {t("approval:requests.keyboard.approve")}
            </li>
          ) : null}
          {canDecide ? (
            <li>
              <kbd className={s.kbd}>{"r"}</kbd>
              {t("approval:requests.keyboard.reject")}
            </li>
          ) : null}
          <li>
            <kbd className={s.kbd}>{"/"}</kbd>
            {t("approval:requests.keyboard.search")}
          </li>
        </ul>
      </section>

      {!seesEveryRequest ? (
        <p className={layout.muted} role="note" data-testid="approval-own-only">
          {t("approval:requests.ownOnly")}
        </p>
      ) : !canDecide ? (
        <p className={layout.muted} role="note">
          {t("approval:requests.readOnly")}
        </p>
      ) : null}

      {live === undefined ? (
        <Card>
          <Skeleton height={140} />
          <span className={layout.muted}>{t("approval:requests.loading")}</span>
        </Card>
      ) : rows.length === 0 ? (
        <Card data-testid="approval-empty">
          <EmptyState
            title={
              filtered && queue.length > 0
                ? t("approval:requests.emptyFiltered")
                : seesEveryRequest
                  ? t("approval:requests.empty")
                  : t("approval:requests.emptyOwn")
            }
            action={
              filtered && queue.length > 0 ? (
                <Button variant="secondary" onClick={clear}>
                  {t("approval:requests.filters.clear")}
                </Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <ul className={s.queue} aria-label={t("approval:requests.list")} aria-keyshortcuts="j k ArrowDown ArrowUp" data-testid="approval-queue">
          {rows.map((r) => (
            <li key={r.id}>
              <RequestCard
                ref={(el) => {
                  if (el) cards.current.set(r.id, el)
                  else cards.current.delete(r.id)
                }}
                request={r}
                selected={r.id === selectedId}
                decision={decisionOf(r)}
                command={openCommandFor(commands, r.id)}
                canDecide={canDecide}
                canWithdraw={canWithdraw}
                meId={meId}
                onSelect={() => setSelectedId(r.id)}
                onApprove={() => decide(r, "approve")}
                onReject={() => setRejecting(r)}
                onWithdraw={() => decide(r, "reject")}
              />
            </li>
          ))}
        </ul>
      )}

      <RejectDialog
        request={rejecting}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          const r = rejecting
          setRejecting(null)
          if (r) decide(r, "reject", reason)
        }}
      />
    </div>
  )
}

function Figure({ label, value, testId }: { readonly label: string; readonly value: string; readonly testId: string }) {
  return (
    <div className={s.figure}>
      <span className={s.figureLabel}>{label}</span>
      <span className={s.figureValue} data-testid={testId}>
        {value}
      </span>
    </div>
  )
}
