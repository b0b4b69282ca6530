/**
 * "Has the command finished" and what that means to the user, written once (issue 29 item 4, D-pay-flow): a
 * command is finished in the terminal states of schema/command-states.ts (confirmed, rejected, failed, cancelled); a
 * payment's phase is pending, done, staged for approval (confirmed with `outcome: "awaiting_approval"`,
 * features §6), refused (rejected or failed, with its catalogue key) or cancelled (the PIN step dismissed).
 * Pure, so rules files (pending rows, approvals) read it without React. An upload's row (betting reports, payment
 * requests) says the same with its pause: `uploadStatus`.
 */
import { TERMINAL_STATES, type CommandState } from "../../schema/command-states.ts"

/** The command reached a terminal state: confirmed, rejected, failed or cancelled. */
export const isFinished = (state: CommandState): boolean => TERMINAL_STATES.includes(state)

export type PayPhase = "pending" | "done" | "staged" | "refused" | "cancelled"

/** What a command's state means for a payment (or any action a view follows). */
export function payPhase(c: { readonly state: CommandState; readonly outcome?: "awaiting_approval" }): PayPhase {
  if (!isFinished(c.state)) return "pending"
  if (c.state === "confirmed") return c.outcome === "awaiting_approval" ? "staged" : "done"
  return c.state === "cancelled" ? "cancelled" : "refused"
}

export type UploadStatus = "sending" | "paused" | "done" | "failed" | "cancelled"

/** An upload command's row (sync/uploads): sending or paused while open, then done, failed (refused) or cancelled. */
export function uploadStatus(u: { readonly state: CommandState; readonly paused: boolean }): UploadStatus {
  const phase = payPhase({ state: u.state })
  if (phase === "pending") return u.paused ? "paused" : "sending"
  return phase === "refused" ? "failed" : phase === "cancelled" ? "cancelled" : "done"
}
