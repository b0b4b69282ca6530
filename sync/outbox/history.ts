/**
 * Reading a command's appended event log (DESIGN "Commands"; sync/SPEC.md OB1, RP1):
 * pure helpers that answer "where is this command now?" from its events alone, so that the
 * pipeline, the outbox, replay after a reload and the optimistic projection all agree.
 */
import type { CommandEvent, CommandState } from "../../schema/commands.ts"
import { TERMINAL_STATES } from "../../schema/commands.ts"

export const isTerminal = (state: CommandState): boolean => TERMINAL_STATES.includes(state)

/** The state a command is still moving through (not confirmed, rejected, failed or cancelled). */
export type PendingState = Exclude<CommandState, "confirmed" | "rejected" | "failed" | "cancelled">

export const isPending = (state: CommandState): state is PendingState => !isTerminal(state)

/** The event with the highest `seq` (events are kept in order, but never trust the caller). */
export const latestEvent = (events: ReadonlyArray<CommandEvent>): CommandEvent | undefined => {
  let last: CommandEvent | undefined
  for (const ev of events) if (last === undefined || ev.seq > last.seq) last = ev
  return last
}

export const latestState = (events: ReadonlyArray<CommandEvent>): CommandState | undefined => latestEvent(events)?.state

/** `seq` of the next event to append (0 for a brand-new command). */
export const nextSeq = (events: ReadonlyArray<CommandEvent>): number => {
  const last = latestEvent(events)
  return last === undefined ? 0 : last.seq + 1
}

/** How many sends the log records (`sending` events); the next send is this + 1. */
export const sendCount = (events: ReadonlyArray<CommandEvent>): number => {
  let n = 0
  for (const ev of events) if (ev.state === "sending") n = Math.max(n + 1, ev.attempt ?? 0)
  return n
}

/**
 * Whether a send may have reached the server earlier (sync/SPEC.md RP1, RT3): any `sending` event in
 * the log means the outcome may be unknown (a kill after the server applied it, a network error,
 * a 5xx after apply), so the pipeline reconciles before it sends again.
 */
export const everSent = (events: ReadonlyArray<CommandEvent>): boolean => events.some((ev) => ev.state === "sending")
