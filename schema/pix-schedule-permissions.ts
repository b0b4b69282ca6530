/**
 * Permission tags of Pix scheduling (features §2 scheduled-pix, recurrence-pix, automatic-pix, automatic-withdraw; the
 * rest ours). Apart from schema/pix-schedule.ts so that the shell's route table (src/lib/route-meta.ts) imports nothing
 * heavier than this (issue 33 item 5).
 */
/** Permission tags: features §2 names the two list tags; creating, cancelling and deactivating are ours. */
export const PS = {
  /** features §2 scheduled-pix */
  getPixPayments: "api-users-get-pix-payments",
  /** features §2 recurrence-pix */
  getRecurrences: "api-users-get-all-pix-recurrence",
  /** ours: cancel a scheduled payment by operation id (features §4) */
  deletePixPayments: "api-users-delete-pix-payments-by-operation",
  /** ours: create a recurrence */
  postRecurrence: "api-users-post-pix-recurrence",
  /** ours: deactivate a recurrence */
  deactivateRecurrence: "api-users-delete-pix-recurrence-deactivate",
  /** features §2 automatic-pix: any of the scheduled payments, automatic authorization or automatic payments permissions (the last two: ours) */
  getAutomaticAuthorizations: "api-users-get-pix-automatic-authorizations",
  getAutomaticPayments: "api-users-get-pix-automatic-payments",
  /** features §2 automatic-withdraw (changing: PW.putSettings, schema/pix-withdraw.ts) */
  getWithdrawSettings: "api-users-get-user-withdraw-settings"
} as const
