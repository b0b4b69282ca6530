/**
 * The users API as one typed contract (spec core §7, features §7): every call's method,
 * path, query, body, response, the headers it needs and the permission the server checks.
 * The client (sync/api) builds its allowed-path list and decodes responses from here; the
 * sandbox routes and validates from here. Paths the spec leaves "not shown" are our
 * decision (docs/decisions.md D-paths).
 */
import { Schema } from "effect"
import { def, type EndpointDef, type Method } from "./api-def.ts"
import { CompactFormat, Envelope, IsoDate, MinorUnits, Ok, Paged } from "./common.ts"
import {
  Address,
  ApprovalRequest,
  ApprovalSetting,
  BankingAccount,
  Conversion,
  ConversionSide,
  Currency,
  Notification,
  NotificationPageInfo,
  Occupation,
  Onboarding,
  PendingBalance,
  PermissionAction,
  PermissionUser,
  PixPaymentResult,
  ProfileUpdateForm,
  Receipt,
  SignupRecord,
  SpotQuote,
  StatementEntry,
  StatementExport,
  StatementStatus,
  StatementType,
  StorageFileUrl,
  Tokens,
  TrendSample,
  UserProfile,
  Wallet,
  WalletAccount,
  WalletInvitation,
  ZipLookup
} from "./entities.ts"
import { CurrencySymbol } from "./common.ts"
import { StatementLedger } from "./ledger.ts"
import { P, READS_APPROVAL_QUEUE, REPROVES_APPROVAL } from "./permissions.ts"
import { EmailString, PersonName, PixDescription, SignInEmail, TypedEmail, WalletName } from "./rules/text.ts"
import { SignInPassword, StrongPasswordString } from "./rules/passwords.ts"
import { PhoneString, PinString, TemporaryTokenString } from "./rules/codes.ts"
import { ruleCheck, ValidationMessage } from "./rules/messages.ts"
import { GrantedRoles } from "./rules/roles.ts"
import { REFUSALS } from "./refusals.ts"
import { brlOnOneSide, PositiveAmount, QuotedCurrency, sideOfPair } from "./rules/money-dates.ts"
import { SentPixKey } from "./rules/pix-keys.ts"
import { cardsApi } from "./api-cards.ts"
import { pixApi } from "./api-pix.ts"
import { pixClaimsApi } from "./api-pix-claims.ts"
import { pixScheduleApi } from "./api-pix-schedule.ts"
import { pixLimitsApi } from "./api-pix-limits.ts"
import { billetApi } from "./api-billet.ts"
import { tedApi } from "./api-ted.ts"
import { storageApi } from "./api-storage.ts"
import { bettingApi } from "./api-betting.ts"
import { pixStatementApi } from "./api-pix-statement.ts"
import { pixMedApi } from "./api-pix-med.ts"
import { gatewayApi } from "./api-gateway.ts"

export { def, type EndpointDef, type Method } from "./api-def.ts"
const Str = Schema.String
const optStr = Schema.optionalKey(Schema.String)
/** The optional binding of a pin_token to one command (issue 30 item 3; schema/pin-binding.ts). */
/** D-pin-binding: the command a PIN token is bound to (an id of 1–100 characters) and its request's hash (64 hex digits): VALIDATION_LENGTH otherwise. */
const PinBindingFields = {
  command_id: Schema.optionalKey(Str.check(ruleCheck((s: string) => s !== "" && s.length <= 100, ValidationMessage.length))),
  payload_hash: Schema.optionalKey(Str.check(ruleCheck((s: string) => /^[0-9a-f]{64}$/.test(s), ValidationMessage.length)))
}
const Page = { page: optStr, page_size: optStr, sort: optStr, order: optStr, after: optStr, updated_since: optStr }

export const PinToken = Schema.Struct({ pin_token: Schema.String })

