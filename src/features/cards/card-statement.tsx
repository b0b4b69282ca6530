/**
 * The card statement (spec features §2 cards "statements", §1 "view card statements"): purchases
 * of one or all cards, filtered by text, the date presets of core §9, status (approved = completed,
 * declined = failed) and amount, with totals — read locally through the SAME statement projection
 * as the account statement (the `statements` live query, filtered to CARD_PURCHASE rows), not a
 * copy of it. One card is selected by its tag in the description (`•••• 1234`, written by the
 * sandbox's card processor); with a card chosen, the text narrows by merchant (D-cards-statement).
 * Live: a purchase made at a shop while the page is open arrives by the stream and shows here.
 * Spending over time (issue 31 item 4): the approved purchases of the filter as a chart.
 */
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import type { StatementSeriesView } from "../../../workers/results.ts"
import { parseMoneyInput } from "../../../schema/validation.ts"
import { DATE_PRESETS, presetRange, type DatePreset } from "../../lib/date-presets.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Card, EmptyState, MoneyField, Select, Skeleton, TextField, layout, vars } from "../../ui/index.ts"
import { Chart, compactReais } from "../../ui/chart.tsx"
import { cardFilterText, type CardView } from "./card-rules.ts"
import * as s from "./cards.css.ts"

const STATUS = { all: undefined, approved: ["completed"], declined: ["failed"], pending: ["pending"] } as const
type StatusKey = keyof typeof STATUS

