/**
 * /banking/coins (spec core §2.1 "balances and conversion", features §2 coins, permission
 * get-operations-wallet-accounts): the current wallet's balance per currency with its decimals
 * (BRL cents, BTC/ETH 8, USDT 6; core §9), the blocked BRL balance (core §2.4 "BLOCKED: R$
 * value"), pending command effects marked pending (DESIGN "Commands"), conversion on the default
 * wallet only (features §6; elsewhere the page says why), trends (core §7; with this build's
 * coinTrends flag off, core §1, the fixed sample of core §7 without a call, and the page says so)
 * and portfolio statements (features §7). Balances are not loaded while onboarding is pending (core §4).
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react"
import { useSearchParams } from "react-router"
import { useTranslation } from "react-i18next"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import type { Currency, TrendSample } from "../../../schema/entities.ts"
import { CURRENCY_DECIMALS, LOCKED_CURRENCIES, type CurrencySymbol } from "../../../schema/common.ts"
import { hasPermission, P } from "../../../schema/permissions.ts"
import { FEATURES } from "../../config/features.ts"
import { useAppState } from "../../lib/app-state.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useActions, useCurrentWallet } from "../../lib/use-shell-data.ts"
import { HIDDEN_BALANCE, useShowBalances } from "../../lib/use-show-balances.ts"
import { BalanceCard, Badge, Card, EmptyState, EyeIcon, EyeOffIcon, IconButton, PageHeader, Skeleton, layout } from "../../ui/index.ts"
import { ConvertPanel } from "./convert-panel.tsx"
import { Portfolio } from "./portfolio.tsx"
import { SAMPLE_TRENDS } from "./sample-trends.ts"
import * as s from "./coins.css.ts"

const TrendsCharts = lazy(() => import("./trends-chart.tsx"))

/** core §1 / §7: live trends only while the flag is on. */
const TRENDS_LIVE = FEATURES.coinTrends

export function CoinsPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const [params] = useSearchParams()
  const wallet = useCurrentWallet()
  const actions = useActions()
  const enabled = useAppState((st) => st.accountsEnabled)
  const [show, setShow] = useShowBalances()
  const accounts = useLiveQuery(wallet && enabled ? { kind: "walletAccounts", walletId: wallet.id } : null)
  const pending = useLiveQuery(wallet && enabled ? { kind: "pendingBalance", walletId: wallet.id } : null)
  const sorted = useMemo(() => [...(accounts ?? [])].sort((a, b) => a.currency_id - b.currency_id), [accounts])
  const [currencies, setCurrencies] = useState<ReadonlyArray<Currency> | null>(null)
  const [trends, setTrends] = useState<ReadonlyArray<TrendSample> | null>(TRENDS_LIVE ? null : SAMPLE_TRENDS)
  const [trendsError, setTrendsError] = useState<string | null>(null)
  const [refreshKey, setRefreshKey] = useState(0)
  const settled = useCallback(() => setRefreshKey((k) => k + 1), [])
  useEffect(() => {
    document.title = `${t("coins:title")} · ${t("common:appName")}`
  }, [t])
  useEffect(() => {
    let live = true
    // core §8: a failed currency load clears the list
    getEngine()
      .call("currencies")
      .then(
        (r) => {
          if (live) setCurrencies(r.data)
        },
        () => {
          if (live) setCurrencies([])
        }
      )
    if (TRENDS_LIVE) {
      getEngine()
        .call("trends")
        .then(
          (r) => {
            if (live) setTrends(r.data)
          },
          (e: unknown) => {
            if (live) {
              setTrends([])
              setTrendsError(errorI18nKey(e))
            }
          }
        )
    }
    return () => {
      live = false
    }
  }, [])

  if (!wallet)
    return (
      <div className={layout.page} data-testid="coins-page">
        <Skeleton height={200} />
      </div>
    )
  const canConvertHere = hasPermission(actions, P.postConversion)
  const locked = (c: string): boolean => (LOCKED_CURRENCIES as ReadonlyArray<string>).includes(c)

  return (
    <div className={layout.page} data-testid="coins-page">
      <PageHeader title={t("coins:title")} subtitle={t("coins:walletLine", { name: wallet.name })} />
      <Card
        title={t("coins:balances.title")}
        data-testid="coins-balances"
        actions={
          <IconButton label={show ? t("coins:balances.hide") : t("coins:balances.show")} onClick={() => setShow(!show)} aria-pressed={!show}>
            {show ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        }
      >
        {!enabled ? (
          <EmptyState title={t("coins:balances.unavailableTitle")} message={t("coins:balances.unavailable")} />
        ) : accounts === undefined ? (
          <div className={s.balances} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={88} />
            ))}
          </div>
        ) : sorted.length === 0 ? (
          <EmptyState title={t("coins:balances.empty")} />
        ) : (
          <div className={s.balances}>
            {sorted.map((a) => {
              const decimals = a.currency_decimal || CURRENCY_DECIMALS[a.currency_symbol as CurrencySymbol]
              return (
                <div key={a.id} data-testid={`coins-balance-${a.currency_symbol}`} data-balance={a.balance} data-pending-delta={a.pendingDelta}>
                  <BalanceCard
                    label={t("coins:balances.label", { symbol: a.currency_symbol })}
                    amount={show ? f.amount(a.balance, a.currency_symbol, decimals) : HIDDEN_BALANCE}
                    blocked={
                      a.currency_symbol === "BRL"
                        ? t("coins:balances.blocked", { value: show ? f.brl(pending?.pending_balance ?? 0) : HIDDEN_BALANCE })
                        : undefined
                    }
                    pending={a.pendingDelta !== 0 ? t("coins:balances.pending") : undefined}
                    menu={locked(a.currency_symbol) ? <Badge tone="neutral">{t("coins:balances.locked")}</Badge> : undefined}
                  />
                </div>
              )
            })}
          </div>
        )}
      </Card>

      <div className={s.columns}>
        {wallet.default && canConvertHere && enabled ? (
          <ConvertPanel
            wallet={wallet}
            accounts={accounts ?? []}
            accountsLoading={accounts === undefined}
            currencies={currencies}
            initialFrom={params.get("from")}
            onSettled={settled}
          />
        ) : (
          <Card title={t("coins:convert.title")} data-testid="convert-unavailable">
            <EmptyState
              title={t("coins:convert.unavailableTitle")}
              message={!wallet.default ? t("coins:convert.onlyDefault") : !enabled ? t("coins:balances.unavailable") : t("coins:convert.noPermission")}
            />
          </Card>
        )}
        <Card title={t("coins:trends.title")} data-testid="trends" data-sample={TRENDS_LIVE ? undefined : "true"}>
          {TRENDS_LIVE ? null : (
            <p className={layout.muted} data-testid="trends-sample-note">
              {t("coins:trends.sample")}
            </p>
          )}
          {trends === null ? (
            <Skeleton height={180} />
          ) : trends.length === 0 ? (
            <EmptyState title={trendsError ? t(trendsError) : t("coins:trends.empty")} />
          ) : (
            <Suspense fallback={<Skeleton height={180} />}>
              <TrendsCharts samples={trends} />
            </Suspense>
          )}
        </Card>
      </div>
      {enabled ? <Portfolio walletId={wallet.id} refreshKey={refreshKey} /> : null}
    </div>
  )
}
