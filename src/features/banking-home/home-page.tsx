/**
 * /banking/home (spec core §2.1 "default page of banking"): the current wallet's balances (live
 * `walletAccounts`, sorted by currency id, unconfirmed effects marked, BRL blocked amount from
 * `pendingBalance`), the ten latest statement rows (live `statements`), and the progress of the
 * local sync (live `syncProgress`). Balances are not loaded while onboarding is pending or
 * incomplete (core §4). Guided tour 'bankingHome' (core §4). With this build's statements
 * flag off (core §1) the link to /banking/statements is not offered; the recent rows stay.
 */
import { memo, useEffect, useMemo } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import type { EngineProblem, StatementRowView } from "../../../workers/results.ts"
import { FEATURES } from "../../config/features.ts"
import { useAppState } from "../../lib/app-state.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { HIDDEN_BALANCE, useShowBalances } from "../../lib/use-show-balances.ts"
import { useTour } from "../../lib/use-tour.ts"
import { Badge, BalanceCard, Card, EmptyState, EyeIcon, EyeOffIcon, IconButton, layout, PageHeader, Skeleton, Tour, visuallyHidden } from "../../ui/index.ts"
import * as s from "./home.css.ts"
import { DaysAheadCompact } from "../../lib/days-ahead.tsx"
import { DdaDueCard } from "./dda-due-card.tsx"

/** How many recent rows the home shows. */
export const RECENT_ROWS = 10

function Balances() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const enabled = useAppState((st) => st.accountsEnabled)
  const [show, setShow] = useShowBalances()
  const accounts = useLiveQuery(wallet && enabled ? { kind: "walletAccounts", walletId: wallet.id } : null)
  const pending = useLiveQuery(wallet && enabled ? { kind: "pendingBalance", walletId: wallet.id } : null)
  const sorted = useMemo(() => [...(accounts ?? [])].sort((a, b) => a.currency_id - b.currency_id), [accounts])
  return (
    <Card
      title={t("home:balances.title")}
      data-tour="balances"
      data-testid="home-balances"
      actions={
        <IconButton
          label={show ? t("shell:balance.hide") : t("shell:balance.showShort")}
          onClick={() => setShow(!show)}
          aria-pressed={!show}
          data-testid="toggle-balances"
        >
          {show ? <EyeOffIcon /> : <EyeIcon />}
        </IconButton>
      }
    >
      {!enabled ? (
        <EmptyState title={t("home:balances.unavailableTitle")} message={t("shell:balance.unavailable")} />
      ) : accounts === undefined ? (
        <div className={s.balances} aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={88} />
          ))}
        </div>
      ) : sorted.length === 0 ? (
        <EmptyState title={t("home:balances.empty")} />
      ) : (
        <div className={s.balances}>
          {sorted.map((a) => (
            <BalanceCard
              key={a.id}
              testId={`balance-${a.currency_symbol}`}
              label={t("shell:balance.label", { symbol: a.currency_symbol })}
              amount={show ? f.amount(a.balance, a.currency_symbol, a.currency_decimal) : HIDDEN_BALANCE}
              blocked={
                a.currency_symbol === "BRL" ? t("shell:balance.blocked", { value: show ? f.brl(pending?.pending_balance ?? 0) : HIDDEN_BALANCE }) : undefined
              }
              pending={a.pendingDelta !== 0 ? t("shell:balance.pending") : undefined}
            />
          ))}
        </div>
      )}
    </Card>
  )
}

function ActivityRow({ r }: { readonly r: StatementRowView }) {
  const { t } = useTranslation()
  const f = useFormat()
  const sign = r.direction === "in" ? "+" : "−"
  return (
    <li className={s.row} data-testid="activity-row">
      <div className={s.rowMain}>
        <span className={s.rowTitle}>{r.description || t(`home:types.${r.type}`, { defaultValue: r.type })}</span>
        <span className={s.rowMeta}>
          <span>{t(`home:types.${r.type}`, { defaultValue: r.type })}</span>
          {r.counterparty_name ? <span>{r.counterparty_name}</span> : null}
          <time dateTime={r.created_at}>{f.dateTime(r.created_at)}</time>
          {r.pending ? (
            <Badge tone="info">{t("shell:balance.pending")}</Badge>
          ) : r.status !== "completed" ? (
            <Badge tone={r.status === "failed" ? "danger" : "warning"}>{t(`home:status.${r.status}`, { defaultValue: r.status })}</Badge>
          ) : null}
        </span>
      </div>
      <span className={r.direction === "in" ? s.amountIn : s.amountOut}>
        <span className={visuallyHidden}>{r.direction === "in" ? t("home:activity.in") : t("home:activity.out")}</span>
        {`${sign} ${f.amount(r.amount, r.currency_symbol)}`}
      </span>
    </li>
  )
}