export function CardStatement({
  cards,
  walletId,
  only
}: {
  readonly cards: ReadonlyArray<CardView>
  readonly walletId: string | null
  readonly only?: CardView
}) {
  const { t } = useTranslation()
  const f = useFormat()
  const [cardId, setCardId] = useState(only?.id ?? "")
  const [text, setText] = useState("")
  const [preset, setPreset] = useState<DatePreset | "">("")
  const [status, setStatus] = useState<StatusKey>("all")
  const [minText, setMinText] = useState("")
  const [maxText, setMaxText] = useState("")
  const withDigits = cards.filter((c) => c.last_four !== null)
  const chosen = withDigits.find((c) => c.id === cardId)
  const min = minText.trim() === "" ? null : parseMoneyInput(minText, f.locale)
  const max = maxText.trim() === "" ? null : parseMoneyInput(maxText, f.locale)
  const query = useMemo(() => {
    if (walletId === null) return null
    const typed = text.trim()
    // one card: its tag, then the merchant typed (descriptions read "… •••• 1234 - Merchant")
    const q = chosen?.last_four ? `${cardFilterText(chosen.last_four)}${typed !== "" ? ` - ${typed}` : ""}` : typed
    const range = preset === "" ? {} : presetRange(preset, Date.now())
    const st = STATUS[status]
    return {
      walletIds: [walletId],
      types: ["CARD_PURCHASE"],
      currency: "BRL",
      ...(q !== "" ? { text: q } : {}),
      ...range,
      ...(st !== undefined ? { statuses: [...st] } : {}),
      ...(min !== null ? { minAmount: min } : {}),
      ...(max !== null ? { maxAmount: max } : {}),
      sort: { by: "created_at" as const, dir: "desc" as const }
    }
  }, [walletId, chosen?.last_four, text, preset, status, min, max])
  const rows = useLiveQuery(query === null ? null : { kind: "statements", query: { ...query, limit: 50 } })
  const approved = useLiveQuery(
    query === null || status === "declined" || status === "pending" ? null : { kind: "statements", query: { ...query, statuses: ["completed"], limit: 0 } }
  )
  const declined = useLiveQuery(
    query === null || status === "approved" || status === "pending" ? null : { kind: "statements", query: { ...query, statuses: ["failed"], limit: 0 } }
  )
  // issue 31 item 4 "card spending over time": the approved purchases of the same filter per day (per month past
  // 120 days), from the statement projection's chart series (the `statementSeries` live query; live as the rows are)
  const spending = useLiveQuery(
    query === null || status === "declined" || status === "pending"
      ? null
      : { kind: "statementSeries", query: { ...omitWindow(query), statuses: ["completed"] }, unit: "auto" }
  )
  const cardLabel = (c: CardView): string =>
    `${t(c.virtual ? "cards:kind.virtual" : "cards:kind.physical")} ${cardFilterText(c.last_four ?? "")}${c.nickname !== "" ? ` · ${c.nickname}` : ""}`
  const headingId = only ? `purchases-${only.id}` : "card-statement-title"
  return (
    <section aria-labelledby={headingId} className={layout.stack} data-testid="card-statement">
      <h2 id={headingId}>{only ? t("cards:detail.purchases") : t("cards:statement.title")}</h2>
      <p className={layout.muted}>{t("cards:statement.live")}</p>
      <Card>
        <div className={s.filters}>
          {only ? null : (
            <Select
              label={t("cards:statement.card")}
              value={cardId}
              onChange={setCardId}
              data-testid="statement-card"
              options={[{ value: "", label: t("cards:statement.allCards") }, ...withDigits.map((c) => ({ value: c.id, label: cardLabel(c) }))]}
            />
          )}
          <TextField
            label={t("cards:statement.text")}
            hint={t("cards:statement.textHint")}
            value={text}
            onChange={setText}
            type="search"
            autoComplete="off"
            data-testid="statement-text"
          />
          <Select
            label={t("cards:statement.period")}
            value={preset}
            onChange={(v) => setPreset(v as DatePreset | "")}
            data-testid="statement-period"
            options={[{ value: "", label: t("cards:statement.allTime") }, ...DATE_PRESETS.map((p) => ({ value: p, label: t(`cards:statement.presets.${p}`) }))]}
          />
          <Select
            label={t("cards:statement.status")}
            value={status}
            onChange={(v) => setStatus(v as StatusKey)}
            data-testid="statement-status"
            options={[
              { value: "all", label: t("cards:statement.allStatuses") },
              { value: "approved", label: t("cards:statement.approved") },
              { value: "declined", label: t("cards:statement.declined") },
              { value: "pending", label: t("cards:statement.pendingStatus") }
            ]}
          />
          <MoneyField
            label={t("cards:statement.min")}
            value={minText}
            onChange={(v) => setMinText(v)}
            error={minText.trim() !== "" && min === null ? t("validation:VALIDATION_MONEY") : null}
          />
          <MoneyField
            label={t("cards:statement.max")}
            value={maxText}
            onChange={(v) => setMaxText(v)}
            error={maxText.trim() !== "" && max === null ? t("validation:VALIDATION_MONEY") : null}
          />
        </div>
      </Card>
      <div className={s.totals} data-testid="statement-totals">
        <span>
          {t("cards:statement.total")}
          <br />
          <span className={s.totalValue} data-testid="statement-approved-total">
            {f.brl(approved?.sumOut ?? 0)}
          </span>
        </span>
        <span>{t("cards:statement.count", { count: rows?.total ?? 0 })}</span>
        <span className={s.declined}>{t("cards:statement.declinedCount", { count: declined?.total ?? 0 })}</span>
      </div>
      {spending && spending.points.length > 0 ? <SpendingChart series={spending} /> : null}
      {rows === undefined ? (
        <Card>
          <Skeleton height={120} />
          <span className={layout.muted}>{t("cards:statement.loading")}</span>
        </Card>
      ) : rows.rows.length === 0 ? (
        <Card>
          <EmptyState title={t("cards:statement.empty")} />
        </Card>
      ) : (
        <div style={{ overflowX: "auto" }}>
          <table className={s.table} data-testid="statement-rows">
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  {t("cards:statement.date")}
                </th>
                <th className={s.th} scope="col">
                  {t("cards:statement.description")}
                </th>
                <th className={s.th} scope="col">
                  {t("cards:statement.status")}
                </th>
                <th className={s.th} scope="col" style={{ textAlign: "right" }}>
                  {t("cards:statement.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.rows.map((r) => (
                <tr key={r.id} data-testid="statement-row" data-status={r.status}>
                  <td className={s.td}>{f.dateTime(r.created_at)}</td>
                  <td className={s.td}>{r.description}</td>
                  <td className={s.td}>
                    {r.status === "failed" ? (
                      <span className={s.declined}>{t("cards:statement.declined")}</span>
                    ) : r.status === "completed" ? (
                      t("cards:statement.approved")
                    ) : (
                      t("cards:statement.pendingStatus")
                    )}
                  </td>
                  <td className={s.tdNum}>{f.brl(-r.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

const omitWindow = <Q extends { readonly sort?: unknown }>(q: Q): Omit<Q, "sort"> => {
  const { sort: _s, ...rest } = q
  return rest
}

/** The approved purchases of the filter over time (issue 31 item 4): a bar per day or month, its table and keyboard focus (src/ui/chart.tsx). */
export function SpendingChart({ series }: { readonly series: StatementSeriesView }) {
  const { t } = useTranslation()
  const f = useFormat()
  const monthly = series.unit === "month"
  const tick = useMemo(() => ({ left: (v: number) => compactReais(v, f.locale) }), [f.locale])
  const name = (key: string): string => (monthly ? `${key.slice(5, 7)}/${key.slice(0, 4)}` : f.day(key))
  const total = series.points.reduce((a, p) => a + p.sumOut, 0)
  return (
    <Card>
      <Chart
        title={t(monthly ? "cards:statement.chartMonthly" : "cards:statement.chartDaily")}
        testId="card-spending-chart"
        points={series.points.map((p) => ({ label: monthly ? name(p.key) : name(p.key).slice(0, 5), values: { spent: p.sumOut } }))}
        series={[{ key: "spent", label: t("cards:statement.spent"), kind: "bar", color: vars.color.primary, format: (v) => f.brl(v) }]}
        tick={tick}
        pointHeader={t(monthly ? "cards:statement.month" : "cards:statement.day")}
        pointName={(i) => name(series.points[i]?.key ?? "")}
        attrs={{ "data-total": total, "data-unit": series.unit }}
      />
    </Card>
  )
}
