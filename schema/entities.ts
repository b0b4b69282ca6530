/**
 * The entities of the users API (spec core §3, features §3). One Schema each; the
 * TypeScript types derive from them. Where the spec says "not shown", the fields are our
 * decision, recorded in docs/decisions.md.
 */
import { Schema } from "effect"
import { CurrencySymbol, Id, IsoDate, IsoDateTime, MinorUnits } from "./common.ts"

// ── Users, session, onboarding (core §3, §4) ────────────────────────────────
export const AccountType = Schema.Literals(["NATURAL_PERSON", "LEGAL_PERSON"])
export type AccountType = typeof AccountType.Type
export const ServerType = Schema.Literals(["green", "blue"])
export type ServerType = typeof ServerType.Type

export const UserProfile = Schema.Struct({
  id: Id,
  name: Schema.String,
  full_name: Schema.String,
  email: Schema.String,
  phone_number: Schema.String,
  type: AccountType,
  document: Schema.String,
  referral_link: Schema.NullOr(Schema.String),
  server_type: ServerType
})
export type UserProfile = typeof UserProfile.Type

export const OnboardingStatus = Schema.Literals(["incomplete", "pending", "finished", "expired"])
export type OnboardingStatus = typeof OnboardingStatus.Type

export const Address = Schema.Struct({
  zip_code: Schema.String,
  street: Schema.String,
  number: Schema.Int,
  complement: Schema.NullOr(Schema.String),
  neighborhood: Schema.String,
  city: Schema.String,
  federative_unit: Schema.String,
  country: Schema.String
})
export type Address = typeof Address.Type

export const Onboarding = Schema.Struct({
  status: Schema.NullOr(Schema.String), // raw: the client applies core §4's rules to odd values
  full_name: Schema.NullOr(Schema.String),
  mother_name: Schema.NullOr(Schema.String),
  birth_date: Schema.NullOr(Schema.String),
  pin_status: Schema.NullOr(Schema.String),
  patrimony: Schema.NullOr(MinorUnits),
  nationality: Schema.NullOr(Schema.String),
  pep: Schema.Boolean,
  pep_since: Schema.NullOr(Schema.String),
  occupation_cbo: Schema.NullOr(Schema.Int),
  occupation_income: Schema.NullOr(MinorUnits),
  document_status: Schema.NullOr(Schema.String),
  selfie_status: Schema.NullOr(Schema.String),
  facematch_status: Schema.NullOr(Schema.String),
  rejected_reason_code: Schema.NullOr(Schema.String),
  review_status: Schema.NullOr(Schema.String),
  review_reject_message: Schema.NullOr(Schema.String),
  require_accept_migration_terms: Schema.Boolean,
  needs_profile_update: Schema.Boolean,
  address: Schema.NullOr(Address)
})
export type Onboarding = typeof Onboarding.Type

/** Profile-update form (core §3, §5). Occupation code and number travel as numbers. */
export const ProfileUpdateForm = Schema.Struct({
  address: Address,
  occupation_cbo: Schema.Int,
  occupation_income: MinorUnits
})
export type ProfileUpdateForm = typeof ProfileUpdateForm.Type

export const Occupation = Schema.Struct({ cbo_id: Schema.Int, cbo: Schema.String, name: Schema.String })
export type Occupation = typeof Occupation.Type
/** Not-reported occupation code (core §5, §9). */
export const OCCUPATION_NOT_REPORTED = 3940

/** Postcode lookup result, the public service's shape (core §3). */
export const ZipLookup = Schema.Struct({
  cep: Schema.String,
  logradouro: Schema.String,
  complemento: Schema.String,
  bairro: Schema.String,
  localidade: Schema.String,
  uf: Schema.String
})
export type ZipLookup = typeof ZipLookup.Type

export const SignupRecord = Schema.Struct({ id: Id, state: Schema.String })
export type SignupRecord = typeof SignupRecord.Type

