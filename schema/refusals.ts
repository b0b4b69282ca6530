/**
 * The refusals an endpoint can answer (issue 29 item 3, second half; D-rules-on-contract): the catalogue keys its route
 * refuses with, declared beside the call in the contract (`refusals` of `def`, from the lists below), on top of the ones
 * every call may answer. A view gets the typed union of a call's refusals (`RefusalOf<"pixPayByKey">`) and translates
 * any of them one way (`refusalI18nKey`). A plain module (no Schema library, no contract): a view imports it without
 * loading the contract.
 *
 * The sandbox holds its routes to it: a refusal a route answers that its endpoint does not declare is a 500 while
 * responses are checked (sandbox/http.ts), as a response that breaks its Schema is.
 */
import type { ERROR_KEYS } from "./error-keys.ts"

export type CatalogueKey = (typeof ERROR_KEYS)[number]

/**
 * What any call may answer, from the pipeline before and around its route (sandbox/http.ts): headers, token, wallet and
 * permission, onboarding, the body's Schema and its rules, the PIN token, idempotency, limits and faults; and a route's
 * own field refusal (INCORRECT_DATA with `fields`) or a record it does not find (NOT_FOUND).
 */
export const COMMON_REFUSALS = [
  "INVALID_REQUEST",
  "INVALID_FORMAT",
  "NOT_AUTHORIZED",
  "USER_ID_NOT_FOUND",
  "WITHOUT_PERMISSION",
  "UNABLE_TO_PERFORM_UPDATE_REQUIRED",
  "NOT_FOUND",
  "INCORRECT_DATA",
  "PIN_REQUIRED",
  "CONFLICT_MAY_HAVE_COMPLETED",
  "REQUEST_LIMIT_REACHED",
  "INTERNAL_ERROR",
  "GATEWAY_TIMEOUT"
] as const satisfies ReadonlyArray<CatalogueKey>
export type CommonRefusal = (typeof COMMON_REFUSALS)[number]

/** A debit of the ledger (sandbox/ledger.ts `postEntry`): the balance, or no account in the currency. */
const DEBIT = ["INSUFFICIENT_BALANCE", "NO_TRANSACTIONS_IN_CURRENCY"] as const

/** Every Pix sent: the balance (a MED block included) and the day or night limit (issue 12). */
const PIX_OUT = [...DEBIT, "PIX_LIMIT_DAY_EXCEEDED", "PIX_LIMIT_NIGHT_EXCEEDED"] as const

/** A Pix code read (sandbox/areas/pix-qr `resolve`): its format and checksum, and a dynamic code no longer payable. */
const PIX_CODE = ["PIX_QR_INVALID", "PIX_QR_CRC", "PIX_QR_UNSUPPORTED", "PIX_QR_EXPIRED", "PIX_QR_ALREADY_PAID"] as const

/** The six by-qr-code payments share one route (D-pix-qr-variants): the code's own refusals and every Pix sent's. */
const PIX_BY_CODE = [...PIX_OUT, ...PIX_CODE, "PIX_QR_AMOUNT_MISMATCH"] as const

/** A code typed against the ones sent (sign-in, password reset, unlock, OTP): wrong, or too many tries or codes. */
const CODE_CHECK = ["INCORRECT_CODE", "ATTEMPTS_EXCEEDED"] as const

/** A PIN checked (sandbox/areas/auth `checkPin`), or a temporary token spent instead (`spendTemporaryToken`). */
const PIN_CHECK = ["INCORRECT_PIN", ...CODE_CHECK] as const

/** A password guess, whichever door it comes through (issue 30 item 5): the e-mail's slow-down and lock. */
const SIGNIN_THROTTLE = ["SIGNIN_SLOW_DOWN", "SIGNIN_LOCKED"] as const

/** A card of the wallet (sandbox/areas/cards `liveCard`): cards live on the default wallet only; cancelled is final. */
const CARD_OF = ["CARDS_ONLY_DEFAULT_WALLET", "CARD_NOT_FOUND", "CARD_CANCELLED"] as const

