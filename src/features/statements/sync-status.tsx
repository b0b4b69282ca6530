/**
 * Sync progress while statement rows still arrive (DESIGN "Progress is observable (rows done /
 * total) and shown to the user"; issue 5 "sync progress while rows are still arriving"): the
 * statement lists of the selected wallets from the live `syncProgress`; hidden once all are done.
 */
import { memo } from "react"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import { layout } from "../../ui/index.ts"
import * as s from "./statements.css.ts"

/** Memoised: a keystroke in the filter keeps the same wallet list (and loaded rows until its answer). */
export const SyncStatus = memo(function SyncStatus({
  walletIds,
  loadedRows
}: {
  readonly walletIds: ReadonlyArray<string>
  readonly loadedRows: number | undefined
}) {
  const { t, i18n } = useTranslation()
  const loc = i18n.language === "en" ? "en-US" : "pt-BR"
  const progress = useLiveQuery({ kind: "syncProgress" })
  const lists = walletIds.map((id) => progress?.lists[`statements:${id}`]).filter((l) => l !== undefined)
  const pulling = lists.some((l) => l.state === "pulling" || l.state === "idle")
  const failed = lists.some((l) => l.state === "error")
  if (progress === undefined || (!pulling && !failed)) return null
  const done = lists.reduce((n, l) => n + l.done, 0)
  const total = lists.reduce((n, l) => n + Math.max(l.total, l.done), 0)
  const pct = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0
  return (
    <div className={s.syncBox} role="status" data-testid="statement-sync" data-done={done} data-total={total}>
      <span className={layout.spread}>
        <strong>{failed && !pulling ? t("statements:sync.error") : t("statements:sync.pulling")}</strong>
        <span className={layout.muted}>{t("statements:sync.rows", { done: done.toLocaleString(loc), total: total.toLocaleString(loc) })}</span>
      </span>
      <progress className={s.progress} max={100} value={pct} aria-label={t("statements:sync.pulling")} />
      {loadedRows !== undefined ? (
        <span className={layout.muted}>{t("statements:sync.local", { count: loadedRows, rows: loadedRows.toLocaleString(loc) })}</span>
      ) : null}
    </div>
  )
})
