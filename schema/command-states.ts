/**
 * A command's states (DESIGN "Commands"; schema/commands.ts builds its Schema from this list): plain values with no
 * Schema library, so the shell's views that only ask "has it finished" (src/lib/command-phase.ts) do not bring effect
 * into the first load (issue 33 item 5: initial JS ≤ 200 kB gzip).
 */
export const COMMAND_STATES = ["created", "awaiting-pin", "sending", "confirmed", "rejected", "failed", "cancelled"] as const
export type CommandState = (typeof COMMAND_STATES)[number]
export const TERMINAL_STATES: ReadonlyArray<CommandState> = ["confirmed", "rejected", "failed", "cancelled"]