/** A key's portability or ownership claim, or its confirmation code, moved from a state that does not allow it. */
const PIX_CLAIM_MOVE = ["PIX_CLAIM_INVALID_STATE"] as const

/** A Pix Automático authorization moved from a status that does not allow it, or with a maximum below the floor. */
const AUTOMATIC_MOVE = ["PIX_AUTOMATIC_INVALID_STATUS"] as const
const AUTOMATIC_MAX = [...AUTOMATIC_MOVE, "PIX_AUTOMATIC_MAX_BELOW_FLOOR"] as const
/** A Pix Automático QR code read: its format and checksum, not an automatic one, or one already authorized. */
const AUTOMATIC_QR = ["PIX_QR_CRC", "PIX_QR_INVALID", "PIX_AUTOMATIC_QR_NOT_AUTOMATIC", "PIX_AUTOMATIC_QR_TAKEN"] as const

/** A scheduled Pix, a recurrence or an automatic charge no longer scheduled (executed, failed or cancelled). */
const NOT_SCHEDULED = ["UNABLE_TO_PERFORM_ACTION"] as const

/** A decision on an approval request (the one who decides, the request's state); the last approval also settles it. */
const APPROVAL_DECISION = ["APPROVAL_REQUEST_NOT_FOUND", "APPROVAL_ALREADY_DECIDED", "APPROVAL_REQUEST_CLOSED"] as const

/** A boleto payment or deposit cancelled: found and still cancelable. */
const BILLET_CANCEL = ["BILLET_NOT_FOUND", "BILLET_NOT_CANCELABLE"] as const

/** A date range of a list or an export (from after to). */
const DATE_RANGE = ["DATE_RANGE_INVALID"] as const

/** The sports-betting area is a betting operator's (D-betting-contract); a GGR by its id. */
const BETTING = ["BETTING_OPERATOR_ONLY"] as const
const GGR_OF = [...BETTING, "GGR_NOT_FOUND"] as const
const GGR_CHANGE = [...GGR_OF, "GGR_CHANGE_NOT_ALLOWED"] as const

/** A multipart upload by its id (D-uploads-contract). */
const UPLOAD_OF = ["UPLOAD_NOT_FOUND"] as const

const INVITATION_MOVE = ["INVITATION_NOT_PENDING"] as const
const CODE_SEND = ["UNABLE_TO_SEND_OR_VERIFY_CODE"] as const

/** Only what any call may answer (COMMON_REFUSALS): declared, so the sandbox holds the route to it. */
const NONE = [] as const

/**
 * The refusals each endpoint declares, by endpoint id: each `def` of schema/api*.ts reads its own (`refusals: REFUSALS.<id>`).
 * Every call that changes something declares (an empty list when its route answers only the common refusals), and every
 * read whose route has a refusal of its own; a read absent here answers only the common ones. The keys are those the
 * route and the helpers it calls throw (tests/integration/sandbox-refusals.test.ts finds them in sandbox/ and holds this list to them).
 */
