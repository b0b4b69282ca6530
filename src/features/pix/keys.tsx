/**
 * /banking/pix/my-keys (spec features §2 my-keys, §3 Pix key, §4 key and claim states, §5 key rules and
 * the 5-digit code, §8 messages, §9 "current of maximum"; issue 12): the account's keys from the synced
 * `pix_keys` list with their states; register a key with its type's rules; an e-mail or phone key's
 * confirmation step (code, resend, cancel, attempts left); delete; and the claims from the synced
 * `pix_claims` list — those I started (state, deadline, cancel) and those against my keys (approve or
 * reject before the deadline). A key the directory says is someone else's may be claimed or ported
 * from the register form. Every action is a command through the outbox (sync/commands/pix*.ts).
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, useList } from "../../../workers/client.ts"
import { isValidPixKey, normalizePixKey } from "../../../schema/validation.ts"
import { isKeyCode, KEY_CODE_LENGTH, type PixClaim } from "../../../schema/pix-claims.ts"
import type { PixKey, PixKeyType } from "../../../schema/pix.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { escapeHtml } from "../../lib/html.ts"
import { Badge, Button, Card, ConfirmDialog, CopyButton, EmptyState, Select, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as base from "./pix.css.ts"
import * as own from "./keys.css.ts"

const s = { ...base, ...own }

const KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const
type Pending = { readonly pendingCommand?: string; readonly pending_action?: string }

const claimTone = (st: PixClaim["status"]) => (st === "opened" ? "warning" : st === "confirmed" || st === "auto_confirmed" ? "success" : "neutral")

/** features §2 my-keys: keys, the code step, register, delete, claims. */
export function MyKeys() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const walletId = wallet?.id ?? null
  const keys = useList("pix_keys", walletId)
  const claims = useList("pix_claims", walletId)
  const { send, refusals, busy } = useCommandRunner(walletId, "pix:keys.failed")
  const [type, setType] = useState<(typeof KEY_TYPES)[number]>("email")
  const [value, setValue] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState<{ id: string; key: string } | null>(null)
  // the key last sent to the directory: offered for a claim when it is someone else's
  const [sent, setSent] = useState<{ key: string; key_type: PixKeyType } | null>(null)
  // features §9 "current of maximum": the directory says the account's maximum with its list
  const [max, setMax] = useState<number | null>(null)
  useEffect(() => {
    if (!wallet) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    // asked again a few times when it fails (a session still starting, a slow network)
    const ask = (tries: number): void => {
      getEngine()
        .call("pixKeys", { walletId: wallet.id })
        .then(
          (r) => {
            if (live) setMax(r.data.limit)
          },
          () => {
            if (live && tries > 1) timer = setTimeout(() => ask(tries - 1), 2000)
          }
        )
    }
    ask(5)
    return () => {
      live = false
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [wallet])
  const refusal = refusals.get("create")
  const claimRefusal = refusals.get("claim")
  // a claim being sent is shown until the directory's own row for its key arrives
  const realOpen = new Set((claims ?? []).filter((c) => !c.id.startsWith("pending:") && c.status === "opened").map((c) => `${c.role}:${c.key}`))
  const mine = (claims ?? []).filter((c) => c.role === "claimer" && !(c.id.startsWith("pending:") && realOpen.has(`claimer:${c.key}`)))
  const against = (claims ?? []).filter((c) => c.role === "donor")
  // an open claim takes the place its key will need (D-pix-claim-kinds)
  const used = (keys?.length ?? 0) + mine.filter((c) => c.status === "opened").length
  const full = max !== null && used >= max
  const inClaim = new Set(against.filter((c) => c.status === "opened").map((c) => c.key))

  const register = (e: FormEvent): void => {
    e.preventDefault()
    setError(null)
    const typed = value.trim()
    if (type !== "random" && !isValidPixKey(typed, type)) {
      setError(t("pix:keys.invalid"))
      return
    }
    if (full) {
      setError(t("errors:PIX_KEY_LIMIT_REACHED"))
      return
    }
    setSent(type === "random" ? null : { key: normalizePixKey(typed, type) ?? typed, key_type: type })
    send({ name: "v1.pix.registerKey", payload: type === "random" ? { key_type: type } : { key_type: type, key: typed } }, "create", "pix:keys.registered")
  }

  const startClaim = (kind: "ownership" | "portability"): void => {
    if (!sent) return
    if (full) {
      setError(t("errors:PIX_KEY_LIMIT_REACHED"))
      return
    }
    send({ name: "v1.pix.startClaim", payload: { key: sent.key, key_type: sent.key_type, kind } }, "claim", "pix:keys.claims.started")
    setSent(null)
  }

  const taken = refusal === "PIX_KEY_ALREADY_REGISTERED" && sent !== null
  const ownershipAllowed = sent?.key_type === "email" || sent?.key_type === "phone"

  return (
    <div className={layout.stack}>
      <Card>
        <div className={s.row}>
          <h2 data-testid="pix-keys-count">
            {max === null ? t("pix:keys.countOnly", { count: keys?.length ?? 0 }) : t("pix:keys.count", { count: keys?.length ?? 0, max })}
          </h2>
        </div>
        {keys === undefined ? (
          <Skeleton height={120} />
        ) : keys.length === 0 ? (
          <EmptyState title={t("pix:keys.empty")} />
        ) : (
          <ul className={s.keys}>
            {keys.map((k) => (
              <KeyRow
                key={k.id}
                k={k}
                inClaim={inClaim.has(k.key)}
                send={send}
                refusal={refusals.get(`code:${k.id}`)}
                busy={busy.has(`code:${k.id}`)}
                onDelete={() => setRemoving({ id: k.id, key: k.key })}
              />
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <form onSubmit={register} className={layout.stack} noValidate data-testid="pix-key-create">
          <h2>{t("pix:keys.new")}</h2>
          <Select
            label={t("pix:keys.type")}
            value={type}
            onChange={(v) => {
              setType(v as (typeof KEY_TYPES)[number])
              setError(null)
              setSent(null)
            }}
            options={KEY_TYPES.map((k) => ({ value: k, label: t(`pix:keyTypes.${k}`) }))}
            data-testid="pix-key-type"
          />
          {type === "random" ? (
            <p className={layout.muted}>{t("pix:keys.randomHint")}</p>
          ) : (
            <TextField
              label={t("pix:keys.value")}
              value={value}
              onChange={(v) => {
                setValue(v)
                setSent(null)
              }}
              error={error}
              autoComplete="off"
              hint={type === "email" || type === "phone" ? t("pix:keys.codeHint", { digits: KEY_CODE_LENGTH }) : undefined}
              data-testid="pix-key-value"
            />
          )}
          {refusal && refusal !== "PIX_KEY_ALREADY_REGISTERED" ? (
            <p className={layout.errorText} role="alert" data-testid="pix-key-refusal">
              {t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          {type === "random" && error ? (
            <p className={layout.errorText} role="alert">
              {error}
            </p>
          ) : null}
          {taken ? (
            <div className={layout.stack} role="alert" data-testid="pix-key-claim-offer">
              <p>
                <strong>{t("pix:keys.claims.takenTitle", { key: sent.key })}</strong>
              </p>
              <p className={layout.muted}>{t(ownershipAllowed ? "pix:keys.claims.takenText" : "pix:keys.claims.takenTextPort")}</p>
              <div className={s.row}>
                {ownershipAllowed ? (
                  <Button type="button" onClick={() => startClaim("ownership")} busy={busy.has("claim")} data-testid="pix-key-claim-start">
                    {t("pix:keys.claims.startOwnership")}
                  </Button>
                ) : null}
                <Button type="button" variant="secondary" onClick={() => startClaim("portability")} busy={busy.has("claim")} data-testid="pix-key-port-start">
                  {t("pix:keys.claims.startPortability")}
                </Button>
              </div>
            </div>
          ) : null}
          {claimRefusal ? (
            <p className={layout.errorText} role="alert" data-testid="pix-claim-refusal">
              {t(`errors:${claimRefusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          <div>
            <Button type="submit" busy={busy.has("create")} data-testid="pix-key-register">
              {t("pix:keys.register")}
            </Button>
          </div>
        </form>
      </Card>
      <Card>
        <div className={layout.stack} data-testid="pix-claims">
          <h2>{t("pix:keys.claims.title")}</h2>
          <p className={layout.muted}>{t("pix:keys.claims.intro")}</p>
          <h3>{t("pix:keys.claims.mine")}</h3>
          {claims === undefined ? (
            <Skeleton height={60} />
          ) : mine.length === 0 ? (
            <p className={layout.muted}>{t("pix:keys.claims.noneMine")}</p>
          ) : (
            <ul className={s.keys} data-testid="pix-claims-mine">
              {mine.map((c) => (
                <ClaimRow key={c.id} c={c} f={f} send={send} />
              ))}
            </ul>
          )}
          <h3>{t("pix:keys.claims.against")}</h3>
          {claims === undefined ? (
            <Skeleton height={60} />
          ) : against.length === 0 ? (
            <p className={layout.muted}>{t("pix:keys.claims.noneAgainst")}</p>
          ) : (
            <ul className={s.keys} data-testid="pix-claims-against">
              {against.map((c) => (
                <ClaimRow key={c.id} c={c} f={f} send={send} />
              ))}
            </ul>
          )}
        </div>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        title={t("pix:keys.deleteTitle")}
        html={escapeHtml(t("pix:keys.deleteText", { key: removing?.key ?? "" }))}
        confirmLabel={t("pix:keys.delete")}
        cancelLabel={t("common:actions.cancel")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && removing) send({ name: "v1.pix.deleteKey", payload: removing }, removing.id, "pix:keys.deleted")
          setRemoving(null)
        }}
      />
    </div>
  )
}

type Send = ReturnType<typeof useCommandRunner>["send"]

/** One key: its state; a not-confirmed key's code step (features §3, §5; D-pix-key-code). */
function KeyRow({
  k,
  inClaim,
  send,
  refusal,
  busy,
  onDelete
}: {
  readonly k: PixKey & Pending
  readonly inClaim: boolean
  readonly send: Send
  readonly refusal: string | undefined
  readonly busy: boolean
  readonly onDelete: () => void
}) {
  const { t } = useTranslation()
  const f = useFormat()
  const [code, setCode] = useState("")
  const [codeError, setCodeError] = useState<string | null>(null)
  const pending = k.id.startsWith("pending:") || k.pendingCommand !== undefined
  const waiting = k.status === "not_confirmed" && !k.id.startsWith("pending:")
  const left = k.attempts_left ?? null
  const shown = k.key_type === "cpf" || k.key_type === "cnpj" ? f.document(k.key) : k.key

  const confirm = (e: FormEvent): void => {
    e.preventDefault()
    setCodeError(null)
    const typed = code.trim()
    if (!isKeyCode(typed)) {
      setCodeError(t("validation:VALIDATION_KEY_CODE"))
      return
    }
    send({ name: "v1.pix.confirmKeyCode", payload: { id: k.id, code: typed } }, `code:${k.id}`, "pix:keys.confirmed")
  }
  // features §8 "incorrect code": the refusal with the attempts the directory still allows
  const refusalText =
    refusal === undefined
      ? null
      : refusal === "INCORRECT_CODE" && left !== null
        ? `${t("errors:INCORRECT_CODE")} ${t("pix:keys.attemptsLeft", { count: left })}`
        : t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })

  return (
    <li className={s.keyRow} data-testid="pix-key-row" data-key={k.key} data-status={k.status}>
      <span className={s.keyType}>{t(`pix:keyTypes.${k.key_type}`)}</span>
      <span className={s.keyValue}>{k.key === "" ? t("pix:keys.adding") : shown}</span>
      <Badge tone={k.status === "added" ? "success" : "info"}>{t(`pix:keys.status.${k.status}`)}</Badge>
      {k.key !== "" && k.status === "added" ? (
        <CopyButton text={k.key} label={t("pix:keys.copy", { key: shown })} copied={t("pix:keys.copied")} data-testid="pix-key-copy" />
      ) : null}
      {inClaim ? (
        <Badge tone="warning" data-testid="pix-key-in-claim">
          {t("pix:keys.inClaim")}
        </Badge>
      ) : null}
      {pending || waiting ? null : (
        <Button size="sm" variant="secondary" onClick={onDelete} data-testid="pix-key-delete">
          {t("pix:keys.delete")}
        </Button>
      )}
      {waiting ? (
        <form onSubmit={confirm} className={`${layout.stack} ${s.codeStep}`} noValidate data-testid="pix-key-code-form">
          <p className={layout.muted} data-testid="pix-key-code-hint">
            {t("pix:keys.codeSent", { key: k.key, time: k.code_expires_at ? f.dateTime(k.code_expires_at) : "—" })}{" "}
            {left !== null ? t("pix:keys.attemptsLeft", { count: left }) : null}
          </p>
          <TextField
            label={t("pix:keys.code")}
            value={code}
            onChange={setCode}
            error={codeError}
            inputMode="numeric"
            maxLength={KEY_CODE_LENGTH}
            autoComplete="one-time-code"
            data-testid="pix-key-code"
          />
          {refusalText ? (
            <p className={layout.errorText} role="alert" data-testid="pix-key-code-error">
              {refusalText}
            </p>
          ) : null}
          <div className={s.row}>
            <Button type="submit" size="sm" busy={busy} data-testid="pix-key-code-confirm">
              {t("pix:keys.confirm")}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => send({ name: "v1.pix.resendKeyCode", payload: { id: k.id } }, `resend:${k.id}`, "pix:keys.resent")}
              data-testid="pix-key-code-resend"
            >
              {t("pix:keys.resend")}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => send({ name: "v1.pix.cancelKeyCode", payload: { id: k.id } }, `cancel:${k.id}`, "pix:keys.canceled")}
              data-testid="pix-key-code-cancel"
            >
              {t("pix:keys.cancelRequest")}
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  )
}

/** One claim, from my side (features §4): its state and deadline, and the actions my side may take. */
function ClaimRow({ c, f, send }: { readonly c: PixClaim & Pending; readonly f: ReturnType<typeof useFormat>; readonly send: Send }) {
  const { t } = useTranslation()
  const open = c.status === "opened"
  const pending = c.id.startsWith("pending:") || c.pendingCommand !== undefined
  return (
    <li className={s.keyRow} data-testid="pix-claim-row" data-key={c.key} data-status={c.status} data-role={c.role}>
      <span className={s.keyType}>{t(`pix:keys.claims.kind.${c.kind}`)}</span>
      <span className={s.keyValue}>{c.key_type === "cpf" || c.key_type === "cnpj" ? f.document(c.key) : c.key}</span>
      <Badge tone={claimTone(c.status)} data-testid="pix-claim-status">
        {t(`pix:keys.claims.status.${c.status}`)}
      </Badge>
      <span className={s.claimMeta}>
        {c.counterparty_name === ""
          ? t("pix:keys.claims.sending")
          : t(c.role === "claimer" ? "pix:keys.claims.holder" : "pix:keys.claims.claimer", { name: c.counterparty_name, bank: c.counterparty_bank })}
        {open && c.deadline !== "" ? (
          <>
            {" "}
            · <span data-testid="pix-claim-deadline">{t("pix:keys.claims.deadline", { date: f.dateTime(c.deadline) })}</span>
          </>
        ) : null}
        {c.reason ? <> · {t(`pix:keys.claims.reason.${c.reason}`)}</> : null}
      </span>
      {open && !pending && c.role === "claimer" ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => send({ name: "v1.pix.cancelClaim", payload: { id: c.id } }, `claim:${c.id}`, "pix:keys.claims.canceled")}
          data-testid="pix-claim-cancel"
        >
          {t("pix:keys.claims.cancel")}
        </Button>
      ) : null}
      {open && !pending && c.role === "donor" ? (
        <>
          <Button
            size="sm"
            onClick={() => send({ name: "v1.pix.approveClaim", payload: { id: c.id } }, `claim:${c.id}`, "pix:keys.claims.approved")}
            data-testid="pix-claim-approve"
          >
            {t(c.kind === "ownership" ? "pix:keys.claims.approve" : "pix:keys.claims.approvePort")}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => send({ name: "v1.pix.rejectClaim", payload: { id: c.id } }, `claim:${c.id}`, "pix:keys.claims.rejected")}
            data-testid="pix-claim-reject"
          >
            {t(c.kind === "ownership" ? "pix:keys.claims.reject" : "pix:keys.claims.rejectPort")}
          </Button>
        </>
      ) : null}
      {pending && c.pending_action ? <span className={layout.muted}>{t("pix:keys.claims.working")}</span> : null}
    </li>
  )
}