function Activity() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const result = useLiveQuery(
    wallet ? { kind: "statements", query: { walletIds: [wallet.id], sort: { by: "created_at", dir: "desc" }, offset: 0, limit: RECENT_ROWS } } : null
  )
  return (
    <Card
      title={t("home:activity.title")}
      data-tour="activity"
      data-testid="home-activity"
      actions={
        FEATURES.statements ? (
          <Link to={lp("/banking/statements")} data-testid="see-all-statements">
            {t("home:activity.seeAll")}
          </Link>
        ) : undefined
      }
    >
      {result === undefined ? (
        <div className={layout.stack} aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </div>
      ) : result.rows.length === 0 ? (
        <EmptyState title={t("home:activity.empty")} />
      ) : (
        <ul className={s.activity} aria-label={t("home:activity.title")}>
          {result.rows.slice(0, RECENT_ROWS).map((r) => (
            <ActivityRow key={r.id} r={r} />
          ))}
        </ul>
      )}
    </Card>
  )
}

/** "statements:<walletId>" → its list name and wallet. */
export function splitListName(name: string): { readonly list: string; readonly walletId: string | null } {
  const i = name.indexOf(":")
  return i < 0 ? { list: name, walletId: null } : { list: name.slice(0, i), walletId: name.slice(i + 1) }
}

/** sync/SPEC.md EN1: where the engine's background work last failed (it tries again by itself), in the user's words. */
const PROBLEM_AREAS: Readonly<Record<string, string>> = {
  sync: "sync",
  pull: "sync",
  timer: "sync",
  stream: "stream",
  notifications: "stream",
  outbox: "commands",
  uploads: "commands",
  mirror: "store",
  image: "store",
  open: "store",
  wipe: "store"
}
function LastProblem({ problem, count }: { readonly problem: EngineProblem; readonly count: number }) {
  const { t } = useTranslation()
  const f = useFormat()
  const area = PROBLEM_AREAS[problem.where.split(/[.:]/)[0] ?? ""] ?? "sync"
  return (
    <p className={layout.muted} role="status" data-testid="home-sync-problem" data-where={problem.where} data-key={problem.key}>
      {t("home:sync.problem", {
        area: t(`home:sync.areas.${area}`),
        reason: t(`errors:${problem.key}`, { defaultValue: t("errors:UNKNOWN_ERROR") }),
        at: f.dateTime(problem.at),
        count
      })}
    </p>
  )
}

/**
 * One list's line of the progress card: re-rendered only when its own figures move (a sign-in moves one list at a
 * time, and the card lists every list of every wallet; translating them all at each step was most of the page's
 * work while it synced).
 */
const SyncRow = memo(function SyncRow({
  name,
  wallet,
  state,
  done,
  total
}: {
  readonly name: string
  readonly wallet: string | undefined
  readonly state: string
  readonly done: number
  readonly total: number
}) {
  const { t } = useTranslation()
  const { list } = splitListName(name)
  const base = t(`home:sync.lists.${list}`, { defaultValue: list })
  const label = wallet ? t("home:sync.ofWallet", { list: base, wallet }) : base
  const pct = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : state === "done" ? 100 : 0
  return (
    <div className={s.syncRow}>
      <span className={layout.spread}>
        <span>{label}</span>
        <span className={layout.muted}>
          {t(`home:sync.state.${state}`)}
          {total > 0 ? ` · ${t("home:sync.rows", { done, total })}` : ""}
        </span>
      </span>
      <progress className={s.progress} max={100} value={pct} aria-label={label} />
    </div>
  )
})

