/**
 * Optimistic effects of commands (DESIGN "Commands": "while a command is pending, balances and
 * lists show its effect, marked as pending; on rejection the effect disappears and the user is
 * told why, in their language"; sync/SPEC.md OP1–OP3). Pure functions over commands and
 * their latest event; the projections (sync/projections) add the deltas to the pulled balances
 * and lay the overlays over the approval queue, the view translates notice keys (locales/).
 */
import type { Command, CommandEvent } from "../../schema/commands.ts"
import type { CurrencySymbol } from "../../schema/common.ts"
import { commandDef } from "../commands/registry.ts"
import type { Movement, Overlay } from "../commands/define.ts"
import { isPending } from "./history.ts"

export interface CommandWithLatest {
  readonly command: Command
  /** The command's last event; undefined = stored but not yet `created` (treated as pending). */
  readonly latest: CommandEvent | undefined
}

/** Net pending change of one balance (minor units of `currency`) on one wallet (OP1). */
export interface BalanceDelta {
  readonly walletId: string
  readonly currency: CurrencySymbol
  readonly delta: number
  readonly commandIds: ReadonlyArray<string>
  /** True while any contributing command is pending; false when all are confirmed but not yet synced. */
  readonly pending: boolean
}

/** A command's patch over a row of a synced list, shown until the server's list says so (OP1). */
export interface ListOverlay extends Overlay {
  readonly walletId: string
  readonly commandId: string
  readonly pending: boolean
}

/** Why a command's effect disappeared, for the view to translate (OP2). `errorKey` null = cancelled by the user. */
export interface CommandNotice {
  readonly commandId: string
  readonly name: Command["body"]["name"]
  readonly state: "rejected" | "failed" | "cancelled"
  readonly errorKey: string | null
  readonly at: string
}

export interface PendingEffects {
  readonly balances: ReadonlyArray<BalanceDelta>
  readonly overlays: ReadonlyArray<ListOverlay>
  readonly notices: ReadonlyArray<CommandNotice>
}

export interface PendingEffectsOptions {
  /**
   * OP3: whether the pulled data already shows a confirmed command (e.g. its id appears as a
   * statement entry's `transaction_uuid`). Confirmed commands not yet reflected keep their effect
   * (with `pending: false`) so the balance does not flicker back until the pull lands. Default:
   * every confirmed command counts as reflected and drops out.
   */
  readonly isReflected?: (commandId: string) => boolean
}

/** The balance movements a command makes on its wallet if it succeeds (OP1): its definition's. */
export const balanceMovements = (command: Command): ReadonlyArray<Movement> => commandDef(command.body.name)?.balance?.(command.body.payload) ?? []

/** Pending balance deltas, list overlays and notices of failed/rejected/cancelled commands (OP1–OP3). */
export const pendingEffects = (items: ReadonlyArray<CommandWithLatest>, options: PendingEffectsOptions = {}): PendingEffects => {
  const isReflected = options.isReflected ?? (() => true)
  const balances = new Map<string, { walletId: string; currency: CurrencySymbol; delta: number; commandIds: Array<string>; pending: boolean }>()
  const overlays: Array<ListOverlay> = []
  const notices: Array<CommandNotice> = []

  for (const { command, latest } of items) {
    const state = latest?.state ?? "created"
    if (state === "rejected" || state === "failed" || state === "cancelled") {
      notices.push({
        commandId: command.id,
        name: command.body.name,
        state,
        errorKey: state === "cancelled" ? null : (latest?.error_key ?? "UNKNOWN_ERROR"),
        at: latest?.at ?? command.created_at
      })
      continue
    }
    const pending = isPending(state)
    if (!pending && isReflected(command.id)) continue // confirmed and visible in the pulled data

    for (const m of balanceMovements(command)) {
      const k = `${command.wallet_id}\u0000${m.currency}`
      const acc = balances.get(k)
      if (acc === undefined) {
        balances.set(k, { walletId: command.wallet_id, currency: m.currency, delta: m.delta, commandIds: [command.id], pending })
      } else {
        acc.delta += m.delta
        acc.commandIds.push(command.id)
        acc.pending = acc.pending || pending
      }
    }
    for (const o of commandDef(command.body.name)?.overlay?.(command.body.payload, command, pending ? "pending" : "confirmed") ?? []) {
      overlays.push({ ...o, walletId: command.wallet_id, commandId: command.id, pending })
    }
  }

  return { balances: [...balances.values()], overlays, notices }
}

/** A pulled balance plus the pending deltas of that wallet and currency (what the view shows). */
export const withPendingBalance = (
  balance: number,
  walletId: string,
  currency: CurrencySymbol,
  effects: PendingEffects
): { readonly amount: number; readonly pending: boolean } => {
  const d = effects.balances.find((b) => b.walletId === walletId && b.currency === currency)
  return d === undefined ? { amount: balance, pending: false } : { amount: balance + d.delta, pending: true }
}

/**
 * C7: a synced list's rows with the pending commands' overlays laid over them — patched, hidden, or
 * added; an added row steps aside once the synced row it stands for is there (`standsFor`).
 */
export const layOverlays = <R extends Readonly<Record<string, unknown>>>(
  rows: ReadonlyArray<R>,
  overlays: ReadonlyArray<Pick<ListOverlay, "id" | "patch" | "remove" | "row" | "standsFor" | "commandId">>,
  idOf: (row: R) => string
): Array<Record<string, unknown>> => {
  if (overlays.length === 0) return [...rows]
  const byId = new Map<string, Record<string, unknown>>(rows.map((r) => [idOf(r), r] as const))
  for (const o of overlays) {
    const cur = byId.get(o.id)
    if (o.remove) byId.delete(o.id)
    else if (cur) byId.set(o.id, { ...cur, ...o.patch, pendingCommand: o.commandId })
    else if (o.row && !(o.standsFor && rows.some((r) => o.standsFor?.(r)))) byId.set(o.id, { ...o.row, ...o.patch, pendingCommand: o.commandId })
  }
  return [...byId.values()]
}