export const REFUSALS = {
  // ── auth, sign-up, PIN, password (sandbox/areas/auth) ──
  signin: [...SIGNIN_THROTTLE, "INVALID_CREDENTIALS", "ATTEMPTS_EXCEEDED"],
  sessionSignin: [...CODE_CHECK, "QR_SESSION_PENDING", "QR_SESSION_EXPIRED"],
  refreshToken: NONE,
  logout: NONE,
  changePassword: [...SIGNIN_THROTTLE, "INCORRECT_PASSWORD"],
  forgotPassword: ["ATTEMPTS_EXCEEDED"],
  forgotPasswordUpdate: CODE_CHECK,
  forgotPasswordDecline: NONE,
  signinUnlock: ["ATTEMPTS_EXCEEDED"],
  signinUnlockConfirm: CODE_CHECK,
  qrSessionToken: NONE,
  qrSessionActivate: ["QR_SESSION_EXPIRED"],
  otp: ["ATTEMPTS_EXCEEDED"],
  otpCreate: ["ATTEMPTS_EXCEEDED"],
  otpResend: [...CODE_SEND, "ATTEMPTS_EXCEEDED"],
  otpVerify: CODE_CHECK,
  verifyPin: PIN_CHECK,
  signup: ["RECAPTCHA_ERROR", "PHONE_ALREADY_CONFIRMED"],
  signupPatch: NONE,
  signupSendCode: CODE_SEND,
  signupConfirm: [...CODE_SEND, ...CODE_CHECK, "INVALID_DOCUMENT"],
  onboardingUpdate: NONE,
  addPin: ["PIN_ALREADY_EXISTS"],
  updatePin: PIN_CHECK,
  // ── wallets, invitations, permissions (sandbox/areas/wallets) ──
  walletCreate: ["WALLET_NAME_ALREADY_EXISTS"],
  walletUpdate: ["WALLET_NAME_ALREADY_EXISTS"],
  walletDelete: ["WALLET_HAS_BALANCE", "NO_OTHER_OWN_WALLET"],
  checkGatewayWallets: NONE,
  invitationCreate: ["ROLE_APPROVER_NEEDS_BASE"],
  invitationAccept: INVITATION_MOVE,
  invitationDecline: INVITATION_MOVE,
  invitationCancel: INVITATION_MOVE,
  permissionUpdate: ["CANNOT_REMOVE_OWNER", "ROLE_APPROVER_NEEDS_BASE"],
  permissionRemove: ["CANNOT_REMOVE_OWNER"],
  permissionRemoveByUser: ["CANNOT_REMOVE_OWNER"],
  // ── conversions (sandbox/areas/coins) ──
  spotQuote: ["CURRENCY_NOT_CONVERTIBLE"],
  convert: [...DEBIT, "CONVERSION_ONLY_DEFAULT_WALLET", "CURRENCY_NOT_CONVERTIBLE", "QUOTE_EXPIRED", "AMOUNT_BELOW_MINIMUM"],
  // ── notifications, statements, exports, receipts ──
  notificationRead: NONE,
  statement: DATE_RANGE,
  statementExportCreate: [...DATE_RANGE, "EXPORT_RANGE_SAME_MONTH", "EXPORT_LIMIT_REACHED"],
  receiptGenerate: NONE,
  // ── staged approval (sandbox/areas/approval) ──
  approvalSettingCreate: ["APPROVAL_SETTING_ALREADY_EXISTS", "APPROVAL_SETTING_NOT_FOUND"],
  approvalSettingUpdate: ["APPROVAL_SETTING_NOT_FOUND"],
  approvalSettingDelete: ["APPROVAL_SETTING_NOT_FOUND"],
  approvalRequestGet: ["APPROVAL_REQUEST_NOT_FOUND"],
  // the last approval settles the payment: a Pix sent (its balance) and a code paid through approval still payable
  approvalApprove: [...APPROVAL_DECISION, ...DEBIT, "PIX_QR_EXPIRED", "PIX_QR_ALREADY_PAID"],
  approvalReprove: APPROVAL_DECISION,
  // ── Pix: pay, codes, devolutions (sandbox/areas/pix, pix-qr) ──
  pixPayByKey: PIX_OUT,
  pixDecodeByAccount: ["PIX_ACCOUNT_NOT_FOUND", "PIX_ACCOUNT_DOCUMENT_NOT_RELATED"],
  pixPayByAccount: [...PIX_OUT, "PIX_ACCOUNT_NOT_FOUND", "PIX_ACCOUNT_DOCUMENT_NOT_RELATED"],
  pixQrCodeCreate: ["PIX_QR_KEY_NOT_OWN"],
  pixDecodeByQrCode: PIX_CODE,
  pixPayByQrStatic: PIX_BY_CODE,
  pixPayByQrDynamic: PIX_BY_CODE,
  pixPayByQrStaticWithdrawal: PIX_BY_CODE,
  pixPayByQrDynamicDue: PIX_BY_CODE,
  pixPayByQrDynamicWithdrawal: PIX_BY_CODE,
  pixPayByQrDynamicChange: PIX_BY_CODE,
  pixDevolutionCreate: [...DEBIT, "PIX_DEVOLUTION_EXPIRED", "PIX_DEVOLUTION_OVER_RECEIVED"],
  // ── Pix keys and claims (sandbox/areas/pix-keys) ──
  pixKeyCreate: ["PIX_KEY_DOCUMENT_NOT_RELATED", "PIX_KEY_ALREADY_REGISTERED", "PIX_KEY_LIMIT_REACHED"],
  pixKeyDelete: ["PIX_KEY_IN_CLAIM"],
  pixKeyCodeResend: PIX_CLAIM_MOVE,
  pixKeyCodeConfirm: [...CODE_CHECK, "PIX_KEY_CODE_EXPIRED"],
  pixKeyCodeCancel: PIX_CLAIM_MOVE,
  pixClaimStart: ["PIX_CLAIM_NOT_ALLOWED", "PIX_KEY_IN_CLAIM", "PIX_KEY_LIMIT_REACHED"],
  pixClaimCancel: PIX_CLAIM_MOVE,
  pixClaimApprove: PIX_CLAIM_MOVE,
  pixClaimReject: PIX_CLAIM_MOVE,
  // ── scheduled Pix and recurrences, Pix Automático, automatic withdrawals ──
  scheduledPixCreate: NONE,
  pixPaymentCancelByOperation: NOT_SCHEDULED,
  pixRecurrenceCreate: ["RECURRING_PIX_ABOVE_MAXIMUM"],
  pixRecurrenceDeactivate: NOT_SCHEDULED,
  automaticAuthorizationByQr: AUTOMATIC_QR,
  automaticAuthorizationApprove: AUTOMATIC_MAX,
  automaticAuthorizationApproveByQr: [...AUTOMATIC_QR, ...AUTOMATIC_MAX],
  automaticAuthorizationReject: AUTOMATIC_MOVE,
  automaticAuthorizationCancel: AUTOMATIC_MOVE,
  automaticAuthorizationMaxValue: AUTOMATIC_MAX,
  automaticPaymentCancel: NOT_SCHEDULED,
  withdrawSettingsSave: ["WITHDRAW_DESTINATION_NOT_OWN"],
  withdrawSettingsDisable: NONE,
  // ── Pix limits and contacts ──
  userLimitChange: ["PIX_LIMIT_ABOVE_MAXIMUM"],
  pixContactCreate: ["PIX_CONTACT_ALREADY_EXISTS"],
  pixContactDelete: NONE,
  // ── Pix statement and MED ──
  pixStatement: DATE_RANGE,
  pixStatementExportCreate: ["UNABLE_TO_EXPORT"],
  pixMedContestOpen: [...DEBIT, "PIX_MED_NOT_SENT", "PIX_MED_EXPIRED", "PIX_MED_ALREADY_CONTESTED"],
  pixMedDefence: ["PIX_MED_DEFENCE_CLOSED"],
  // ── cards (sandbox/areas/cards) ──
  cardVirtual: ["CARDS_ONLY_DEFAULT_WALLET", "VIRTUAL_CARD_LIMIT_REACHED"],
  cardRequest: ["CARDS_ONLY_DEFAULT_WALLET", "PHYSICAL_CARD_ALREADY_EXISTS", "UNABLE_TO_GET_ADDRESS"],
  cardUpdate: [...CARD_OF, "CARD_INVALID_STATE", "CARD_WRONG_LAST_DIGITS", "ATTEMPTS_EXCEEDED"],
  cardShow: CARD_OF,
  cardBlock: CARD_OF,
  cardUnblock: [...CARD_OF, "CARD_INVALID_STATE"],
  cardPassword: [...CARD_OF, "CARD_PASSWORD_MISMATCH"],
  cardNewVia: [...CARD_OF, "CARD_INVALID_STATE"],
  cardTrack: [...CARD_OF, "CARD_INVALID_STATE"],
  cardDelete: CARD_OF,
  // ── boleto and DDA (sandbox/areas/billet) ──
  billetDecode: ["BILLET_NOT_FOUND", "BILLET_ALREADY_PAID"],
  billetPay: [
    ...DEBIT,
    "BILLET_NOT_FOUND",
    "BILLET_ALREADY_PAID",
    "BILLET_EXPIRED",
    "BILLET_DATE_INVALID",
    "BILLET_DATE_NOT_BUSINESS_DAY",
    "AMOUNT_BELOW_MINIMUM",
    "AMOUNT_ABOVE_MAXIMUM"
  ],
  billetScheduledCancel: BILLET_CANCEL,
  // a due date before today is a field of INCORRECT_DATA (`due_date: "BILLET_DATE_INVALID"`, the body's Schema on today)
  billetDepositCreate: NONE,
  billetDepositCancel: BILLET_CANCEL,
  billetDdaHide: ["BILLET_NOT_FOUND"],
  // ── TED ──
  tedSend: [...DEBIT, "TED_OUTSIDE_HOURS"],
  tedContactCreate: NONE,
  tedContactDelete: NONE,
  // ── uploads (sandbox/areas/storage) ──
  storageMultipartCreate: UPLOAD_OF,
  storagePartUrl: [...UPLOAD_OF, "UPLOAD_ABORTED"],
  storageParts: UPLOAD_OF,
  storageComplete: [...UPLOAD_OF, "UPLOAD_ABORTED", "UPLOAD_INCOMPLETE"],
  storageAbort: UPLOAD_OF,
  // ── sports betting (sandbox/areas/betting) ──
  endrReports: BETTING,
  endrReportCreate: [...BETTING, "FILE_NOT_READY", "REPORT_CHANGE_NOT_ALLOWED"],
  endrReportCancel: [...BETTING, "REPORT_NOT_FOUND", "UNABLE_TO_CANCEL_REPORT"],
  endrGgrList: BETTING,
  endrGgrCreate: [...GGR_OF, "GGR_ALREADY_SENT"],
  endrGgrById: GGR_OF,
  endrGgrPatch: GGR_CHANGE,
  endrGgrDelete: GGR_CHANGE,
  endrApportionments: BETTING,
  endrPayments: BETTING,
  endrPay: [...BETTING, ...DEBIT, "APPORTIONMENT_NOT_FOUND", "APPORTIONMENT_ALREADY_PAID"],
  // ── gateway (sandbox/areas/gateway) ──
  gatewayDashboard: DATE_RANGE,
  gatewayExportCreate: DATE_RANGE,
  paymentRequestCreate: ["PAYMENT_REQUEST_INVOICE_REQUIRED", "FILE_NOT_READY"],
  paymentRequestGet: ["PAYMENT_REQUEST_NOT_FOUND"],
  gatewayOrderRefund: [...DEBIT, "ORDER_NOT_FOUND", "ORDER_ALREADY_REFUNDED", "REFUND_OVER_ORDER_VALUE"]
} as const satisfies Record<string, ReadonlyArray<CatalogueKey>>

