/**
 * The days ahead (issue 13, beyond the spec; spec features §1 "schedule payments up to 60 days
 * ahead", §4 recurrences and Pix Automático): from the local data only — the synced scheduled
 * payments, recurrences, automatic authorizations and payments, the automatic withdrawal's settings, and the BRL balance — the next 60 days with their committed outflows and projected
 * closing balance, and the first day it would go below zero. Recomputed in the page on every change
 * of those lists (a new schedule, an incoming Pix), offline too. Shared by the Pix scheduling area
 * (the calendar) and the banking home (the compact card); the rules are schema/schedule.ts daysAhead
 * and schema/pix-schedule.ts aheadItemsOf.
 */
import { useMemo, type ReactNode } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { useList, useLiveQuery } from "../../workers/client.ts"
import { daysAhead, type AheadItem, type DaysAhead } from "../../schema/schedule.ts"
import { aheadItemsOf } from "../../schema/pix-schedule.ts"
import { automaticAheadItems } from "../../schema/pix-automatic.ts"
import { withdrawAheadItems } from "../../schema/pix-withdraw.ts"
import { saoPauloDateKey } from "../../schema/holidays.ts"
import { Card, Skeleton, layout, vars } from "../ui/index.ts"
import { Chart, compactReais, type ChartSeries } from "../ui/chart.tsx"
import { useFormat } from "./use-format.ts"
import { useLocalePath } from "./use-locale-path.ts"
import { pathAllowed } from "./menus.ts"
import { useMenuContext } from "./use-shell-data.ts"
import * as s from "./days-ahead.css.ts"

/** "YYYY-MM-DD" → DD/MM/YYYY (features §2 dates). */
export const showDay = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`

/** Where a movement of the days ahead comes from (the chart's items of a day, issue 31 item 4). */
export type AheadKind = "pix" | "automatic" | "withdraw"
export interface DayItem extends AheadItem {
  readonly kind: AheadKind
}
/** The days ahead with, per day (index as in `days`), the movements that make it. */
export interface AheadView extends DaysAhead {
  readonly items: ReadonlyArray<ReadonlyArray<DayItem>>
}

/** The items of each day of `ahead` (late items count on the first day, as daysAhead counts them). */
export function itemsByDay(ahead: DaysAhead, items: ReadonlyArray<DayItem>): DayItem[][] {
  const index = new Map(ahead.days.map((d, i) => [d.date, i]))
  const first = ahead.days[0]?.date ?? ""
  const out = ahead.days.map((): DayItem[] => [])
  for (const it of items) {
    const i = it.date < first ? 0 : index.get(it.date)
    if (i !== undefined) out[i]?.push(it)
  }
  return out
}

/**
 * The days ahead of a wallet, or undefined while its lists load: every source of committed movements
 * (each a pure function of its synced lists in schema/, giving AheadItems) concatenated, then one
 * daysAhead over them. A new kind of committed outflow (scheduled boletos…) is one more source here.
 */
export function useDaysAhead(walletId: string | null): AheadView | undefined {
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
    const tag = (kind: AheadKind, items: ReadonlyArray<AheadItem>): DayItem[] => items.map((it) => ({ ...it, kind }))
    const sources: ReadonlyArray<ReadonlyArray<DayItem>> = [
      // scheduled Pix and recurrences' occurrences (schema/pix-schedule.ts)
      tag("pix", aheadItemsOf(scheduled ?? [], recurrences ?? [], today)),
      // Pix Automático's charges and active fixed-value authorizations' occurrences (schema/pix-automatic.ts)
      tag("automatic", automaticAheadItems(authorizations ?? [], automaticPayments ?? [], today))
    ]
    const others = sources.flat()
    // the next automatic withdrawal: what it would take from the balance projected to its run (schema/pix-withdraw.ts)
    const all = [...others, ...tag("withdraw", withdrawAheadItems(withdraw?.[0], others, balance, Date.now()))]
    const ahead = daysAhead(all, balance, today)
    return { ...ahead, items: itemsByDay(ahead, all) }
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

/**
 * The next 60 days as a picture (issue 31 item 4 "the days ahead as a projected balance line with the
 * negative days marked and the items of each day on hover and focus"; issue 13): the projected closing
 * balance as a line, each day's outflow as a bar, the days below zero drawn red and said in words, the
 * zero line; a day's items (who, what kind, how much) under the chart when it is hovered or focused with
 * the arrow keys; the same days as a table (src/ui/chart.tsx). Replaces the 60 text cells.
 */
export function DaysAheadCalendar({ ahead }: { readonly ahead: AheadView }) {
  const { t } = useTranslation()
  const f = useFormat()
  const money = (v: number): string => f.brl(v)
  const tick = useMemo(() => ({ left: (v: number) => compactReais(v, f.locale), right: (v: number) => compactReais(v, f.locale) }), [f.locale])
  const hasIn = ahead.days.some((d) => d.inflow > 0)
  const series: ReadonlyArray<ChartSeries> = [
    { key: "balance", label: t("pixSchedule:ahead.balance"), kind: "line", color: vars.color.info, format: money },
    {
      key: "outflow",
      label: t("pixSchedule:ahead.outflow"),
      kind: "bar",
      color: vars.color.warning,
      axis: "right",
      format: (v) => (v > 0 ? `−${money(v)}` : money(0))
    },
    ...(hasIn
      ? [{ key: "inflow", label: t("pixSchedule:ahead.inflow"), kind: "bar" as const, color: vars.color.success, axis: "right" as const, format: money }]
      : [])
  ]
  const points = ahead.days.map((d) => ({ label: showDay(d.date).slice(0, 5), values: { balance: d.balance, outflow: d.outflow, inflow: d.inflow } }))
  const itemText = (it: DayItem): string =>
    `${t(`pixSchedule:ahead.kinds.${it.kind}`)}${it.label ? ` · ${it.label}` : ""}: ${it.amount < 0 ? "−" : "+"}${money(Math.abs(it.amount))}`
  const itemsOf = (i: number, empty = "pixSchedule:ahead.dayEmpty"): ReactNode => {
    const items = ahead.items[i] ?? []
    if (items.length === 0) return <span className={layout.muted}>{t(empty)}</span>
    return (
      <ul className={s.items} data-testid="ahead-items">
        {items.map((it, k) => (
          <li key={k}>{itemText(it)}</li>
        ))}
      </ul>
    )
  }
  return (
    <div data-testid="ahead-calendar">
      <Chart
        title={t("pixSchedule:ahead.calendar")}
        testId="ahead-chart"
        points={points}
        series={series}
        tick={tick}
        zeroLine
        negative={(i) => (ahead.days[i]?.balance ?? 0) < 0}
        pointHeader={t("pixSchedule:ahead.day")}
        pointName={(i) => f.day(ahead.days[i]?.date ?? "")}
        detail={(i) => itemsOf(i)}
        describe={(i) => ((ahead.items[i] ?? []).length === 0 ? t("pixSchedule:ahead.dayEmpty") : (ahead.items[i] ?? []).map(itemText).join("; "))}
        tableExtra={[{ header: t("pixSchedule:ahead.items"), cell: (i) => itemsOf(i, "pixSchedule:ahead.nothing") }]}
        rowTestId="ahead-day"
        rowAttrs={(i) => {
          const d = ahead.days[i]
          return d ? { "data-date": d.date, "data-balance": d.balance, "data-outflow": d.outflow } : {}
        }}
        attrs={{ "data-first-negative": ahead.firstNegative ?? "" }}
      />
    </div>
  )
}