export const Tokens = Schema.Struct({
  access_token: Schema.String,
  refresh_token: Schema.String,
  expires_in: Schema.Int // seconds
})
export type Tokens = typeof Tokens.Type

// ── Wallets, accounts, balances (core §3) ───────────────────────────────────
export const Role = Schema.Literals(["ROOT", "ADMIN", "CLIENT", "APPROVER"])
export type Role = typeof Role.Type

export const WalletBranch = Schema.Struct({ id: Id, name: Schema.String })
export const Wallet = Schema.Struct({
  id: Id,
  name: Schema.String,
  owner_name: Schema.String,
  owner_id: Id,
  default: Schema.Boolean,
  permission_types: Schema.Array(Schema.String),
  is_matrix: Schema.Boolean,
  branches: Schema.Array(WalletBranch),
  created_at: IsoDateTime,
  updated_at: IsoDateTime
})
export type Wallet = typeof Wallet.Type

export const WalletAccount = Schema.Struct({
  id: Id,
  wallet_id: Id,
  currency_symbol: CurrencySymbol,
  currency_id: Schema.Int,
  currency_decimal: Schema.Int,
  balance: MinorUnits,
  updated_at: IsoDateTime
})
export type WalletAccount = typeof WalletAccount.Type

export const PendingBalance = Schema.Struct({
  pending_balance: MinorUnits,
  currency: CurrencySymbol,
  updated_at: IsoDateTime
})
export type PendingBalance = typeof PendingBalance.Type

export const PermissionAction = Schema.Struct({ tag: Schema.String })
export type PermissionAction = typeof PermissionAction.Type

export const PermissionUser = Schema.Struct({
  user_id: Id,
  name: Schema.String,
  email: Schema.String,
  permission_types: Schema.Array(Schema.String)
})
export type PermissionUser = typeof PermissionUser.Type

export const InvitationState = Schema.Literals(["SENT", "ACCEPTED", "DECLINED", "EXPIRED", "CANCELLED"])
export type InvitationState = typeof InvitationState.Type
export const WalletInvitation = Schema.Struct({
  invite_id: Id,
  wallet_id: Id,
  wallet_name: Schema.String,
  inviter_name: Schema.String,
  invitee_email: Schema.String,
  state: InvitationState,
  permission_types: Schema.Array(Schema.String),
  invited_at: IsoDateTime,
  accepted_at: Schema.NullOr(IsoDateTime),
  declined_at: Schema.NullOr(IsoDateTime),
  expired_at: Schema.NullOr(IsoDateTime),
  cancelled_at: Schema.NullOr(IsoDateTime),
  updated_at: IsoDateTime
})
export type WalletInvitation = typeof WalletInvitation.Type

export const BankingAccount = Schema.Struct({
  bank_code: Schema.String,
  bank_name: Schema.String,
  agency: Schema.String,
  account: Schema.String,
  digit: Schema.String
})
export type BankingAccount = typeof BankingAccount.Type

export const Currency = Schema.Struct({
  id: Schema.Int,
  symbol: CurrencySymbol,
  name: Schema.String,
  decimal: Schema.Int,
  convertible: Schema.Boolean
})
export type Currency = typeof Currency.Type

// ── Conversion (core §7, features §3) ───────────────────────────────────────
/** Prices are BRL cents per one whole unit of the base currency. */
export const SpotQuote = Schema.Struct({
  quote_id: Id,
  base: CurrencySymbol,
  quote: CurrencySymbol,
  price_buy: MinorUnits,
  price_sell: MinorUnits,
  iof_bps: Schema.Int,
  spread_bps: Schema.Int,
  min_amount: MinorUnits,
  expires_at: IsoDateTime
})
export type SpotQuote = typeof SpotQuote.Type

export const TrendPoint = Schema.Struct({
  price: MinorUnits,
  price_buy: MinorUnits,
  price_sell: MinorUnits,
  timestamp: IsoDateTime
})
export const TrendSample = Schema.Struct({
  quote_currency_symbol: Schema.String,
  base_currency_symbol: Schema.String,
  decimal: Schema.Int,
  title: Schema.String,
  points: Schema.Array(TrendPoint)
})
export type TrendSample = typeof TrendSample.Type

