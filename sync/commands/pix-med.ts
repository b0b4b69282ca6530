/**
 * Commands of MED, contesting a sent Pix (issue 32 item 1; docs/decisions.md D-pix-med): open a contest
 * (PIN — it blocks the receiver's money and starts a devolution; the token is bound to this command,
 * schema/pin-binding.ts) and send the receiver's defence (no PIN: no money moves). Both endpoints are
 * idempotent by the `transaction-uuid` (the command id), so a lost answer is sent again under the same key
 * (reconcileBySameKey). While pending, a contest shows at once in the wallet's `pix_med_contests` as opened
 * (a new row) and a defence on its contest (a patch); the synced rows replace them once confirmed.
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"
import { MedReason, medDeadline } from "../../schema/pix-med.ts"

export const PixMedOpenPayload = Schema.Struct({
  end_to_end_id: Schema.String,
  reason: MedReason,
  description: Schema.String,
  /** What the page showed of the Pix: the pending row's amount and names (the server's answer replaces them). */
  amount: Schema.Int,
  receiver_name: Schema.String,
  paid_at: Schema.String
})
export const PixMedDefencePayload = Schema.Struct({ contest_id: Schema.String, defence: Schema.String })

export const pixMedCommands = [
  defineCommand({
    name: "v1.pixMed.open",
    // the body's fields (end-to-end id, reason, description), and what the page showed of the Pix
    endpoint: "pixMedContestOpen",
    payload: PixMedOpenPayload,
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "pix_med_contests",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          end_to_end_id: p.end_to_end_id,
          role: "payer",
          reason: p.reason,
          description: p.description,
          status: "opened",
          amount: p.amount,
          blocked_amount: 0,
          returned_amount: 0,
          refusal_reason: null,
          defence: null,
          defence_at: null,
          payer_name: "",
          receiver_name: p.receiver_name,
          paid_at: p.paid_at,
          created_at: cmd.created_at,
          updated_at: cmd.created_at,
          deadline: medDeadline(cmd.created_at),
          decided_at: null,
          devolution_end_to_end_id: null
        },
        standsFor: (row) => row["end_to_end_id"] === p.end_to_end_id
      }
    ],
    refresh: ["pix_med_contests"]
  }),
  defineCommand({
    name: "v1.pixMed.defence",
    endpoint: "pixMedDefence",
    payload: PixMedDefencePayload,
    request: (p) => ({ params: { id: p.contest_id }, body: { defence: p.defence } }),
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [{ list: "pix_med_contests", id: p.contest_id, patch: { defence: p.defence, defence_at: cmd.created_at } }],
    refresh: ["pix_med_contests"]
  })
] as const
