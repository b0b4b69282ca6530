/**
 * /control-panel/security/approval/settings (spec features §2, permission
 * get-permissions-transaction-approval-settings-pix-payment; §3 approval setting "minimum value,
 * number of approvers (1 to 100)"; §5 "approvers minimum 1, maximum 100. Only one configuration
 * per wallet"; §8 "Approval configuration already exists for wallet"). Shows the wallet's rule;
 * with the post permission: create it when there is none, edit it, remove it (danger
 * confirmation). The form checks 1..100 itself; the sandbox checks again and its messages
 * (APPROVAL_SETTING_ALREADY_EXISTS, field errors) are shown translated.
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { EngineError, getEngine, runCommand } from "../../../workers/client.ts"
import type { ApprovalSetting } from "../../../schema/entities.ts"
import { parseMoneyInput } from "../../../schema/validation.ts"
import { errorI18nKey, errorKeyOf } from "../../lib/errors.ts"
import { confirmDialog, toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useSyncedList } from "../../lib/use-synced-list.ts"
import { Button, Card, centsToInput, EmptyState, layout, MoneyField, PageHeader, Skeleton, TextField, useMoneyLocale } from "../../ui/index.ts"
import { APPROVERS_MAX, APPROVERS_MIN, approversError, minValueError, type FieldError } from "./approval-rules.ts"
import * as s from "./approval.css.ts"
import { NoPermission, PermissionsLoading } from "./no-permission.tsx"
import { useApprovalScope } from "./use-approval-scope.ts"

export function SettingsPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const { known, wallet, walletId, canSeeSettings, canEditSettings } = useApprovalScope()
  // the wallet's setting from the store (the synced list `approval_settings`), with a pending change laid over it (C7)
  const load = useSyncedList("approval_settings", canSeeSettings ? walletId : null)
  const [editing, setEditing] = useState(false)
  // a new rule being typed stays on screen when someone else's rule arrives meanwhile (nothing typed is lost;
  // the server then refuses the second one with its message, features §5/§8)
  const [drafting, setDrafting] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  useEffect(() => {
    document.title = `${t("approval:settings.title")} · ${t("common:appName")}`
  }, [t])
  useEffect(() => {
    setEditing(false)
    setDrafting(false)
  }, [walletId])

  const remove = async (setting: ApprovalSetting): Promise<void> => {
    const ok = await confirmDialog({
      title: t("approval:settings.removeTitle"),
      html: t("approval:settings.removeMessage"),
      variant: "danger",
      confirmLabel: t("approval:settings.removeConfirm"),
      cancelLabel: t("common:actions.cancel")
    })
    if (!ok) return
    setNotice(null)
    try {
      await runCommand(setting.wallet_id, { name: "v1.approval.deleteSetting", payload: { id: setting.id } })
      toast("success", t("approval:settings.removed"))
    } catch (e) {
      toast("error", t(errorI18nKey(e)))
    }
  }

  if (!known || !canSeeSettings) {
    return (
      <div className={layout.page} data-testid="approval-settings-page">
        <PageHeader title={t("approval:settings.title")} />
        {known ? <NoPermission page="settings" /> : <PermissionsLoading />}
      </div>
    )
  }
  const setting = load.state === "ready" ? (load.rows[0] ?? null) : null
  return (
    <div className={layout.page} data-testid="approval-settings-page">
      <PageHeader title={t("approval:settings.title")} subtitle={t("approval:settings.subtitle", { wallet: wallet?.name ?? "" })} />
      {notice ? (
        <p className={layout.errorText} role="alert" data-testid="settings-error">
          {notice}
        </p>
      ) : null}
      {!canEditSettings ? (
        <p className={layout.muted} role="note">
          {t("approval:settings.readOnly")}
        </p>
      ) : null}
      {drafting && setting !== null ? (
        <p className={layout.muted} role="status" data-testid="setting-meanwhile">
          {t("approval:settings.createdMeanwhile")}
        </p>
      ) : null}

      {load.state === "loading" ? (
        <Card className={s.narrow}>
          <Skeleton height={120} />
        </Card>
      ) : load.state === "error" ? (
        <Card className={s.narrow}>
          <EmptyState
            title={t("approval:settings.loadError")}
            message={t(`errors:${load.key}`)}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  void load.retry().catch(() => undefined)
                }}
              >
                {t("approval:settings.retry")}
              </Button>
            }
          />
        </Card>
      ) : editing || drafting || (setting === null && canEditSettings) ? (
        <SettingForm
          key={drafting ? "new" : (setting?.id ?? "new")}
          walletId={walletId ?? ""}
          setting={drafting ? null : setting}
          onTyped={() => {
            if (setting === null) setDrafting(true)
          }}
          onCancel={setting && !drafting ? () => setEditing(false) : undefined}
          onSaved={(created) => {
            setEditing(false)
            setDrafting(false)
            setNotice(null)
            toast("success", created ? t("approval:settings.created") : t("approval:settings.updated"))
          }}
          onConflict={(key) => {
            setEditing(false)
            setDrafting(false)
            setNotice(t(`errors:${key}`))
            void getEngine()
              .rpc.pullLists({ lists: ["approval_settings"], walletId: walletId ?? "" })
              .catch(() => undefined)
          }}
        />
      ) : setting === null ? (
        <Card className={s.narrow} data-testid="setting-none">
          <EmptyState title={t("approval:settings.none")} />
        </Card>
      ) : (
        <Card className={s.narrow} title={t("approval:settings.current")} data-testid="setting-current" data-setting-id={setting.id}>
          <dl className={layout.dl}>
            <dt className={layout.dt}>{t("approval:settings.minValue")}</dt>
            <dd className={layout.dd}>
              <span className={s.settingValue} data-testid="setting-min">
                {f.brl(setting.min_value)}
              </span>
            </dd>
            <dt className={layout.dt}>{t("approval:settings.approvers")}</dt>
            <dd className={layout.dd}>
              <span className={s.settingValue} data-testid="setting-approvers">
                {String(setting.approvers)}
              </span>
            </dd>
          </dl>
          <p className={layout.muted} style={{ marginTop: 12 }}>
            {t("approval:settings.summary", { amount: f.brl(setting.min_value), count: setting.approvers })}
          </p>
          {canEditSettings ? (
            <div className={layout.actions} style={{ marginTop: 16 }}>
              <Button
                variant="danger"
                onClick={() => {
                  void remove(setting)
                }}
                data-testid="setting-remove"
              >
                {t("approval:settings.remove")}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(null)
                  setEditing(true)
                }}
                data-testid="setting-edit"
              >
                {t("approval:settings.edit")}
              </Button>
            </div>
          ) : null}
        </Card>
      )}
      <p className={layout.muted}>{t("approval:settings.oneRule")}</p>
    </div>
  )
}

function SettingForm({
  walletId,
  setting,
  onTyped,
  onCancel,
  onSaved,
  onConflict
}: {
  readonly walletId: string
  readonly setting: ApprovalSetting | null
  /** The user typed in it (a new rule's form then stays until it is sent or refused). */
  readonly onTyped: () => void
  readonly onCancel: (() => void) | undefined
  readonly onSaved: (created: boolean) => void
  readonly onConflict: (key: string) => void
}) {
  const { t } = useTranslation()
  const money = useMoneyLocale()
  const [minText, setMinText] = useState(setting ? centsToInput(setting.min_value, money) : "")
  const [approvers, setApprovers] = useState(setting ? String(setting.approvers) : "")
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [server, setServer] = useState<{ readonly min_value: FieldError | undefined; readonly approvers: FieldError | undefined }>({
    min_value: undefined,
    approvers: undefined
  })
  const cents = parseMoneyInput(minText, money)
  const minErr = minValueError(minText, cents)
  const apprErr = approversError(approvers)
  const msg = (e: FieldError | undefined): string | null => (e ? t(e.key, e.params ?? {}) : null)

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setFormError(null)
    setServer({ min_value: undefined, approvers: undefined })
    if (minErr || apprErr || cents === null) return
    setBusy(true)
    const body = { min_value: cents, approvers: Number(approvers.trim()) }
    try {
      await runCommand(walletId, { name: "v1.approval.saveSetting", payload: setting ? { id: setting.id, ...body } : body })
      onSaved(setting === null)
    } catch (err) {
      const key = errorKeyOf(err)
      if (key === "APPROVAL_SETTING_ALREADY_EXISTS" || key === "APPROVAL_SETTING_NOT_FOUND") {
        onConflict(key)
        return
      }
      const fields = err instanceof EngineError ? err.fields : undefined
      const fieldErr = (name: "min_value" | "approvers"): FieldError | undefined => {
        const k = fields?.[name]
        if (!k) return undefined
        const params =
          k === "VALIDATION_MIN_VALUE" ? { min: name === "approvers" ? APPROVERS_MIN : "0,01" } : k === "VALIDATION_MAX_VALUE" ? { max: APPROVERS_MAX } : {}
        return { key: `validation:${k}`, params }
      }
      setServer({ min_value: fieldErr("min_value"), approvers: fieldErr("approvers") })
      setFormError(t(errorI18nKey(err)))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className={s.narrow} title={setting ? t("approval:settings.editTitle") : t("approval:settings.createTitle")} data-testid="setting-form">
      <form
        className={layout.form}
        onSubmit={(e) => {
          void submit(e)
        }}
        noValidate
      >
        {formError ? (
          <p className={layout.errorText} role="alert" data-testid="setting-form-error">
            {formError}
          </p>
        ) : null}
        <MoneyField
          label={t("approval:settings.minValue")}
          hint={t("approval:settings.minValueHint")}
          value={minText}
          required
          onChange={(v) => {
            setMinText(v)
            onTyped()
            setServer((x) => ({ ...x, min_value: undefined }))
          }}
          error={(submitted ? msg(minErr ?? undefined) : null) ?? msg(server.min_value)}
          data-testid="setting-min-input"
        />
        <TextField
          label={t("approval:settings.approvers")}
          hint={t("approval:settings.approversHint")}
          value={approvers}
          required
          onChange={(v) => {
            setApprovers(v.replace(/[^\d]/g, "").slice(0, 4))
            onTyped()
            setServer((x) => ({ ...x, approvers: undefined }))
          }}
          inputMode="numeric"
          autoComplete="off"
          error={(submitted ? msg(apprErr ?? undefined) : null) ?? msg(server.approvers)}
          data-testid="setting-approvers-input"
        />
        <div className={layout.actions}>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel}>
              {t("approval:settings.cancel")}
            </Button>
          ) : null}
          <Button type="submit" busy={busy} data-testid="setting-submit">
            {setting ? t("approval:settings.save") : t("approval:settings.create")}
          </Button>
        </div>
      </form>
    </Card>
  )
}