export const ConversionSide = Schema.Literals(["buy", "sell"])
export const Conversion = Schema.Struct({
  id: Id,
  wallet_id: Id,
  from_currency: CurrencySymbol,
  to_currency: CurrencySymbol,
  from_amount: MinorUnits,
  to_amount: MinorUnits,
  price: MinorUnits,
  iof_amount: MinorUnits,
  spread_amount: MinorUnits,
  status: Schema.Literals(["completed", "failed"]),
  created_at: IsoDateTime
})
export type Conversion = typeof Conversion.Type

// ── Notifications (core §3, §4) ─────────────────────────────────────────────
/**
 * What a notification says, as a message key and its values (D-approval-quorum): the client words it in the user's
 * language (`locales/<lang>/notifications.json` messages.<key>); `title` / `description` stay the server's Portuguese
 * text, shown when the key is unknown. A value named `amount` is in cents; one ending in `_at` is an ISO date-time.
 */
export const NotificationMessage = Schema.Struct({
  key: Schema.String,
  params: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number]))
})
export type NotificationMessage = typeof NotificationMessage.Type
export const Notification = Schema.Struct({
  id: Id,
  title: Schema.String,
  description: Schema.String,
  created_at: IsoDateTime,
  read: Schema.Boolean,
  message: Schema.optionalKey(NotificationMessage)
})
export type Notification = typeof Notification.Type
export const NotificationPageInfo = Schema.Struct({
  page: Schema.Int,
  total_per_page: Schema.Int,
  total: Schema.Int,
  total_pages: Schema.Int
})

// ── Statements, exports, receipts (features §3, §7) ─────────────────────────
export const StatementType = Schema.Literals([
  "PIX_IN",
  "PIX_OUT",
  "TED_IN",
  "TED_OUT",
  "BILLET_PAYMENT",
  "BILLET_DEPOSIT",
  "CONVERSION_IN",
  "CONVERSION_OUT",
  "CARD_PURCHASE",
  "FEE",
  "REFUND",
  "GATEWAY_DEPOSIT",
  "GATEWAY_WITHDRAW"
])
export type StatementType = typeof StatementType.Type
export const STATEMENT_TYPES = StatementType.literals
export const StatementStatus = Schema.Literals(["pending", "completed", "failed", "reverted"])
export type StatementStatus = typeof StatementStatus.Type
export const STATEMENT_STATUSES = StatementStatus.literals
export const Direction = Schema.Literals(["in", "out"])
export type Direction = typeof Direction.Type

export const StatementEntry = Schema.Struct({
  id: Id,
  wallet_id: Id,
  operation_id: Id,
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  type: StatementType,
  direction: Direction,
  status: StatementStatus,
  currency_symbol: CurrencySymbol,
  amount: MinorUnits, // always positive; direction says the sign
  balance_after: MinorUnits,
  description: Schema.String,
  counterparty_name: Schema.String,
  counterparty_document: Schema.String,
  end_to_end_id: Schema.NullOr(Schema.String),
  transaction_uuid: Schema.NullOr(Schema.String)
})
export type StatementEntry = typeof StatementEntry.Type

export const StorageFileState = Schema.Literals(["PENDING", "READY", "DELETING", "DELETED", "ERROR"])
export type StorageFileState = typeof StorageFileState.Type
export const ExportJobStatus = Schema.Literals(["in_progress", "completed", "failure"])
export const StatementExport = Schema.Struct({
  id: Id,
  wallet_id: Id,
  status: ExportJobStatus,
  progress: Schema.Int, // 0..100
  format: Schema.Literals(["csv", "pdf"]),
  start_date: IsoDate,
  end_date: IsoDate,
  file_id: Schema.NullOr(Id),
  file_state: Schema.NullOr(StorageFileState),
  rows: Schema.Int,
  created_at: IsoDateTime
})
export type StatementExport = typeof StatementExport.Type