/** The refusals endpoint `K` declares (`never` for one that declares none: only the common ones). */
export type DeclaredRefusal<K extends string> = K extends keyof typeof REFUSALS ? (typeof REFUSALS)[K][number] : never
/** Everything a call of endpoint `K` may be refused with: the union a view switches on. */
export type RefusalOf<K extends string> = CommonRefusal | DeclaredRefusal<K>

const COMMON = new Set<string>(COMMON_REFUSALS)
const declared = (endpoint: string): ReadonlyArray<string> => (REFUSALS as Partial<Record<string, ReadonlyArray<string>>>)[endpoint] ?? []

/** Whether a call of `endpoint` may be refused with `key`: any call's refusal, or one it declares. */
export const mayRefuse = (endpoint: string, key: string): boolean => COMMON.has(key) || declared(endpoint).includes(key)

/**
 * A refusal's key (a command's `error_key`, a failed call's key) as the union of what the endpoint may answer; a key
 * the contract does not expect there is UNKNOWN_ERROR.
 */
export const refusalOf = <K extends string>(endpoint: K, key: string | null | undefined): RefusalOf<K> | "UNKNOWN_ERROR" =>
  key !== null && key !== undefined && mayRefuse(endpoint, key) ? (key as RefusalOf<K>) : "UNKNOWN_ERROR"

/** The one way to translate a refusal: its message in the `errors` namespace of locales/ (core §8). */
export const refusalI18nKey = (key: CatalogueKey): `errors:${CatalogueKey}` => `errors:${key}`