export const api = {
  // ── Authentication (core §7) ───────────────────────────────────────────────
  signin: def({
    method: "POST",
    path: "/users/v2/auth/signin",
    auth: false,
    body: Schema.Struct({ email: SignInEmail, password: SignInPassword }),
    refusals: REFUSALS.signin,
    response: Envelope(Schema.Struct({ otp_id: Str, expires_in: Schema.Int, channel: Schema.Literal("email") }))
  }),
  sessionSignin: def({
    method: "POST",
    path: "/users/auth/session/signin",
    auth: false,
    body: Schema.Union([Schema.Struct({ otp_id: Str, code: Str }), Schema.Struct({ session_token: Str })]),
    refusals: REFUSALS.sessionSignin,
    response: Envelope(Tokens)
  }),
  refreshToken: def({
    method: "POST",
    path: "/users/auth/refresh-token",
    auth: false,
    body: Schema.Struct({ refresh_token: Str }),
    refusals: REFUSALS.refreshToken,
    response: Envelope(Tokens)
  }),
  /**
   * Logout (core §4 "Logout"; issue 30 item 4, D-sessions): revokes the session the refresh token belongs to — its whole
   * refresh-token family and every access token of it. Our path; the spec shows no logout call.
   */
  logout: def({
    method: "POST",
    path: "/users/auth/logout",
    auth: false,
    body: Schema.Struct({ refresh_token: Str }),
    refusals: REFUSALS.logout,
    response: Ok
  }),
  changePassword: def({
    method: "POST",
    path: "/users/auth/password",
    body: Schema.Struct({ current_password: Str, new_password: StrongPasswordString }),
    refusals: REFUSALS.changePassword,
    response: Ok
  }),
  forgotPassword: def({
    method: "POST",
    path: "/users/v2/auth/forgot-password",
    auth: false,
    body: Schema.Struct({ email: EmailString }),
    refusals: REFUSALS.forgotPassword,
    response: Envelope(Schema.Struct({ id: Str }))
  }),
  forgotPasswordUpdate: def({
    method: "PATCH",
    path: "/users/auth/forgot-password/{id}",
    auth: false,
    body: Schema.Struct({ code: Str, new_password: StrongPasswordString }),
    refusals: REFUSALS.forgotPasswordUpdate,
    response: Ok
  }),
  forgotPasswordDecline: def({
    method: "DELETE",
    path: "/users/auth/forgot-password/{id}",
    auth: false,
    refusals: REFUSALS.forgotPasswordDecline,
    response: Ok
  }),
  /**
   * Sign-in unlock (issue 30 item 5, D-sessions): a locked e-mail's owner asks for a code by e-mail (the answer is the same
   * for any address) and lifts the lock with it, so knowing an e-mail is not enough to keep its owner out. Our paths.
   */
  signinUnlock: def({
    method: "POST",
    path: "/users/v2/auth/signin/unlock",
    auth: false,
    body: Schema.Struct({ email: EmailString }),
    refusals: REFUSALS.signinUnlock,
    response: Envelope(Schema.Struct({ id: Str, expires_in: Schema.Int }))
  }),
  signinUnlockConfirm: def({
    method: "POST",
    path: "/users/v2/auth/signin/unlock/{id}",
    auth: false,
    body: Schema.Struct({ code: Str }),
    refusals: REFUSALS.signinUnlockConfirm,
    response: Ok
  }),
  qrSessionToken: def({
    method: "POST",
    path: "/auth/session/token",
    auth: false,
    refusals: REFUSALS.qrSessionToken,
    response: Envelope(Schema.Struct({ session_token: Str, qr_payload: Str, expires_in: Schema.Int }))
  }),
  qrSessionActivate: def({
    method: "POST",
    path: "/auth/session/activate",
    body: Schema.Struct({ session_token: Str }),
    refusals: REFUSALS.qrSessionActivate,
    response: Ok
  }),
  otp: def({
    method: "POST",
    path: "/users/auth/otp",
    body: Schema.Struct({ purpose: Str }),
    refusals: REFUSALS.otp,
    response: Envelope(Schema.Struct({ otp_id: Str, expires_in: Schema.Int }))
  }),
  otpCreate: def({
    method: "POST",
    path: "/users/auth/otp/create",
    body: Schema.Struct({ purpose: Str }),
    refusals: REFUSALS.otpCreate,
    response: Envelope(Schema.Struct({ otp_id: Str, expires_in: Schema.Int }))
  }),
  otpResend: def({ method: "GET", path: "/users/auth/otp/{id}/code", refusals: REFUSALS.otpResend, response: Ok }),
  otpVerify: def({
    method: "POST",
    path: "/users/auth/otp/{id}/code",
    body: Schema.Struct({ code: Str }),
    refusals: REFUSALS.otpVerify,
    response: Envelope(Schema.Struct({ temporary_token: Str }))
  }),
  /**
   * PIN (4 digits) or temporary token (6 digits) → a short-lived pin_token (features §2). Optionally bound to one
   * command (issue 30 item 3, D-pin-binding): `command_id` (its transaction-uuid) and `payload_hash`
   * (schema/pin-binding.ts); a bound token is accepted only for that request, and any token only once.
   */
  verifyPin: def({
    method: "POST",
    path: "/users/v2/auth/verify-pin",
    body: Schema.Union([Schema.Struct({ pin: PinString, ...PinBindingFields }), Schema.Struct({ temporary_token: TemporaryTokenString, ...PinBindingFields })]),
    refusals: REFUSALS.verifyPin,
    response: Envelope(Schema.Struct({ pin_token: Str, expires_in: Schema.Int }))
  }),

  // ── Sign-up (core §7) ──────────────────────────────────────────────────────
  signup: def({
    method: "POST",
    path: "/users/signup",
    auth: false,
    body: Schema.Struct({ name: PersonName, email: EmailString, phone_number: PhoneString, recaptcha_token: Str }),
    refusals: REFUSALS.signup,
    response: Envelope(SignupRecord)
  }),
  signupPatch: def({
    method: "PATCH",
    path: "/users/signup/{id}",
    auth: false,
    body: Schema.Struct({ name: optStr, phone_number: Schema.optionalKey(PhoneString) }),
    refusals: REFUSALS.signupPatch,
    response: Envelope(SignupRecord)
  }),
  signupGet: def({ method: "GET", path: "/users/signup/{id}", auth: false, response: Envelope(SignupRecord) }),
  signupSendCode: def({ method: "GET", path: "/users/signup/{id}/code", auth: false, refusals: REFUSALS.signupSendCode, response: Ok }),
  signupConfirm: def({
    method: "POST",
    path: "/users/signup/{id}/code",
    auth: false,
    body: Schema.Struct({ code: Str, password: StrongPasswordString, document: Str }),
    refusals: REFUSALS.signupConfirm,
    response: Envelope(SignupRecord)
  }),

  // ── User (core §7) ─────────────────────────────────────────────────────────
  profile: def({ method: "GET", path: "/users/users/profile", response: Envelope(UserProfile) }),
  onboarding: def({ method: "GET", path: "/users/users/onboarding", response: Envelope(Onboarding) }),
  onboardingUpdate: def({
    method: "PUT",
    path: "/users/users/onboarding",
    body: ProfileUpdateForm,
    refusals: REFUSALS.onboardingUpdate,
    response: Envelope(Onboarding)
  }),
  hasPin: def({ method: "GET", path: "/users/users/has-pin", response: Envelope(Schema.Struct({ has_pin: Schema.Boolean })) }),
  addPin: def({ method: "PUT", path: "/users/users/pin", body: Schema.Struct({ pin: PinString }), refusals: REFUSALS.addPin, response: Ok }),
  updatePin: def({
    method: "PATCH",
    path: "/users/users/pin",
    body: Schema.Union([Schema.Struct({ current_pin: PinString, new_pin: PinString }), Schema.Struct({ temporary_token: Str, new_pin: PinString })]),
    refusals: REFUSALS.updatePin,
    response: Ok
  }),
  occupations: def({
    method: "GET",
    path: "/api-2/v2/onboarding/cbos",
    query: Schema.Struct({ search: Str, page: optStr, page_size: optStr }),
    response: Envelope(Schema.Struct({ occupations: Schema.Array(Occupation) }))
  }),
  address: def({ method: "GET", path: "/api-2/banking/address", response: Envelope(Schema.NullOr(Address)) }),
  /** The postcode service's shape (core §3); the sandbox serves it, the client calls it by a configurable URL. */
  zipLookup: def({ method: "GET", path: "/zip/{cep}/json", auth: false, response: ZipLookup }),

  // ── Wallets (core §7) ──────────────────────────────────────────────────────
  wallets: def({ method: "GET", path: "/users/operations/wallets", query: Schema.Struct(Page), response: Envelope(Paged(Wallet)) }),
  walletCreate: def({
    transaction: true,
    method: "POST",
    path: "/users/operations/wallets",
    body: Schema.Struct({ name: WalletName }),
    refusals: REFUSALS.walletCreate,
    response: Envelope(Wallet)
  }),
  walletGet: def({ method: "GET", path: "/users/operations/wallets/{id}", response: Envelope(Wallet) }),
  walletUpdate: def({
    transaction: true,
    method: "PUT",
    path: "/users/operations/wallets/{id}",
    body: Schema.Struct({ name: Schema.optionalKey(WalletName), default: Schema.optionalKey(Schema.Boolean) }),
    refusals: REFUSALS.walletUpdate,
    response: Envelope(Wallet)
  }),
  walletDelete: def({
    transaction: true,
    method: "DELETE",
    path: "/users/operations/wallets/{id}",
    query: Schema.Struct({ wallet_backup_id: optStr }),
    refusals: REFUSALS.walletDelete,
    response: Ok
  }),
  checkGatewayWallets: def({
    method: "POST",
    path: "/users/payments-gateway/check-wallets",
    body: Schema.Struct({ wallets_ids: Schema.Array(Str) }),
    refusals: REFUSALS.checkGatewayWallets,
    response: Envelope(Schema.Struct({ wallets_ids: Schema.Array(Str) }))
  }),
  walletAccounts: def({
    method: "GET",
    path: "/users/operations/wallet-accounts",
    wallet: true,
    permission: P.getWalletAccounts,
    query: Schema.Struct({ ...Page, currency_symbol: optStr }),
    response: Envelope(Paged(WalletAccount))
  }),
  pendingBalance: def({
    method: "GET",
    path: "/users/operations/balance/pending",
    wallet: true,
    permission: P.getPendingBalance,
    response: Envelope(PendingBalance)
  }),
  invitationsReceived: def({
    method: "GET",
    path: "/users/v2/operations/wallet-invitations/my",
    query: Schema.Struct(Page),
    response: Envelope(Paged(WalletInvitation))
  }),
  /** The wallet's invitations (invitee e-mails, roles): for who manages its users, as the users list (issue 30). */
  invitationsSent: def({
    method: "GET",
    path: "/users/v2/operations/wallet-invitations/user",
    wallet: true,
    permission: P.getPermissionUsers,
    query: Schema.Struct(Page),
    response: Envelope(Paged(WalletInvitation))
  }),
  invitationCreate: def({
    transaction: true,
    method: "POST",
    path: "/users/v2/operations/wallet-invitations",
    wallet: true,
    permission: P.postInvitation,
    body: Schema.Struct({ wallet_id: Str, email: TypedEmail, permission_types: GrantedRoles }),
    refusals: REFUSALS.invitationCreate,
    response: Envelope(WalletInvitation)
  }),
  invitationAccept: def({
    transaction: true,
    method: "PUT",
    path: "/users/v2/operations/wallet-invitations/accept",
    body: Schema.Struct({ invite_id: Str }),
    refusals: REFUSALS.invitationAccept,
    response: Envelope(WalletInvitation)
  }),
  invitationDecline: def({
    transaction: true,
    method: "PUT",
    path: "/users/v2/operations/wallet-invitations/decline",
    body: Schema.Struct({ invite_id: Str }),
    refusals: REFUSALS.invitationDecline,
    response: Envelope(WalletInvitation)
  }),
  invitationCancel: def({
    transaction: true,
    method: "DELETE",
    path: "/users/v2/operations/wallet-invitations/{id}",
    refusals: REFUSALS.invitationCancel,
    response: Envelope(WalletInvitation)
  }),
  permissionActions: def({
    method: "GET",
    path: "/users/operations/permissions/actions",
    wallet: true,
    query: Schema.Struct({ ...Page, permission_types: optStr }),
    response: Envelope(Paged(PermissionAction))
  }),
  permissionUsers: def({
    method: "GET",
    path: "/users/operations/permissions/users",
    wallet: true,
    permission: P.getPermissionUsers,
    query: Schema.Struct(Page),
    response: Envelope(Paged(PermissionUser))
  }),
  permissionUpdate: def({
    transaction: true,
    method: "PATCH",
    path: "/users/operations/permissions",
    wallet: true,
    permission: P.patchPermissions,
    body: Schema.Struct({ user_id: Str, permission_types: GrantedRoles }),
    refusals: REFUSALS.permissionUpdate,
    response: Envelope(PermissionUser)
  }),
  permissionRemove: def({
    transaction: true,
    method: "DELETE",
    path: "/users/operations/permissions",
    wallet: true,
    permission: P.deletePermissions,
    query: Schema.Struct({ user_id: Str }),
    refusals: REFUSALS.permissionRemove,
    response: Ok
  }),
  /** Unlink: a user removes their own access (core §6); an owner/admin may remove another's. */
  permissionRemoveByUser: def({
    transaction: true,
    method: "DELETE",
    path: "/users/operations/permissions/by-user/{userId}",
    query: Schema.Struct({ wallet_id: Str }),
    refusals: REFUSALS.permissionRemoveByUser,
    response: Ok
  }),
  bankingAccount: def({
    method: "GET",
    path: "/users/users/banking/accounts",
    wallet: true,
    permission: P.getBankingAccounts,
    response: Envelope(BankingAccount)
  }),

  // ── Currencies and conversion (core §7, features §7) ──────────────────────
  currencies: def({ method: "GET", path: "/users/operations/currencies", response: Envelope(Schema.Array(Currency)) }),
  spotQuote: def({
    method: "GET",
    path: "/users/v2/quotations/spot",
    wallet: true,
    query: Schema.Struct({ base: QuotedCurrency, quote: QuotedCurrency }).check(brlOnOneSide("base", "quote")),
    refusals: REFUSALS.spotQuote,
    response: Envelope(SpotQuote)
  }),
  /** `amount` is in minor units of `from_currency`. */
  convert: def({
    method: "POST",
    path: "/users/v2/conversions",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postConversion,
    body: Schema.Struct({
      quote_id: Str,
      side: ConversionSide,
      from_currency: CurrencySymbol,
      to_currency: CurrencySymbol,
      amount: PositiveAmount,
      pin_token: Str
    }).check(brlOnOneSide("from_currency", "to_currency"), sideOfPair),
    refusals: REFUSALS.convert,
    response: Envelope(Conversion)
  }),
  trends: def({
    method: "GET",
    path: "/users/quotations/trends",
    query: Schema.Struct({ base: optStr, quote: optStr }),
    response: Envelope(Schema.Array(TrendSample))
  }),
  portfolioStatements: def({
    method: "GET",
    path: "/users/otc/portfolio-statements",
    wallet: true,
    permission: P.getWalletAccounts,
    query: Schema.Struct(Page),
    response: Envelope(Paged(Conversion))
  }),

  // ── Notifications and the live stream (core §7) ───────────────────────────
  notifications: def({
    method: "GET",
    path: "/users/notifications",
    query: Schema.Struct(Page),
    response: Schema.Struct({ data: Schema.Array(Notification), pagination: NotificationPageInfo })
  }),
  notificationRead: def({
    method: "PATCH",
    path: "/users/notifications/{id}",
    body: Schema.Struct({ read: Schema.Boolean }),
    refusals: REFUSALS.notificationRead,
    response: Envelope(Notification)
  }),
  unreadCount: def({ method: "GET", path: "/api-2/notifications/count_unread", response: Envelope(Schema.Struct({ count: Schema.Int })) }),
  /** SSE; `text/event-stream`, each data line is a StreamEvent (schema/stream.ts). */
  stream: def({ method: "GET", path: "/users/events/stream", query: Schema.Struct({ wallet_ids: optStr }), response: Schema.Unknown }),

  // ── Statements, exports, receipts (features §7) ────────────────────────────
  statement: def({
    method: "GET",
    path: "/users/v2/reports/operation-statement",
    wallet: true,
    permission: P.getStatement,
    query: Schema.Struct({
      ...Page,
      start_date: optStr,
      end_date: optStr,
      type: optStr,
      status: optStr,
      direction: optStr,
      search: optStr,
      min_amount: optStr,
      max_amount: optStr,
      // D-compact-pages: the sync's keyset pull asks arrays (sync/pullers/statements.ts)
      format: CompactFormat
    }),
    refusals: REFUSALS.statement,
    response: Envelope(Paged(StatementEntry))
  }),
  statementGet: def({
    method: "GET",
    path: "/users/v2/reports/operation-statement/{id}",
    wallet: true,
    permission: P.getStatement,
    response: Envelope(StatementEntry)
  }),
  /** issue 30 item 8 (D-ledger-reconcile): the statement's sums per currency over a keyset range and its balance at `upto`. */
  statementLedger: def({
    method: "GET",
    path: "/users/v2/reports/statement-ledger",
    wallet: true,
    permission: P.getStatement,
    query: Schema.Struct({ after: optStr, upto: optStr }),
    response: Envelope(StatementLedger)
  }),
  statementExportCreate: def({
    method: "POST",
    path: "/users/v3/reports/operation-statement/exports",
    wallet: true,
    permission: P.postStatementExport,
    body: Schema.Struct({ start_date: IsoDate, end_date: IsoDate, format: Schema.Literals(["csv", "pdf"]) }),
    refusals: REFUSALS.statementExportCreate,
    response: Envelope(StatementExport)
  }),
  statementExportGet: def({
    method: "GET",
    path: "/users/v3/reports/operation-statement/exports/{id}",
    wallet: true,
    permission: P.postStatementExport,
    response: Envelope(StatementExport)
  }),
  storageFileUrl: def({ method: "GET", path: "/users/v2/storage/files/{id}/url", wallet: true, response: Envelope(StorageFileUrl) }),
  storageFileDownload: def({ method: "GET", path: "/users/v2/storage/files/{id}/download", auth: false, response: Schema.Unknown }),
  receipt: def({ method: "GET", path: "/users/operations/{id}/receipt", wallet: true, permission: P.getReceipts, response: Envelope(Receipt) }),
  receiptGenerate: def({
    method: "POST",
    path: "/users/operations/{id}/receipt/generate",
    wallet: true,
    permission: P.getReceipts,
    refusals: REFUSALS.receiptGenerate,
    response: Envelope(Receipt)
  }),
  pixReceipt: def({ method: "GET", path: "/users/v2/pix/receipt/by-operation/{id}", wallet: true, permission: P.getReceipts, response: Envelope(Receipt) }),

  // ── Pix payment (only what staged approval needs here; features §7) ───────
  pixDecodeByKey: def({
    method: "GET",
    path: "/users/pix/payments/decode/by-key",
    wallet: true,
    query: Schema.Struct({ key: SentPixKey }),
    response: Envelope(Schema.Struct({ key: Str, key_type: Str, beneficiary_name: Str, beneficiary_document: Str, beneficiary_bank: Str }))
  }),
  pixPayByKey: def({
    method: "POST",
    path: "/users/v2/pix/payments/by-key/instant-billing",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postPixByKey,
    body: Schema.Struct({ key: SentPixKey, amount: PositiveAmount, description: PixDescription, pin_token: Str }),
    refusals: REFUSALS.pixPayByKey,
    response: Envelope(PixPaymentResult)
  }),

  // ── Staged approval (features §3–§6; paths not shown: our decision) ───────
  approvalSettings: def({
    method: "GET",
    path: "/users/operations/approval-settings",
    wallet: true,
    permission: P.getApprovalSettings,
    query: Schema.Struct(Page),
    response: Envelope(Paged(ApprovalSetting))
  }),
  approvalSettingCreate: def({
    transaction: true,
    method: "POST",
    path: "/users/operations/approval-settings",
    wallet: true,
    permission: P.postApprovalSettings,
    body: Schema.Struct({ min_value: MinorUnits, approvers: Schema.Int }),
    refusals: REFUSALS.approvalSettingCreate,
    response: Envelope(ApprovalSetting)
  }),
  approvalSettingUpdate: def({
    transaction: true,
    method: "PUT",
    path: "/users/operations/approval-settings/{id}",
    wallet: true,
    permission: P.postApprovalSettings,
    body: Schema.Struct({ min_value: MinorUnits, approvers: Schema.Int }),
    refusals: REFUSALS.approvalSettingUpdate,
    response: Envelope(ApprovalSetting)
  }),
  approvalSettingDelete: def({
    transaction: true,
    method: "DELETE",
    path: "/users/operations/approval-settings/{id}",
    wallet: true,
    permission: P.postApprovalSettings,
    refusals: REFUSALS.approvalSettingDelete,
    response: Ok
  }),
  approvalRequests: def({
    method: "GET",
    path: "/users/operations/approval-requests",
    wallet: true,
    // D-approval-quorum: every request with get-all-assisted-payments; only the caller's own with a staged payment's permission
    permission: READS_APPROVAL_QUEUE,
    query: Schema.Struct({ ...Page, status: optStr }),
    response: Envelope(Paged(ApprovalRequest))
  }),
  approvalRequestGet: def({
    method: "GET",
    path: "/users/operations/approval-requests/{id}",
    wallet: true,
    permission: READS_APPROVAL_QUEUE, // another's request is not found by a reader of their own only (D-approval-quorum)
    refusals: REFUSALS.approvalRequestGet,
    response: Envelope(ApprovalRequest)
  }),
  approvalApprove: def({
    method: "POST",
    path: "/users/operations/approval-requests/{id}/approve",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: P.postApprovalDecision,
    body: PinToken,
    refusals: REFUSALS.approvalApprove,
    response: Envelope(ApprovalRequest)
  }),
  approvalReprove: def({
    method: "POST",
    path: "/users/operations/approval-requests/{id}/reprove",
    wallet: true,
    transaction: true,
    sensitive: true,
    permission: REPROVES_APPROVAL, // the requester's withdrawal needs no decision permission (D-approval-quorum)
    body: Schema.Struct({ pin_token: Str, reason: optStr }),
    refusals: REFUSALS.approvalReprove,
    response: Envelope(ApprovalRequest)
  }),
  approvalHistory: def({
    method: "GET",
    path: "/users/operations/approval-history",
    wallet: true,
    permission: P.getApprovalHistory,
    query: Schema.Struct({ ...Page, status: optStr }),
    response: Envelope(Paged(ApprovalRequest))
  }),
  ...cardsApi,
  ...pixApi,
  ...pixClaimsApi,
  ...pixScheduleApi,
  ...pixLimitsApi,
  ...billetApi,
  ...tedApi,
  ...storageApi,
  ...bettingApi,
  ...gatewayApi,
  ...pixStatementApi,
  ...pixMedApi
} as const satisfies Record<string, EndpointDef>