export const StorageFileUrl = Schema.Struct({ id: Id, url: Schema.String, state: StorageFileState, expires_at: IsoDateTime })

export const ReceiptStatus = Schema.Literals(["PENDING", "READY", "ERROR"])
export const Receipt = Schema.Struct({
  operation_id: Id,
  status: ReceiptStatus,
  html: Schema.NullOr(Schema.String), // sanitised by the client before display
  url: Schema.NullOr(Schema.String),
  entry: Schema.NullOr(StatementEntry),
  /** The bank's authentication code of the movement, once READY (issue 31 item 1: until it arrives a receipt is a local copy). */
  authentication: Schema.optionalKey(Schema.NullOr(Schema.String))
})
export type Receipt = typeof Receipt.Type

// ── Staged approval (features §3, §4, §5) ───────────────────────────────────
export const ApprovalSetting = Schema.Struct({
  id: Id,
  wallet_id: Id,
  min_value: MinorUnits,
  approvers: Schema.Int, // 1..100
  created_at: IsoDateTime,
  updated_at: IsoDateTime
})
export type ApprovalSetting = typeof ApprovalSetting.Type

export const ApprovalStatus = Schema.Literals(["started", "approved", "reproved", "canceled", "finished"])
export type ApprovalStatus = typeof ApprovalStatus.Type
export const ApprovalDecision = Schema.Struct({
  user_id: Id,
  user_name: Schema.String,
  decision: Schema.Literals(["approved", "reproved"]),
  decided_at: IsoDateTime
})
export type ApprovalDecision = typeof ApprovalDecision.Type
/** An approver the request still waits for (issue 32 item 3, D-approval-quorum). */
export const ApprovalAwaited = Schema.Struct({
  user_id: Id,
  user_name: Schema.String
})
export type ApprovalAwaited = typeof ApprovalAwaited.Type
export const PixPaymentOrder = Schema.Struct({
  key: Schema.String,
  key_type: Schema.Literals(["cpf", "cnpj", "email", "phone", "random"]),
  beneficiary_name: Schema.String,
  beneficiary_document: Schema.String,
  beneficiary_bank: Schema.String,
  description: Schema.String
})
export type PixPaymentOrder = typeof PixPaymentOrder.Type
export const ApprovalRequest = Schema.Struct({
  id: Id,
  wallet_id: Id,
  status: ApprovalStatus,
  amount: MinorUnits,
  payment: PixPaymentOrder,
  required_approvals: Schema.Int,
  approvals: Schema.Array(ApprovalDecision),
  /**
   * The quorum's missing part (issue 32 item 3, D-approval-quorum): the wallet's members whose role may approve, minus the
   * requester and those who decided, by name; empty once the request is closed. Optional: a row stored before it has none.
   */
  awaiting: Schema.optionalKey(Schema.Array(ApprovalAwaited)),
  requested_by: Id,
  requested_by_name: Schema.String,
  operation_id: Schema.NullOr(Id), // set when the payment executed (finished)
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  expires_at: IsoDateTime // 23:59:59 America/Sao_Paulo of the creation day (features §4)
})
export type ApprovalRequest = typeof ApprovalRequest.Type

/** Result of a Pix payment: paid at once, or held for staged approval (features §6). */
export const PixPaymentResult = Schema.Struct({
  status: Schema.Literals(["completed", "awaiting_approval"]),
  operation_id: Schema.NullOr(Id),
  approval_request_id: Schema.NullOr(Id),
  end_to_end_id: Schema.NullOr(Schema.String),
  amount: MinorUnits
})
export type PixPaymentResult = typeof PixPaymentResult.Type

/** Gateway dashboard aggregate (core §3, features §3). */
export const DashboardAggregate = Schema.Struct({
  type: Schema.Literals(["transaction", "refund", "returned", "withdraw"]),
  status: Schema.String,
  total_items: Schema.Int,
  total_value: MinorUnits
})
