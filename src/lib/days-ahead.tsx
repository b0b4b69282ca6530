/**
 * The days ahead (issue 13, beyond the spec; spec features §1 "schedule payments up to 60 days
 * ahead", §4 recurrences and Pix Automático): from the local data only — the synced scheduled
 * payments, recurrences, automatic authorizations and payments, the automatic withdrawal's settings, and the BRL balance — the next 60 days with their committed outflows and projected
 * closing balance, and the first day it would go below zero. Recomputed in the page on every change
 * of those lists (a new schedule, an incoming Pix), offline too. Shared by the Pix scheduling area
 * (the calendar) and the banking home (the compact card); the rules are schema/schedule.ts daysAhead
 * and schema/pix-schedule.ts aheadItemsOf.
 */
import { useMemo } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { useList, useLiveQuery } from "../../workers/client.ts"
import { daysAhead, type AheadItem, type DaysAhead } from "../../schema/schedule.ts"
import { aheadItemsOf } from "../../schema/pix-schedule.ts"
import { automaticAheadItems } from "../../schema/pix-automatic.ts"
import { withdrawAheadItems } from "../../schema/pix-withdraw.ts"
import { saoPauloDateKey } from "../../schema/holidays.ts"
import { Card, Skeleton, layout } from "../ui/index.ts"
import { useFormat } from "./use-format.ts"
import { useLocalePath } from "./use-locale-path.ts"
import { pathAllowed } from "./menus.ts"
import { useMenuContext } from "./use-shell-data.ts"
import * as s from "./days-ahead.css.ts"

/** "YYYY-MM-DD" → DD/MM/YYYY (features §2 dates). */
export const showDay = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`

/**
 * The days ahead of a wallet, or undefined while its lists load: every source of committed movements
 * (each a pure function of its synced lists in schema/, giving AheadItems) concatenated, then one
 * daysAhead over them. A new kind of committed outflow (scheduled boletos…) is one more source here.
 */
export function useDaysAhead(walletId: string | null): DaysAhead | undefined {
  const scheduled = useList("scheduled_pix", walletId)
  const recurrences = useList("pix_recurrences", walletId)
  const authorizations = useList("pix_automatic_authorizations", walletId)
  const automaticPayments = useList("pix_automatic_payments", walletId)
  const withdraw = useList("pix_withdraw_settings", walletId)
  const accounts = useLiveQuery(walletId ? { kind: "walletAccounts", walletId } : null)
  return useMemo(() => {
    if (accounts === undefined) return undefined
    const balance = accounts.find((a) => a.currency_symbol === "BRL")?.balance ?? 0
    const today = saoPauloDateKey(new Date())
    const sources: ReadonlyArray<ReadonlyArray<AheadItem>> = [
      // scheduled Pix and recurrences' occurrences (schema/pix-schedule.ts)
      aheadItemsOf(scheduled ?? [], recurrences ?? [], today),
      // Pix Automático's charges and active fixed-value authorizations' occurrences (schema/pix-automatic.ts)
      automaticAheadItems(authorizations ?? [], automaticPayments ?? [], today)
    ]
    const others = sources.flat()
    // the next automatic withdrawal: what it would take from the balance projected to its run (schema/pix-withdraw.ts)
    return daysAhead([...others, ...withdrawAheadItems(withdraw?.[0], others, balance, Date.now())], balance, today)
  }, [scheduled, recurrences, authorizations, automaticPayments, withdraw, accounts])
}

/** The warning on the first day below zero, or nothing. */
export function AheadWarning({ ahead }: { readonly ahead: DaysAhead }) {
  const { t } = useTranslation()
  const f = useFormat()
  if (ahead.firstNegative === null)
    return (
      <p className={layout.muted} data-testid="ahead-ok">
        {t("pixSchedule:ahead.ok")}
      </p>
    )
  const day = ahead.days.find((d) => d.date === ahead.firstNegative)
  return (
    <p className={s.warning} role="alert" data-testid="ahead-warning" data-date={ahead.firstNegative}>
      {t("pixSchedule:ahead.negative", { date: showDay(ahead.firstNegative), balance: f.brl(day?.balance ?? 0) })}
    </p>
  )
}

/** The compact card of the banking home: the warning and the next few days with movements (only where scheduled-pix opens). */
export function DaysAheadCompact({ walletId }: { readonly walletId: string | null }) {
  const allowed = pathAllowed(SCHEDULED_PIX, useMenuContext())
  return allowed ? <Compact walletId={walletId} /> : null
}

const SCHEDULED_PIX = "/banking/pix/scheduled-pix"

function Compact({ walletId }: { readonly walletId: string | null }) {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const ahead = useDaysAhead(walletId)
  const busy = ahead?.days.filter((d) => d.count > 0).slice(0, 4) ?? []
  return (
    <Card title={t("pixSchedule:ahead.title")} data-testid="home-days-ahead">
      {ahead === undefined ? (
        <Skeleton height={60} />
      ) : (
        <div className={layout.stack}>
          <AheadWarning ahead={ahead} />
          {busy.length === 0 ? (
            <p className={layout.muted}>{t("pixSchedule:ahead.none")}</p>
          ) : (
            <ul className={s.strip}>
              {busy.map((d) => (
                <li key={d.date} className={s.stripRow} data-testid="home-ahead-day" data-date={d.date}>
                  <span>{showDay(d.date)}</span>
                  <span className={s.out}>−{f.brl(d.outflow)}</span>
                  <span>{f.brl(d.balance)}</span>
                </li>
              ))}
            </ul>
          )}
          <div>
            <Link to={lp(SCHEDULED_PIX)} data-testid="home-days-ahead-open">
              {t("pixSchedule:ahead.open")}
            </Link>
          </div>
        </div>
      )}
    </Card>
  )
}

/** The calendar of the next 60 days: per day its outflow and closing balance, the first negative day marked. */
export function DaysAheadCalendar({ ahead }: { readonly ahead: DaysAhead }) {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <ol className={s.calendar} aria-label={t("pixSchedule:ahead.calendar")} data-testid="ahead-calendar">
      {ahead.days.map((d) => {
        const cls = [s.day, d.count > 0 ? s.dayBusy : "", d.balance < 0 ? s.dayNegative : ""].join(" ")
        return (
          <li key={d.date} className={cls} data-testid="ahead-day" data-date={d.date} data-balance={d.balance} data-outflow={d.outflow}>
            <span className={s.dayDate}>{showDay(d.date).slice(0, 5)}</span>
            {d.count > 0 ? <span className={s.out}>−{f.brl(d.outflow)}</span> : <span className={layout.muted}>{t("pixSchedule:ahead.nothing")}</span>}
            <span>{f.brl(d.balance)}</span>
          </li>
        )
      })}
    </ol>
  )
}