export type Api = typeof api
export type EndpointId = keyof Api
export type ResponseOf<K extends EndpointId> = Api[K]["response"]["Type"]
export type BodyOf<K extends EndpointId> = Api[K] extends { body: Schema.Top } ? Api[K]["body"]["Type"] : never
export type QueryOf<K extends EndpointId> = Api[K] extends { query: Schema.Top } ? Api[K]["query"]["Type"] : never

/** Statement filters as the server accepts them (used by the server-round-trip benchmark). */
export const StatementFilterQuery = Schema.Struct({
  type: Schema.optionalKey(StatementType),
  status: Schema.optionalKey(StatementStatus)
})

/** Compile a path template to a matcher: `/a/{id}/b` → /^\/a\/([^/]+)\/b$/ */
export const templateToRegExp = (template: string): RegExp =>
  new RegExp("^" + template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "([^/]+)") + "$")

/** The allowed-path list of core §7: any other path is rejected locally with UNAUTHORIZED_ENDPOINT. */
export const ALLOWED_PATHS: ReadonlyArray<{ readonly method: Method; readonly re: RegExp; readonly id: EndpointId }> = (Object.keys(api) as EndpointId[]).map(
  (id) => ({ id, method: api[id].method, re: templateToRegExp(api[id].path) })
)

export const isAllowedPath = (method: string, path: string): boolean => ALLOWED_PATHS.some((p) => p.method === method && p.re.test(path.split("?")[0] ?? ""))

/** Fill a template's `{params}`, URI-encoded. */
export const fillPath = (template: string, params: Readonly<Record<string, string>>): string =>
  template.replace(/\{([^}]+)\}/g, (_, k: string) => {
    const v = params[k]
    if (v === undefined) throw new Error(`missing path param ${k}`)
    return encodeURIComponent(v)
  })
