/**
 * MED — contesting a sent Pix (issue 32 item 1; BCB's Mecanismo Especial de Devolução self-service;
 * docs/decisions.md D-pix-med). `MedOpen` (/banking/pix/med/new, reached from a sent Pix's row in the Pix
 * statement and from its receipt) asks the reason and a description and opens the contest through the
 * outbox with the PIN, deduplicated by the Pix so a double click or a second tab sends one. `MedContests`
 * (/banking/pix/med) lists the wallet's contests live from the synced `pix_med_contests`: as payer (opened,
 * under analysis, accepted with what came back, refused with its reason, the 7-day deadline) and as
 * receiver (what is blocked, and the defence while the analysis lasts). `MedOnPix` is the contest of one
 * Pix, shown on its statement row's detail.
 */
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router"
import { submitCommand, useList, useLiveQuery } from "../../../workers/client.ts"
import { MED_REASONS, MED_WINDOW_DAYS, isMedOpen, medTextProblem, medWindowEnd, type MedReason, type PixMedContest } from "../../../schema/pix-med.ts"
import { isFinished } from "../../lib/command-phase.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Badge, Button, Card, EmptyState, Select, Skeleton, TextField, layout, type Tone } from "../../ui/index.ts"
import * as s from "./pix.css.ts"

const TONE: Readonly<Record<PixMedContest["status"], Tone>> = { opened: "info", under_analysis: "warning", accepted: "success", refused: "danger" }

