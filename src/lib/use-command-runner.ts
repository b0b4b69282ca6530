/**
 * Sends a page's actions as commands (DESIGN "Commands": through the outbox, each its own
 * idempotency key) and tells the user, once, how each ended: a success toast, or the server's
 * refusal in their language (errors namespace). Returns the last refusal per scope (a card, a form),
 * so a form can show it inline, and which scopes are busy. Shared by the areas (cards, Pix…).
 */
import { useCallback, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { submitCommand, useLiveQuery, type CommandBody } from "../../workers/client.ts"
import { errorKeyOf } from "./errors.ts"
import { toast } from "./feedback.ts"

interface Sent { readonly done: string; readonly scope: string }

/** `failedTitle`: the i18n key of the toast title when a command is refused (e.g. "cards:failed"). */
export function useCommandRunner(walletId: string | null, failedTitle: string) {
  const { t } = useTranslation()
  const commands = useLiveQuery({ kind: "commands" })
  const sent = useRef(new Map<string, Sent>())
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map())
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())

  useEffect(() => {
    for (const c of commands ?? []) {
      const s = sent.current.get(c.id)
      if (s === undefined) continue
      if (c.state === "confirmed") toast("success", t(s.done))
      else if (c.state === "rejected" || c.state === "failed") {
        const key = c.error_key ?? "UNKNOWN_ERROR"
        toast("error", t(failedTitle), t(`errors:${key}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
        setRefusals((m) => new Map(m).set(s.scope, key))
      } else if (c.state !== "cancelled") continue
      sent.current.delete(c.id)
      setBusy((b) => { const n = new Set(b); n.delete(s.scope); return n })
    }
  }, [commands, t, failedTitle])

  /** Submits; `scope` names what the refusal belongs to (a card id, "virtual", "physical"), `done` the success message key. */
  const send = useCallback((body: CommandBody, scope: string, done: string, dedupeKey?: string): void => {
    if (walletId === null) return
    setRefusals((m) => { const n = new Map(m); n.delete(scope); return n })
    setBusy((b) => new Set(b).add(scope))
    submitCommand(walletId, body, dedupeKey).then(
      (id) => { sent.current.set(id, { done, scope }) },
      (e: unknown) => {
        setBusy((b) => { const n = new Set(b); n.delete(scope); return n })
        toast("error", t(failedTitle), t(`errors:${errorKeyOf(e)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
      }
    )
  }, [walletId, t, failedTitle])

  return { send, refusals, busy }
}