function SyncStatus() {
  const { t } = useTranslation()
  const progress = useLiveQuery({ kind: "syncProgress" })
  const wallets = useAppState((st) => st.wallets)
  const lists = Object.entries(progress?.lists ?? {})
  const done = lists.reduce((n, [, l]) => n + l.done, 0)
  const total = lists.reduce((n, [, l]) => n + l.total, 0)
  const overall = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100
  return (
    <Card title={t("home:sync.title")} data-tour="sync" data-testid="home-sync">
      {progress?.problems?.[0] ? <LastProblem problem={progress.problems[0]} count={progress.problems.length} /> : null}
      {progress === undefined ? (
        <Skeleton height={40} />
      ) : lists.length === 0 ? (
        <p className={layout.muted}>{t("home:sync.idle")}</p>
      ) : (
        <div className={s.sync}>
          <div className={s.syncRow}>
            <span className={layout.spread}>
              <strong>{t("home:sync.overall")}</strong>
              <span className={layout.muted}>{t("home:sync.rows", { done, total })}</span>
            </span>
            <progress className={s.progress} max={100} value={overall} aria-label={t("home:sync.overall")} />
          </div>
          {lists.map(([name, l]) => {
            const walletId = splitListName(name).walletId
            return (
              <SyncRow
                key={name}
                name={name}
                wallet={walletId ? wallets?.find((x) => x.id === walletId)?.name : undefined}
                state={l.state}
                done={l.done}
                total={l.total}
              />
            )
          })}
        </div>
      )}
    </Card>
  )
}

/**
 * issue 30 item 8: when each wallet's statement last added up with the bank's balance (live `syncProgress.ledger`,
 * checked by the engine after each sync); a gap is shown only once pulling its range again did not heal it.
 */
export function LedgerStatus() {
  const { t } = useTranslation()
  const f = useFormat()
  const ledger = useLiveQuery({ kind: "syncProgress" })?.ledger
  const wallets = useAppState((st) => st.wallets)
  const shown = (wallets ?? []).filter((w) => ledger?.[w.id] !== undefined)
  if (!ledger || shown.length === 0) return null
  return (
    <Card title={t("home:ledger.title")} data-testid="home-ledger">
      <ul className={s.ledgerList}>
        {shown.map((w) => {
          const l = ledger[w.id]
          if (!l) return null
          const pointAt = l.point.slice(0, Math.max(0, l.point.lastIndexOf("|")))
          const title = pointAt ? t("home:ledger.point", { at: f.dateTime(pointAt) }) : undefined
          return l.state === "reconciled" ? (
            <li key={w.id} className={layout.muted} data-testid="home-ledger-wallet" data-wallet={w.id} data-state="reconciled" title={title}>
              {t("home:ledger.reconciled", { wallet: w.name, at: f.dateTime(l.reconciledAt ?? l.at) })}
            </li>
          ) : (
            <li key={w.id} data-testid="home-ledger-wallet" data-wallet={w.id} data-state="gap" title={title}>
              <span role="alert">
                <Badge tone="danger">{(l.currencies ?? []).join(", ")}</Badge>{" "}
                {l.reconciledAt
                  ? t("home:ledger.gap", { wallet: w.name, currencies: (l.currencies ?? []).join(", "), last: f.dateTime(l.reconciledAt) })
                  : t("home:ledger.gapNever", { wallet: w.name, currencies: (l.currencies ?? []).join(", ") })}
              </span>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}

export function HomePage() {
  const { t } = useTranslation()
  const profile = useAppState((st) => st.profile)
  const wallet = useCurrentWallet()
  const steps = useMemo(
    () =>
      (["balances", "activity", "wallet-switcher", "sync"] as const).map((target) => ({
        target,
        title: t(`home:tour.${target}.title`),
        body: t(`home:tour.${target}.body`)
      })),
    [t]
  )
  const tour = useTour("bankingHome", steps.length)
  useEffect(() => {
    document.title = `${t("home:title")} · ${t("common:appName")}`
  }, [t])
  const first = (profile?.name ?? "").split(" ")[0] ?? ""
  return (
    <div className={layout.page} data-testid="home-page">
      <PageHeader
        title={first ? t("home:greeting", { name: first }) : t("home:title")}
        subtitle={wallet ? t("home:walletLine", { name: wallet.name }) : undefined}
      />
      <div className={s.columns}>
        <div className={layout.stack}>
          <Balances />
          <Activity />
        </div>
        <div className={layout.stack}>
          <DdaDueCard walletId={wallet?.id ?? null} />
          <DaysAheadCompact walletId={wallet?.id ?? null} />
          <SyncStatus />
          <LedgerStatus />
        </div>
      </div>
      {tour.active ? <Tour steps={steps} index={tour.index} onNext={tour.next} onBack={tour.back} onClose={tour.close} /> : null}
    </div>
  )
}