/** The form that opens a contest of one sent Pix (its end-to-end id, amount, receiver and time come in the address). */
export function MedOpen() {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const [params] = useSearchParams()
  const wallet = useCurrentWallet()
  const e2e = params.get("e2e") ?? ""
  const amount = Number(params.get("amount") ?? "0")
  const name = params.get("name") ?? ""
  const at = params.get("at") ?? ""
  const contests = useList("pix_med_contests", wallet?.id ?? null)
  const commands = useLiveQuery({ kind: "commands" })
  const [reason, setReason] = useState<MedReason | "">("")
  const [description, setDescription] = useState("")
  const [errors, setErrors] = useState<{ reason?: string; description?: string }>({})
  const [commandId, setCommandId] = useState<string | null>(null)
  const [submitError, setSubmitError] = useState<string | null>(null)
  const mine = commands?.filter((c) => c.body.name === "v1.pixMed.open" && (c.body.payload as { end_to_end_id?: string }).end_to_end_id === e2e)
  const command = mine?.find((c) => c.id === commandId) ?? mine?.find((c) => !isFinished(c.state))
  const sending = command !== undefined && !isFinished(command.state)
  const existing = contests?.find((c) => c.end_to_end_id === e2e && !c.id.startsWith("pending:"))

  if (e2e === "" || !Number.isSafeInteger(amount) || amount <= 0)
    return (
      <Card>
        <EmptyState title={t("pix:med.open.missing")} />
      </Card>
    )

  const submit = (e: FormEvent): void => {
    e.preventDefault()
    setSubmitError(null)
    const next: { reason?: string; description?: string } = {}
    if (reason === "") next.reason = t("pix:med.open.reasonRequired")
    const dp = medTextProblem(description, false)
    if (dp !== null) next.description = t("pix:med.open.descriptionInvalid")
    setErrors(next)
    if (next.reason !== undefined || next.description !== undefined || reason === "" || !wallet || sending) return
    submitCommand(
      wallet.id,
      { name: "v1.pixMed.open", payload: { end_to_end_id: e2e, reason, description: description.trim(), amount, receiver_name: name, paid_at: at } },
      `pix-med:${e2e}`
    ).then(setCommandId, (err: unknown) => setSubmitError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") })))
  }

  return (
    <div className={layout.stack} data-testid="med-open-page">
      <Card>
        <h2>{t("pix:med.open.title")}</h2>
        <p className={layout.muted}>{t("pix:med.open.intro", { days: MED_WINDOW_DAYS })}</p>
        <dl className={s.beneficiary} data-testid="med-open-pix" data-e2e={e2e} data-amount={amount}>
          <dt>{t("pix:med.receiver")}</dt>
          <dd>{name}</dd>
          <dt>{t("pix:med.amount")}</dt>
          <dd>{f.brl(amount)}</dd>
          {at !== "" && !Number.isNaN(Date.parse(at)) ? (
            <>
              <dt>{t("pix:med.paidAt")}</dt>
              <dd>{f.dateTime(at)}</dd>
              <dt>{t("pix:med.open.windowEnd")}</dt>
              <dd>{f.dateTime(new Date(medWindowEnd(at)).toISOString())}</dd>
            </>
          ) : null}
          <dt>{t("pix:med.e2e")}</dt>
          <dd>{e2e}</dd>
        </dl>
      </Card>
      {command !== undefined ? (
        <Card>
          <p role="status" data-testid="med-open-result" data-state={command.state}>
            {command.state === "confirmed"
              ? t("pix:med.open.done")
              : command.state === "awaiting-pin"
                ? t("pix:med.open.awaitingPin")
                : sending
                  ? t("pix:med.open.sending")
                  : t("pix:med.open.refused")}
          </p>
          {command.error_key ? (
            <p className={layout.errorText} data-testid="med-open-error">
              {t(`errors:${command.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          {command.state === "confirmed" ? (
            <Link to={lp("/banking/pix/med")} data-testid="med-open-follow">
              {t("pix:med.open.follow")}
            </Link>
          ) : null}
        </Card>
      ) : null}
      {existing !== undefined && command?.state !== "confirmed" ? (
        <Card>
          <p role="status" data-testid="med-open-existing" data-status={existing.status}>
            {t("pix:med.open.already", { status: t(`pix:med.status.${existing.status}`) })}
          </p>
          <Link to={lp("/banking/pix/med")}>{t("pix:med.open.follow")}</Link>
        </Card>
      ) : command?.state === "confirmed" || sending ? null : (
        <Card>
          <form onSubmit={submit} className={layout.stack} noValidate data-testid="med-open-form">
            <Select
              label={t("pix:med.reason")}
              value={reason}
              onChange={(v) => setReason(v as MedReason | "")}
              placeholder={t("pix:med.open.reasonPlaceholder")}
              options={MED_REASONS.map((r) => ({ value: r, label: t(`pix:med.reasons.${r}`) }))}
              error={errors.reason}
              required
              data-testid="med-open-reason"
            />
            <TextField
              label={t("pix:med.description")}
              value={description}
              onChange={setDescription}
              maxLength={140}
              hint={t("pix:med.open.descriptionHint")}
              error={errors.description}
              data-testid="med-open-description"
            />
            {submitError ? (
              <p className={layout.errorText} role="alert" data-testid="med-open-submit-error">
                {submitError}
              </p>
            ) : null}
            <div>
              <Button type="submit" data-testid="med-open-submit">
                {t("pix:med.open.submit")}
              </Button>
            </div>
          </form>
        </Card>
      )}
    </div>
  )
}

/** The wallet's contests, as payer and as receiver, live. */
export function MedContests() {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const rows = useList("pix_med_contests", wallet?.id ?? null)
  return (
    <Card>
      <h2>{t("pix:med.list.title")}</h2>
      <p className={layout.muted}>{t("pix:med.list.hint")}</p>
      {rows === undefined ? (
        <Skeleton height={120} />
      ) : rows.length === 0 ? (
        <EmptyState title={t("pix:med.list.empty")} message={t("pix:med.list.emptyHint")} />
      ) : (
        <ul className={s.keys} data-testid="med-list">
          {rows.map((c) => (
            <MedContestItem key={c.id} c={c} />
          ))}
        </ul>
      )}
    </Card>
  )
}

function MedContestItem({ c }: { readonly c: PixMedContest }) {
  const { t } = useTranslation()
  const f = useFormat()
  const other = c.role === "payer" ? c.receiver_name : c.payer_name
  return (
    <li
      className={layout.stack}
      data-testid="med-contest"
      data-id={c.id}
      data-e2e={c.end_to_end_id}
      data-role={c.role}
      data-status={c.status}
      data-blocked={c.blocked_amount}
      data-returned={c.returned_amount}
    >
      <div className={s.row}>
        <strong>{t(`pix:med.role.${c.role}`, { name: other })}</strong>
        <Badge tone={TONE[c.status]} data-testid="med-contest-status">
          {t(`pix:med.status.${c.status}`)}
        </Badge>
      </div>
      <dl className={s.beneficiary}>
        <dt>{t("pix:med.amount")}</dt>
        <dd>{f.brl(c.amount)}</dd>
        <dt>{t("pix:med.openedAt")}</dt>
        <dd>{f.dateTime(c.created_at)}</dd>
        <dt>{t("pix:med.reason")}</dt>
        <dd>{t(`pix:med.reasons.${c.reason}`)}</dd>
        {c.description !== "" ? (
          <>
            <dt>{t("pix:med.description")}</dt>
            <dd>{c.description}</dd>
          </>
        ) : null}
        {c.id.startsWith("pending:") ? null : (
          <>
            <dt>{t("pix:med.blocked")}</dt>
            <dd data-testid="med-contest-blocked">{f.brl(c.blocked_amount)}</dd>
          </>
        )}
        {isMedOpen(c.status) ? (
          <>
            <dt>{t("pix:med.deadline")}</dt>
            <dd data-testid="med-contest-deadline">{f.dateTime(c.deadline)}</dd>
          </>
        ) : null}
        {c.status === "accepted" ? (
          <>
            <dt>{t("pix:med.returned")}</dt>
            <dd data-testid="med-contest-returned">{f.brl(c.returned_amount)}</dd>
          </>
        ) : null}
        {c.status === "refused" && c.refusal_reason !== null ? (
          <>
            <dt>{t("pix:med.refusal")}</dt>
            <dd data-testid="med-contest-refusal">{t(`pix:med.refusals.${c.refusal_reason}`)}</dd>
          </>
        ) : null}
        {c.defence !== null ? (
          <>
            <dt>{t("pix:med.defence")}</dt>
            <dd data-testid="med-contest-defence">{c.defence}</dd>
          </>
        ) : null}
      </dl>
      {c.role === "receiver" && isMedOpen(c.status) ? <MedDefence c={c} /> : null}
    </li>
  )
}

function MedDefence({ c }: { readonly c: PixMedContest }) {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const commands = useLiveQuery({ kind: "commands" })
  const [text, setText] = useState("")
  const [error, setError] = useState<string | null>(null)
  const mine = commands?.filter((k) => k.body.name === "v1.pixMed.defence" && (k.body.payload as { contest_id?: string }).contest_id === c.id)
  const last = mine?.reduce<(typeof mine)[number] | undefined>((a, k) => (a === undefined || k.created_at > a.created_at ? k : a), undefined)
  const sending = last !== undefined && !isFinished(last.state)
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    const p = medTextProblem(text, true)
    if (p !== null) {
      setError(t(p === "VALIDATION_REQUIRED" ? "pix:med.defenceForm.required" : "pix:med.open.descriptionInvalid"))
      return
    }
    setError(null)
    if (!wallet || sending) return
    submitCommand(wallet.id, { name: "v1.pixMed.defence", payload: { contest_id: c.id, defence: text.trim() } }, `pix-med-defence:${c.id}:${text.trim()}`).then(
      () => setText(""),
      (err: unknown) => setError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    )
  }
  return (
    <form onSubmit={submit} className={layout.stack} noValidate data-testid="med-defence-form">
      <TextField
        label={t("pix:med.defenceForm.label")}
        value={text}
        onChange={setText}
        maxLength={140}
        hint={t(c.defence === null ? "pix:med.defenceForm.hint" : "pix:med.defenceForm.replace")}
        error={error}
        data-testid="med-defence-text"
      />
      {last?.error_key ? (
        <p className={layout.errorText} role="alert" data-testid="med-defence-error">
          {t(`errors:${last.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" disabled={sending} data-testid="med-defence-submit">
          {sending ? t("pix:med.defenceForm.sending") : t("pix:med.defenceForm.submit")}
        </Button>
      </div>
    </form>
  )
}

/** The contest of one Pix (by its end-to-end id), shown on its statement row's detail: status, and what is blocked. */
export function MedOnPix({ e2e }: { readonly e2e: string }) {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const rows = useList("pix_med_contests", wallet?.id ?? null)
  const c = rows?.find((r) => r.end_to_end_id === e2e)
  if (c === undefined) return null
  return (
    <p role="status" data-testid="med-on-pix" data-status={c.status} data-role={c.role} data-blocked={c.blocked_amount}>
      {c.role === "receiver" && isMedOpen(c.status)
        ? t("pix:med.onPix.blocked", { amount: f.brl(c.blocked_amount), status: t(`pix:med.status.${c.status}`) })
        : t("pix:med.onPix.status", { status: t(`pix:med.status.${c.status}`) })}{" "}
      <Link to={lp("/banking/pix/med")}>{t("pix:med.onPix.open")}</Link>
    </p>
  )
}
