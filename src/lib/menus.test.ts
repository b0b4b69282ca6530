/** spec core §2.2 menu sections and features §2 route permissions (one tag or alternatives; * passes). */
import { describe, expect, it } from "vitest"
import { P, READS_APPROVAL_QUEUE } from "../../schema/permissions.ts"
import { ALL_ON, BUILD_DEFAULTS } from "../config/features.ts"
import { pathAllowed, sectionOf, visibleSections, type MenuContext } from "./menus.ts"
import { routeMetaOf } from "./route-meta.ts"

const all: MenuContext = { actions: ["*"], onboardingOk: true, isDefaultWallet: true, isGatewayWallet: true, features: ALL_ON }
const ids = (ctx: MenuContext) => visibleSections(ctx).map((s) => s.id)
const items = (ctx: MenuContext, id: string) =>
  visibleSections(ctx)
    .find((s) => s.id === id)
    ?.items.map((i) => i.id) ?? []

describe("core §2.2 menu sections", () => {
  it("shows every section with the wildcard", () => {
    expect(ids(all)).toEqual(["banking", "gateway", "controlPanel", "sportsBetting"])
  })
  it("shows gateway only for a gateway wallet", () => {
    expect(ids({ ...all, isGatewayWallet: false })).not.toContain("gateway")
  })
  it("shows sports betting only with endr", () => {
    expect(ids({ ...all, actions: [P.getStatement] })).not.toContain("sportsBetting")
    expect(ids({ ...all, actions: [P.endr] })).toContain("sportsBetting")
  })
  it("offers cards only on the default wallet", () => {
    expect(items(all, "banking")).toContain("cards")
    expect(items({ ...all, isDefaultWallet: false }, "banking")).not.toContain("cards")
  })
  it("hides onboarding-gated items while onboarding is not complete", () => {
    const ctx = { ...all, onboardingOk: false }
    expect(items(ctx, "banking")).toEqual(["home"])
    expect(items(ctx, "controlPanel")).toEqual(["wallets", "myAccount"])
  })
  it("filters items by permission (coins, statements)", () => {
    const ctx = { ...all, actions: [P.getWalletAccounts] }
    expect(items(ctx, "banking")).toContain("coins")
    expect(items(ctx, "banking")).not.toContain("statements")
  })
  it("gateway transactions need any of the list permissions", () => {
    expect(items({ ...all, actions: ["api-users-get-payments-gateway-refunds"] }, "gateway")).toContain("transactions")
    expect(items({ ...all, actions: [P.getStatement] }, "gateway")).not.toContain("transactions")
  })
  it("approval pages follow their permissions", () => {
    const sec = visibleSections({ ...all, actions: [P.getApprovalHistory] }).find((s) => s.id === "controlPanel")
    const security = sec?.items.find((i) => i.id === "security")
    expect(security?.children?.map((c) => c.id)).toEqual(["changePassword", "permissions", "updatePin", "approvalHistory"])
    // D-approval-quorum: a CLIENT who may make a staged payment follows her own requests in the queue
    const client = visibleSections({ ...all, actions: [P.getApprovalHistory, P.postPixByKey] }).find((s) => s.id === "controlPanel")
    expect(client?.items.find((i) => i.id === "security")?.children?.map((c) => c.id)).toContain("approvalRequests")
  })
})

describe("core §1 feature flags in the menus", () => {
  it("core §1: a flag that is off hides its items (cards, billets, statements)", () => {
    expect(items({ ...all, features: { ...ALL_ON, statements: false } }, "banking")).not.toContain("statements")
    expect(items({ ...all, features: BUILD_DEFAULTS }, "banking")).toEqual(["home", "pix", "cards", "billet", "ted", "coins", "statements"])
    expect(pathAllowed("/banking/cards", { ...all, features: { ...BUILD_DEFAULTS, cards: false } })).toBe(false)
    expect(pathAllowed("/banking/pix/automatic-pix", { ...all, features: { ...BUILD_DEFAULTS, automaticPayments: false } })).toBe(false)
    expect(pathAllowed("/banking/pix/automatic-pix", { ...all, features: BUILD_DEFAULTS })).toBe(true)
  })
  it("core §1: coin trends off keeps the coins item (the page shows the sample)", () => {
    expect(items({ ...all, features: { ...ALL_ON, coinTrends: false } }, "banking")).toContain("coins")
  })
  it("core §1: with every flag off the banking section and its default stay", () => {
    const none = { cards: false, billets: false, statements: false, coinTrends: false, automaticPayments: false }
    const banking = visibleSections({ ...all, features: none }).find((s) => s.id === "banking")
    expect(banking?.defaultPath).toBe("/banking/home")
    expect(banking?.items.map((i) => i.id)).toEqual(["home", "pix", "ted", "coins"])
  })
})

describe("features §2 route permissions", () => {
  it("maps routes to their tags", () => {
    expect(routeMetaOf("/banking/statements")?.permission).toBe(P.getStatement)
    expect(routeMetaOf("/banking/coins")?.permission).toBe(P.getWalletAccounts)
    expect(routeMetaOf("/control-panel/security/approval/requests")?.permission).toEqual(READS_APPROVAL_QUEUE) // D-approval-quorum: a requester sees their own
    expect(routeMetaOf("/control-panel/security/approval/history")?.permission).toBe(P.getApprovalHistory)
    expect(routeMetaOf("/control-panel/security/approval/settings")?.permission).toBe(P.getApprovalSettings)
    expect(routeMetaOf("/control-panel/wallets/abc")?.pattern).toBe("/control-panel/wallets/:id")
    expect(routeMetaOf("/nowhere")).toBeNull()
  })
  it("lets * pass and needs a tag otherwise", () => {
    expect(pathAllowed("/banking/statements", { ...all, actions: ["*"] })).toBe(true)
    expect(pathAllowed("/banking/statements", { ...all, actions: [] })).toBe(false)
    expect(pathAllowed("/banking/home", { ...all, actions: [] })).toBe(true)
  })
  it("knows the section of a path", () => {
    expect(sectionOf("/control-panel/my-account/my-data")).toBe("controlPanel")
    expect(sectionOf("/auth/login")).toBeNull()
  })
})
