/**
 * Favored (trusted) Pix contacts (spec features §1 "Keep favored (trusted) contacts", §2 favored-contacts,
 * favored-contacts/add, pay/pay-with-contact; issue 12): the synced `pix_contacts` list with remove (a
 * command, hidden at once), adding one by its Pix key (decoded first: who holds it, their bank — then a
 * command; what was typed is kept on a refusal), and paying a contact: choosing one opens the pay-by-key
 * flow pre-filled with the contact's key (the page passes that flow in, so it is not copied here).
 */
import { useEffect, useState, type FormEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link, useNavigate, useSearchParams } from "react-router"
import { getEngine, submitCommand, useList, useLiveQuery } from "../../../workers/client.ts"
import { isValidPixKey, normalizePixKey, pixKeyType } from "../../../schema/validation.ts"
import { PL } from "../../../schema/pix-limits-permissions.ts"
import { hasPermission } from "../../../schema/permissions.ts"
import type { PixContact } from "../../../schema/pix-contacts.ts"
import { payPhase } from "../../lib/command-phase.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useActions, useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { escapeHtml } from "../../lib/html.ts"
import { Button, Card, ConfirmDialog, EmptyState, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as s from "./pix.css.ts"

/** A contact's key as shown: its type, then the key. */
function ContactLine({ c }: { readonly c: PixContact }) {
  const { t } = useTranslation()
  return (
    <>
      <span className={s.keyType} data-testid="pix-contact-name">
        {c.name === "" ? t("pix:contacts.adding") : c.name}
      </span>
      <span className={s.keyValue}>
        {t(`pix:keyTypes.${c.key_type}`)} · {c.key}
        {c.bank !== "" ? ` · ${c.bank}` : ""}
      </span>
    </>
  )
}

/** features §2 favored-contacts: the list, remove, and the way to pay or add one. */
export function FavoredContacts() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const actions = useActions()
  const contacts = useList("pix_contacts", wallet?.id ?? null)
  const { send } = useCommandRunner(wallet?.id ?? null, "pix:contacts.failed")
  const [removing, setRemoving] = useState<PixContact | null>(null)
  useEffect(() => {
    document.title = `${t("pix:contacts.title")} · ${t("common:appName")}`
  }, [t])
  const canRemove = hasPermission(actions, PL.deleteContacts)
  return (
    <div className={layout.stack} data-testid="pix-contacts">
      <Card>
        <div className={s.row}>
          <h2>{t("pix:contacts.title")}</h2>
          {hasPermission(actions, PL.postContacts) ? (
            <Link to={lp("/banking/pix/favored-contacts/add")} data-testid="pix-contact-add-link">
              {t("pix:contacts.add")}
            </Link>
          ) : null}
        </div>
        {contacts === undefined ? (
          <Skeleton height={120} />
        ) : contacts.length === 0 ? (
          <EmptyState title={t("pix:contacts.empty")} />
        ) : (
          <ul className={s.keys}>
            {contacts.map((c) => (
              <li key={c.id} className={s.keyRow} data-testid="pix-contact-row" data-key={c.key}>
                <ContactLine c={c} />
                {c.id.startsWith("pending:") ? null : (
                  <>
                    <Link to={lp(`/banking/pix/pay/pay-with-contact?contact=${encodeURIComponent(c.id)}`)} data-testid="pix-contact-pay">
                      {t("pix:contacts.pay")}
                    </Link>
                    {canRemove ? (
                      <Button size="sm" variant="secondary" onClick={() => setRemoving(c)} data-testid="pix-contact-remove">
                        {t("pix:contacts.remove")}
                      </Button>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={removing !== null}
        title={t("pix:contacts.removeTitle")}
        html={escapeHtml(t("pix:contacts.removeText", { name: removing?.name ?? "", key: removing?.key ?? "" }))}
        confirmLabel={t("pix:contacts.remove")}
        cancelLabel={t("common:actions.cancel")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && removing) send({ name: "v1.pix.removeContact", payload: { id: removing.id, name: removing.name } }, removing.id, "pix:contacts.removed")
          setRemoving(null)
        }}
      />
    </div>
  )
}

interface Decoded {
  readonly key: string
  readonly beneficiary_name: string
  readonly beneficiary_document: string
  readonly beneficiary_bank: string
}

/** features §2 favored-contacts/add: key → who holds it → save (a command). */
export function AddContact() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const navigate = useNavigate()
  const wallet = useCurrentWallet()
  const contacts = useList("pix_contacts", wallet?.id ?? null)
  const commands = useLiveQuery({ kind: "commands" })
  const [key, setKey] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [decoded, setDecoded] = useState<Decoded | null>(null)
  const [looking, setLooking] = useState(false)
  const [commandId, setCommandId] = useState<string | null>(null)
  useEffect(() => {
    document.title = `${t("pix:contacts.addTitle")} · ${t("common:appName")}`
  }, [t])
  const command = commands?.find((c) => c.id === commandId)
  useEffect(() => {
    if (command?.state === "confirmed") void navigate(lp("/banking/pix/favored-contacts"))
  }, [command?.state, navigate, lp])

  const lookUp = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setError(null)
    setDecoded(null)
    setCommandId(null)
    const typed = key.trim()
    if (!isValidPixKey(typed)) {
      setError(t("pix:pay.invalidKey"))
      return
    }
    const type = pixKeyType(typed)
    const norm = type === null ? typed : (normalizePixKey(typed, type) ?? typed)
    if (contacts?.some((c) => c.key === norm)) {
      setError(t("errors:PIX_CONTACT_ALREADY_EXISTS"))
      return
    }
    if (!wallet) return
    setLooking(true)
    try {
      setDecoded((await getEngine().call("pixDecodeByKey", { walletId: wallet.id, query: { key: typed } })).data)
    } catch (err) {
      setError(t(`errors:${errorKeyOf(err)}`))
    } finally {
      setLooking(false)
    }
  }

  const save = (): void => {
    if (!wallet || !decoded) return
    submitCommand(wallet.id, { name: "v1.pix.addContact", payload: { key: decoded.key } }, `contact:${decoded.key}`).then(setCommandId, (err: unknown) =>
      setError(t(`errors:${errorKeyOf(err)}`))
    )
  }

  const refused = command && payPhase(command) === "refused" ? (command.error_key ?? "UNKNOWN_ERROR") : null
  return (
    <div className={layout.stack} data-testid="pix-contact-add">
      <Card>
        <form
          onSubmit={(e) => {
            void lookUp(e)
          }}
          className={layout.stack}
          noValidate
        >
          <h2>{t("pix:contacts.addTitle")}</h2>
          <TextField
            label={t("pix:pay.key")}
            hint={t("pix:pay.keyHint")}
            value={key}
            onChange={(v) => {
              setKey(v)
              setDecoded(null)
            }}
            error={error}
            autoComplete="off"
            data-testid="pix-contact-key"
          />
          <div>
            <Button type="submit" busy={looking} data-testid="pix-contact-lookup">
              {t("pix:pay.lookUp")}
            </Button>
          </div>
        </form>
      </Card>
      {decoded ? (
        <Card>
          <div className={layout.stack}>
            <dl className={s.beneficiary} data-testid="pix-contact-decoded">
              <dt>{t("pix:pay.receiver")}</dt>
              <dd data-testid="pix-contact-decoded-name">{decoded.beneficiary_name}</dd>
              <dt>{t("pix:pay.document")}</dt>
              <dd>{decoded.beneficiary_document}</dd>
              <dt>{t("pix:pay.bank")}</dt>
              <dd>{decoded.beneficiary_bank}</dd>
            </dl>
            {refused ? (
              <p className={layout.errorText} role="alert" data-testid="pix-contact-refusal">
                {t(`errors:${refused}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
              </p>
            ) : null}
            {command && !refused && command.state !== "confirmed" ? <p role="status">{t("pix:contacts.saving")}</p> : null}
            <div>
              <Button onClick={save} busy={command !== undefined && !refused && command.state !== "confirmed"} data-testid="pix-contact-save">
                {t("pix:contacts.save")}
              </Button>
            </div>
          </div>
        </Card>
      ) : null}
      <div>
        <Link to={lp("/banking/pix/favored-contacts")}>{t("pix:contacts.back")}</Link>
      </div>
    </div>
  )
}

/**
 * features §2 pay/pay-with-contact: choose a contact, then the pay-by-key flow with its key (`payForm`,
 * given by the page: the same component as pay by key). `?contact=` preselects one.
 */
export function PayWithContact({ payForm }: { readonly payForm: (key: string) => ReactNode }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const contacts = useList("pix_contacts", wallet?.id ?? null)
  const [params, setParams] = useSearchParams()
  useEffect(() => {
    document.title = `${t("pix:contacts.payTitle")} · ${t("common:appName")}`
  }, [t])
  const chosen = contacts?.find((c) => c.id === params.get("contact"))
  if (chosen) {
    return (
      <div className={layout.stack} data-testid="pix-pay-with-contact" data-contact={chosen.key}>
        <Card>
          <div className={s.row}>
            <p>
              <strong>{t("pix:contacts.paying", { name: chosen.name })}</strong>
            </p>
            <Button size="sm" variant="secondary" onClick={() => setParams({})} data-testid="pix-contact-change">
              {t("pix:contacts.change")}
            </Button>
          </div>
        </Card>
        {payForm(chosen.key)}
      </div>
    )
  }
  return (
    <div className={layout.stack} data-testid="pix-pay-with-contact">
      <Card>
        <h2>{t("pix:contacts.choose")}</h2>
        {contacts === undefined ? (
          <Skeleton height={120} />
        ) : contacts.length === 0 ? (
          <EmptyState title={t("pix:contacts.empty")} action={<Link to={lp("/banking/pix/favored-contacts/add")}>{t("pix:contacts.add")}</Link>} />
        ) : (
          <ul className={s.keys}>
            {contacts
              .filter((c) => !c.id.startsWith("pending:"))
              .map((c) => (
                <li key={c.id} className={s.keyRow} data-testid="pix-contact-choice" data-key={c.key}>
                  <ContactLine c={c} />
                  <Button size="sm" onClick={() => setParams({ contact: c.id })} data-testid="pix-contact-choose">
                    {t("pix:contacts.choosePay")}
                  </Button>
                </li>
              ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
