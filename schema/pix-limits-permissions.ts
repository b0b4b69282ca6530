/**
 * Permission tags of Pix limits and favored contacts (spec features §2 limit, favored-contacts and
 * favored-contacts/add: "not shown"; ours, docs/decisions.md "Pix limits and contacts"). Apart from
 * schema/pix-limits.ts so that schema/permissions.ts imports nothing heavier than this.
 */
export const PL = {
  getLimits: "api-users-get-limits-users",
  postLimits: "api-users-post-limits-users",
  getContacts: "api-users-get-pix-trusted-contacts",
  postContacts: "api-users-post-pix-trusted-contacts",
  deleteContacts: "api-users-delete-pix-trusted-contacts"
} as const
