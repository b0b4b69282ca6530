/**
 * Every message of both languages at once, for the tests and node scripts that read them whole (the
 * completeness check of src/lib/locales.test.ts, the receipt PDF test): the app never imports this file —
 * it loads one language's namespaces on demand through locales/index.ts (issue 33 item 5).
 */
import ptCommon from "./pt/common.json"
import ptAuth from "./pt/auth.json"
import ptShell from "./pt/shell.json"
import ptWallets from "./pt/wallets.json"
import ptNotifications from "./pt/notifications.json"
import ptErrors from "./pt/errors.json"
import ptValidation from "./pt/validation.json"
import ptHome from "./pt/home.json"
import ptControlPanel from "./pt/controlPanel.json"
import ptStatements from "./pt/statements.json"
import ptCoins from "./pt/coins.json"
import ptSecurity from "./pt/security.json"
import ptApproval from "./pt/approval.json"
import ptCards from "./pt/cards.json"
import ptPix from "./pt/pix.json"
import ptPixSchedule from "./pt/pixSchedule.json"
import ptBillet from "./pt/billet.json"
import ptTed from "./pt/ted.json"
import ptBetting from "./pt/betting.json"
import ptGateway from "./pt/gateway.json"
import ptReceipt from "./pt/receipt.json"
import ptAnalysis from "./pt/analysis.json"
import enCommon from "./en/common.json"
import enAuth from "./en/auth.json"
import enShell from "./en/shell.json"
import enWallets from "./en/wallets.json"
import enNotifications from "./en/notifications.json"
import enErrors from "./en/errors.json"
import enValidation from "./en/validation.json"
import enHome from "./en/home.json"
import enControlPanel from "./en/controlPanel.json"
import enStatements from "./en/statements.json"
import enCoins from "./en/coins.json"
import enSecurity from "./en/security.json"
import enApproval from "./en/approval.json"
import enCards from "./en/cards.json"
import enPix from "./en/pix.json"
import enPixSchedule from "./en/pixSchedule.json"
import enBillet from "./en/billet.json"
import enTed from "./en/ted.json"
import enBetting from "./en/betting.json"
import enGateway from "./en/gateway.json"
import enReceipt from "./en/receipt.json"
import enAnalysis from "./en/analysis.json"

import type { Namespace } from "./namespaces.ts"

export const resources = {
  pt: {
    common: ptCommon,
    auth: ptAuth,
    shell: ptShell,
    wallets: ptWallets,
    notifications: ptNotifications,
    errors: ptErrors,
    validation: ptValidation,
    home: ptHome,
    controlPanel: ptControlPanel,
    security: ptSecurity,
    approval: ptApproval,
    statements: ptStatements,
    coins: ptCoins,
    cards: ptCards,
    pix: ptPix,
    pixSchedule: ptPixSchedule,
    billet: ptBillet,
    ted: ptTed,
    betting: ptBetting,
    gateway: ptGateway,
    receipt: ptReceipt,
    analysis: ptAnalysis
  },
  en: {
    common: enCommon,
    auth: enAuth,
    shell: enShell,
    wallets: enWallets,
    notifications: enNotifications,
    errors: enErrors,
    validation: enValidation,
    home: enHome,
    controlPanel: enControlPanel,
    security: enSecurity,
    approval: enApproval,
    statements: enStatements,
    coins: enCoins,
    cards: enCards,
    pix: enPix,
    pixSchedule: enPixSchedule,
    billet: enBillet,
    ted: enTed,
    betting: enBetting,
    gateway: enGateway,
    receipt: enReceipt,
    analysis: enAnalysis
  }
} as const satisfies Record<"pt" | "en", Record<Namespace, unknown>>
