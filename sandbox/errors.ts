/**
 * Errors the sandbox answers with: the catalogue body `{ error: { status, key, message, fields? } }`
 * of schema/errors.ts (spec core §8, features §8), with the message in the caller's language
 * (`language` / `accept-language`: en-US → English, anything else Portuguese, core §7).
 */
import type { ErrorBody, ErrorKey } from "../schema/errors.ts"

export type Lang = "pt" | "en"

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    readonly detail?: string,
    readonly fields?: Readonly<Record<string, string>>,
    readonly retryAfterS?: number
  ) {
    super(`${status} ${key}${detail ? `: ${detail}` : ""}`)
  }
}

export const fail = (status: number, key: ErrorKey, detail?: string, fields?: Readonly<Record<string, string>>): never => {
  throw new ApiError(status, key, detail, fields)
}
/** 422 INCORRECT_DATA with one field (core §5 messages are VALIDATION_<RULE> keys). */
export const badField = (field: string, rule: string, detail?: string): never => {
  throw new ApiError(422, "INCORRECT_DATA", detail, { [field]: rule })
}

const M: Partial<Record<ErrorKey, readonly [pt: string, en: string]>> = {
  INVALID_REQUEST: ["Requisição inválida", "Invalid request"],
  NOT_AUTHORIZED: ["Não autorizado: credenciais válidas são necessárias", "Not authorized: valid credentials are needed"],
  WITHOUT_PERMISSION: ["Sem permissão", "Without permission"],
  NOT_FOUND: ["Não encontrado", "Not found"],
  CONFLICT_MAY_HAVE_COMPLETED: [
    "Conflito: a operação pode ter sido concluída, confira o extrato antes de tentar novamente",
    "Conflict: the operation may have completed, check the statement before retrying"
  ],
  INCORRECT_DATA: ["Dados incorretos, revise os dados enviados", "Incorrect data, review the submitted data"],
  REQUEST_LIMIT_REACHED: ["Limite de requisições atingido, aguarde alguns minutos", "Request limit reached, wait a few minutes"],
  INTERNAL_ERROR: ["Erro interno do servidor", "Internal server error"],
  GATEWAY_TIMEOUT: ["Tempo de resposta esgotado", "Gateway timeout"],
  METHOD_NOT_ALLOWED: ["Método não permitido", "Method not allowed"],
  UNAUTHORIZED_ENDPOINT: ["Endpoint não autorizado", "Unauthorized endpoint"],
  UNKNOWN_ERROR: ["Erro desconhecido", "Unknown error"],
  RECAPTCHA_ERROR: ["Erro na validação do reCAPTCHA", "reCAPTCHA validation error"],
  UNABLE_TO_SEND_OR_VERIFY_CODE: ["Não foi possível enviar ou verificar o código", "Unable to send or verify the code"],
  INVALID_FORMAT: ["Dados enviados em formato inválido", "Data sent with an invalid format"],
  PHONE_ALREADY_CONFIRMED: ["Telefone já confirmado em outra conta, contate o suporte", "Phone number already confirmed in another account, contact support"],
  INVALID_DOCUMENT: ["Documento inválido", "Invalid document"],
  UNABLE_TO_ADD_OR_UPDATE_PIN: ["Não foi possível adicionar ou atualizar o PIN", "Unable to add or update the PIN"],
  INCORRECT_CODE: ["Código incorreto", "Incorrect code"],
  ATTEMPTS_EXCEEDED: ["Número de tentativas excedido", "Number of attempts exceeded"],
  WALLET_NAME_ALREADY_EXISTS: ["Já existe uma carteira com esse nome", "Wallet name already exists"],
  INCORRECT_PIN: ["PIN incorreto", "Incorrect PIN"],
  PIN_REQUIRED: ["Confirme a operação com seu PIN", "Confirm the operation with your PIN"],
  PIN_ALREADY_EXISTS: ["O PIN já foi criado", "The PIN already exists"],
  INVALID_CREDENTIALS: ["E-mail ou senha incorretos", "Incorrect e-mail or password"],
  SESSION_EXPIRED: ["Sessão expirada", "Session expired"],
  QR_SESSION_PENDING: ["Aguardando a leitura do QR code no aplicativo", "Waiting for the QR code to be scanned in the app"],
  QR_SESSION_EXPIRED: ["QR code expirado", "QR code expired"],
  INCORRECT_PASSWORD: ["Senha atual incorreta", "Incorrect current password"],
  UNABLE_TO_GENERATE_QUOTATION: ["Não foi possível gerar a cotação", "Unable to generate the quotation"],
  UNABLE_TO_CONVERT: ["Não foi possível converter", "Unable to convert"],
  UNABLE_TO_EXPORT: ["Não foi possível exportar", "Unable to export"],
  APPROVAL_SETTING_ALREADY_EXISTS: ["Já existe configuração de aprovação para a carteira", "Approval configuration already exists for the wallet"],
  APPROVAL_SETTING_NOT_FOUND: ["Configuração de aprovação não encontrada", "Approval setting not found"],
  APPROVAL_REQUEST_NOT_FOUND: ["Solicitação de aprovação não encontrada", "Approval request not found"],
  APPROVAL_ALREADY_DECIDED: ["Você já decidiu esta solicitação", "You already decided this request"],
  APPROVAL_REQUEST_CLOSED: ["Solicitação encerrada", "The request is closed"],
  AMOUNT_BELOW_MINIMUM: ["Valor abaixo do mínimo permitido", "Amount below the minimum allowed"],
  INSUFFICIENT_BALANCE: ["Saldo insuficiente", "Insufficient balance"],
  WALLET_HAS_BALANCE: ["A carteira possui saldo e não pode ser excluída", "The wallet has a balance and cannot be deleted"],
  NO_OTHER_OWN_WALLET: ["Você não possui outra carteira própria", "You have no other own wallet"],
  CURRENCY_NOT_CONVERTIBLE: ["Moeda não conversível", "Currency not convertible"],
  CONVERSION_ONLY_DEFAULT_WALLET: ["Conversão disponível apenas na carteira padrão", "Conversion is only available on the default wallet"],
  QUOTE_EXPIRED: ["Cotação expirada, gere uma nova", "Quotation expired, request a new one"],
  EXPORT_RANGE_SAME_MONTH: ["O período deve estar no mesmo mês", "The range must fall in the same month"],
  EXPORT_LIMIT_REACHED: ["Limite diário de exportações atingido", "Daily export limit reached"],
  TED_OUTSIDE_HOURS: [
    "TED disponível em dias úteis, das 9h às 16h (horário de Brasília); a próxima janela abre em",
    "TED is available on business days from 09:00 to 16:00 (Brasília time); the next window opens at"
  ],
  DATE_RANGE_INVALID: ["A data inicial deve ser anterior à final", "The start date must be before the end date"],
  INVITATION_NOT_PENDING: ["O convite não está mais pendente", "The invitation is no longer pending"],
  ROLE_APPROVER_NEEDS_BASE: ["O perfil aprovador precisa de administrador ou cliente", "The approver role needs administrator or client"],
  CANNOT_REMOVE_OWNER: ["O dono da carteira não pode ser removido", "The wallet owner cannot be removed"],
  PIX_LIMIT_DAY_EXCEEDED: ["Valor acima do limite Pix diurno", "Amount above the day Pix limit"],
  PIX_LIMIT_NIGHT_EXCEEDED: ["Valor acima do limite Pix noturno (20h às 6h)", "Amount above the night Pix limit (20:00 to 06:00)"],
  PIX_LIMIT_ABOVE_MAXIMUM: ["Valor acima do máximo permitido para este limite", "Amount above the maximum allowed for this limit"],
  PIX_CONTACT_ALREADY_EXISTS: ["Este contato já está salvo", "This contact is already saved"],
  // boleto (features §5, §8; D-billet-rules)
  AMOUNT_ABOVE_MAXIMUM: ["Valor acima do máximo permitido", "Amount above the maximum allowed"],
  BILLET_EXPIRED: ["Boleto vencido além da data limite", "Bank slip past its limit date"],
  BILLET_ALREADY_PAID: ["Boleto já pago", "Bank slip already paid"],
  BILLET_DATE_NOT_BUSINESS_DAY: ["A data não é dia útil", "The date is not a business day"],
  BILLET_DATE_INVALID: ["Data inválida", "Invalid date"],
  BILLET_NOT_CANCELABLE: ["Boleto não pode ser cancelado", "The bank slip cannot be cancelled"],
  BILLET_NOT_FOUND: ["Boleto não encontrado", "Bank slip not found"],
  // sports betting (features §8; D-betting-contract)
  GGR_ALREADY_SENT: ["O GGR deste mês já foi enviado", "The GGR for this month was already sent"],
  UNABLE_TO_CANCEL_REPORT: ["Não foi possível cancelar o envio do relatório", "Unable to cancel report submission"],
  REPORT_CHANGE_NOT_ALLOWED: ["O relatório desta data não pode mais ser alterado", "The report for this date can no longer be changed"],
  GGR_CHANGE_NOT_ALLOWED: ["O GGR só pode ser alterado uma vez", "A GGR can be changed only once"],
  APPORTIONMENT_ALREADY_PAID: ["Este rateio já foi pago", "This apportionment is already paid"],
  BETTING_OPERATOR_ONLY: ["Somente operadores de apostas (empresas) autorizados", "Only licensed betting operators (companies)"],
  // gateway payment requests and orders (features §5, §8; D-gateway-payment-requests, D-gateway-orders)
  PAYMENT_REQUEST_INVOICE_REQUIRED: ["A nota fiscal é obrigatória", "The invoice is required"],
  PAYMENT_REQUEST_NOT_FOUND: ["Solicitação de pagamento não encontrada", "Payment request not found"],
  PAYMENT_REQUEST_INVALID_MOVE: ["A solicitação não pode passar para esse status", "The request cannot move to that status"],
  ORDER_NOT_FOUND: ["Pedido não encontrado", "Order not found"],
  ORDER_ALREADY_REFUNDED: ["Este pedido já foi estornado", "This order was already refunded"],
  REFUND_OVER_ORDER_VALUE: ["O valor do estorno passa do valor do pedido", "The refund is more than the order's value"]
}

export const messageOf = (key: ErrorKey, lang: Lang): string => {
  const m = M[key]
  if (m === undefined) return key
  return lang === "en" ? m[1] : m[0]
}

export const errorBody = (e: ApiError, lang: Lang): ErrorBody => {
  const base = messageOf(e.key, lang)
  const message = e.detail ? `${base} (${e.detail})` : base
  return {
    error: e.fields === undefined ? { status: e.status, key: e.key, message } : { status: e.status, key: e.key, message, fields: e.fields }
  }
}

/** `language: en-US` or `accept-language: en…` → en; anything else → pt (core §7). */
export const langOf = (language: string | undefined, acceptLanguage: string | undefined): Lang => {
  const v = (language ?? acceptLanguage ?? "").trim().toLowerCase()
  return v.startsWith("en") ? "en" : "pt"
}
