/**
 * Sends a page's actions as commands (DESIGN "Commands": through the outbox, each its own
 * idempotency key) and tells the user, once, how each ended: a success toast, or the server's
 * refusal in their language (errors namespace). Returns the last refusal per scope (a card, a form),
 * so a form can show it inline, and which scopes are busy. Shared by the areas (cards, Pix…).
 *
 * An action taken before the app knows the current wallet (just after a reload, while the wallets
 * are read from the local mirror) is not dropped: it waits, shown busy, and is submitted as soon as
 * the wallet is known ("nothing typed or sent is lost").
 */
import { useCallback, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { submitCommand, useLiveQuery, type CommandBody } from "../../workers/client.ts"
import { payPhase } from "./command-phase.ts"
import { errorKeyOf } from "./errors.ts"
import { toast } from "./feedback.ts"

interface Sent {
  readonly done: string
  readonly scope: string
}
interface Waiting extends Sent {
  readonly body: CommandBody
  readonly dedupeKey: string | undefined
}

/** `failedTitle`: the i18n key of the toast title when a command is refused (e.g. "cards:failed"). */
export function useCommandRunner(walletId: string | null, failedTitle: string) {
  const { t } = useTranslation()
  const commands = useLiveQuery({ kind: "commands" })
  const sent = useRef(new Map<string, Sent>())
  const [refusals, setRefusals] = useState<ReadonlyMap<string, string>>(new Map())
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const waiting = useRef<Waiting[]>([])

  useEffect(() => {
    for (const c of commands ?? []) {
      const s = sent.current.get(c.id)
      if (s === undefined) continue
      const phase = payPhase(c)
      if (phase === "done" || phase === "staged") toast("success", t(s.done))
      else if (phase === "refused") {
        const key = c.error_key ?? "UNKNOWN_ERROR"
        toast("error", t(failedTitle), t(`errors:${key}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
        setRefusals((m) => new Map(m).set(s.scope, key))
      } else if (phase === "pending") continue
      sent.current.delete(c.id)
      setBusy((b) => {
        const n = new Set(b)
        n.delete(s.scope)
        return n
      })
    }
  }, [commands, t, failedTitle])

  const submit = useCallback(
    (wallet: string, w: Waiting): void => {
      submitCommand(wallet, w.body, w.dedupeKey).then(
        (id) => {
          sent.current.set(id, { done: w.done, scope: w.scope })
        },
        (e: unknown) => {
          setBusy((b) => {
            const n = new Set(b)
            n.delete(w.scope)
            return n
          })
          toast("error", t(failedTitle), t(`errors:${errorKeyOf(e)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
        }
      )
    },
    [t, failedTitle]
  )

  // the actions taken before the wallet was known go now, in the order they were taken
  useEffect(() => {
    if (walletId === null || waiting.current.length === 0) return
    const due = waiting.current
    waiting.current = []
    for (const w of due) submit(walletId, w)
  }, [walletId, submit])

  /** Submits; `scope` names what the refusal belongs to (a card id, "virtual", "physical"), `done` the success message key. */
  const send = useCallback(
    (body: CommandBody, scope: string, done: string, dedupeKey?: string): void => {
      setRefusals((m) => {
        const n = new Map(m)
        n.delete(scope)
        return n
      })
      setBusy((b) => new Set(b).add(scope))
      const w: Waiting = { body, scope, done, dedupeKey }
      if (walletId === null) waiting.current.push(w)
      else submit(walletId, w)
    },
    [walletId, submit]
  )

  return { send, refusals, busy }
}
