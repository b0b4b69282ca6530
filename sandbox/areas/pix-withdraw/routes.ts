/**
 * Automatic withdrawals routes (spec features §2 automatic-withdraw — get-user-withdraw-settings; issue 13):
 * `GET /users/pix/withdraw-settings` (the wallet's one record), `PUT` (save and turn on: PIN), `DELETE` (turn
 * off), `GET …/executions` (paged, newest first). Bad input is refused with 422 INCORRECT_DATA and the field
 * keys (or WITHDRAW_DESTINATION_NOT_OWN when the account is not the holder's), changing nothing; everything is
 * idempotent by its transaction-uuid (sandbox/http.ts). The sweep itself runs on the scheduler
 * (sandbox/areas/pix-withdraw/db.ts runWithdraw). docs/decisions.md "Automatic withdrawals (issue 13)".
 */
import type { Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { bind } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { paginate, walletAndStatus, walletOwnerOf } from "../../repo.ts"
import { createWithdrawTables, disableSettings, saveSettings, settingsRowOf, toExecution, toSettings, type ExecutionRow } from "./db.ts"
import { destinationOf, withdrawProblems } from "../../../schema/pix-withdraw.ts"

export const registerPixWithdrawRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  createWithdrawTables(db)
  /** The wallet holder's document: the destination must carry it (an own account). */
  const ownerDocument = (walletId: string): string => walletOwnerOf(db, walletId)?.document ?? ""

  bind(app, ctx, "withdrawSettings", (req) => ({ data: toSettings(req.wallet.wallet.id, settingsRowOf(db, req.wallet.wallet.id), ctx.clock.stamp()) }))

  bind(app, ctx, "withdrawSettingsSave", (req) => {
    const { pin_token: _pin, ...b } = req.body
    const problems = withdrawProblems(b, ownerDocument(req.wallet.wallet.id))
    const fields = problems as Record<string, string>
    if (problems.document === "WITHDRAW_DESTINATION_NOT_OWN") throw new ApiError(422, "WITHDRAW_DESTINATION_NOT_OWN", undefined, fields)
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    return {
      data: saveSettings(ctx, req.wallet.wallet.id, {
        threshold: b.threshold,
        time: b.time,
        frequency: b.frequency,
        weekday: b.weekday,
        destination: destinationOf(b)
      })
    }
  })

  bind(app, ctx, "withdrawSettingsDisable", (req) => {
    if (settingsRowOf(db, req.wallet.wallet.id) === undefined) throw new ApiError(404, "NOT_FOUND", "withdraw settings")
    return { data: disableSettings(ctx, req.wallet.wallet.id) }
  })

  bind(app, ctx, "withdrawExecutions", (req) => {
    const { where, params } = walletAndStatus(req.wallet.wallet.id, req.query.status)
    return {
      data: paginate<ExecutionRow, ReturnType<typeof toExecution>>(
        db,
        req.query,
        {
          from: "pix_withdraw_executions",
          columns: "*",
          where,
          params,
          sortable: { created_at: "created_at", updated_at: "updated_at", run_at: "run_at" }
        },
        toExecution
      )
    }
  })
}
