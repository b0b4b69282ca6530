/**
 * One payment flow for the views (issue 29 item 4, D-pay-flow): after a flow's own lookup form, the same
 * steps for every payment — review (the dialog of ./pay-flow.tsx) → confirm → the command submitted through
 * the outbox with the flow's dedupe key → the PIN (asked by the shell while the command is `awaiting-pin`,
 * PN5) → followed in the engine's `{ kind: "commands" }` to one of the terminal states (schema/commands.ts
 * TERMINAL_STATES) → its outcome. A flow supplies only what it reviews (`R`) and how that becomes a command.
 *
 * "Has the command finished" and what that means to the user are `isFinished` and `payPhase` (./command-phase.ts).
 */
import { useState } from "react"
import { submitCommand, useLiveQuery, type CommandBody } from "../../workers/client.ts"
import type { CommandView } from "../../schema/live-results.ts"
import { isFinished, payPhase, type PayPhase } from "./command-phase.ts"
import { errorI18nKey } from "./errors.ts"
import { useCurrentWallet } from "./use-shell-data.ts"

export type PayCommand = typeof CommandView.Type
export { isFinished, payPhase, type PayPhase }

/** The message keys under a flow's prefix (`pix:pay`…) that the outcome view reads (`again` unless it has none). */
export const PAY_TEXTS = ["awaitingPin", "sending", "done", "refused", "cancelled", "stagedTitle", "stagedText", "again"] as const

/** The command a reviewed payment becomes, with the key that makes a second click the same command (C1). */
export interface PaySend {
  readonly body: CommandBody
  readonly dedupeKey?: string
  /** Commands sent beside it and not followed (a TED's "save as a contact"). */
  readonly also?: ReadonlyArray<{ readonly body: CommandBody; readonly dedupeKey: string }>
}

export interface PayFlowOptions<R> {
  /** The reviewed payment as a command, on the current wallet. */
  readonly send: (review: R, walletId: string) => PaySend
  /** A command of this flow still open from before (a reload): followed when none was sent here. */
  readonly resume?: (c: PayCommand) => boolean
}

export interface PayFlow<R> {
  /** What the review dialog shows, while it is open. */
  readonly reviewing: R | null
  /** Opens the review dialog for this payment. */
  readonly review: (r: R) => void
  /** The dialog's answer: confirmed sends the command, otherwise the dialog closes and nothing is sent. */
  readonly answer: (confirmed: boolean) => void
  /** The command sent (or resumed) and what it means for the user; null before anything is sent. */
  readonly command: PayCommand | null
  readonly phase: PayPhase | null
  /** The payment as it was reviewed when its command was sent (null for a resumed one). */
  readonly sent: R | null
  /** The i18n key of a command the outbox refused to record (the form stays as typed). */
  readonly sendError: string | null
  /** After an outcome, back to the flow's form. */
  readonly again: () => void
}

export function usePayFlow<R>({ send, resume }: PayFlowOptions<R>): PayFlow<R> {
  const wallet = useCurrentWallet()
  const commands = useLiveQuery({ kind: "commands" })
  const [reviewing, setReviewing] = useState<R | null>(null)
  const [sent, setSent] = useState<{ readonly id: string; readonly review: R } | null>(null)
  const [sendError, setSendError] = useState<string | null>(null)
  const command =
    (sent !== null ? commands?.find((c) => c.id === sent.id) : undefined) ??
    (resume !== undefined && sent === null ? commands?.find((c) => resume(c) && !isFinished(c.state)) : undefined) ??
    null
  return {
    reviewing,
    review: (r) => {
      setSendError(null)
      setReviewing(r)
    },
    answer: (confirmed) => {
      const r = reviewing
      setReviewing(null)
      if (!confirmed || r === null || wallet === null) return
      const { body, dedupeKey, also = [] } = send(r, wallet.id)
      for (const a of also) void submitCommand(wallet.id, a.body, a.dedupeKey).catch(() => undefined)
      submitCommand(wallet.id, body, dedupeKey).then(
        (id) => setSent({ id, review: r }),
        (e: unknown) => setSendError(errorI18nKey(e))
      )
    },
    command,
    phase: command === null ? null : payPhase(command),
    sent: sent?.review ?? null,
    sendError,
    again: () => {
      setSent(null)
      setSendError(null)
    }
  }
}
