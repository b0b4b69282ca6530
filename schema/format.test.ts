/**
 * Tests of the display formats (schema/format.ts): spec core §2.4, §5, §9 and features §2
 * "Behaviour of screens".
 */
import { describe, it, expect } from "vitest"
import {
  formatCount,
  currencyDecimals,
  formatBrl,
  formatCardNumber,
  formatCnpj,
  formatCpf,
  formatCrypto,
  formatDate,
  formatDateTime,
  formatDocument,
  formatPhone,
  formatTime,
  formatZip,
  maskCpf,
  relativeTime,
  saoPauloDateKey,
  truncate
} from "./format"

describe("spec core §5 document formats", () => {
  it("formatCpf 000.000.000-00", () => {
    expect(formatCpf("11144477735")).toBe("111.444.777-35")
    expect(formatCpf("111.444.777-35")).toBe("111.444.777-35")
    expect(formatCpf("123")).toBe("123") // unchanged when not 11 digits
    expect(formatCpf("")).toBe("")
  })
  it("maskCpf hides the first 3 and last 2 digits: ***.456.789-**", () => {
    expect(maskCpf("12345678909")).toBe("***.456.789-**")
    expect(maskCpf("123.456.789-09")).toBe("***.456.789-**")
    expect(maskCpf("abc")).toBe("abc")
  })
  it("formatCnpj 00.000.000/0000-00, alphanumeric too", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81")
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35") // Receita Federal example
    expect(formatCnpj("12.ABC.345/01DE-35")).toBe("12.ABC.345/01DE-35")
    expect(formatCnpj("123")).toBe("123")
  })
  it("formatDocument by length", () => {
    expect(formatDocument("11144477735")).toBe("111.444.777-35")
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81")
    expect(formatDocument("12345")).toBe("12345")
  })
})

describe("spec core §5 phone, card, zip", () => {
  it("formatPhone (NN) NNNNN-NNNN / (NN) NNNN-NNNN, strips +55", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321")
    expect(formatPhone("+5511987654321")).toBe("(11) 98765-4321")
    expect(formatPhone("1133334444")).toBe("(11) 3333-4444")
    expect(formatPhone("+55 11 3333-4444")).toBe("(11) 3333-4444")
    expect(formatPhone("123")).toBe("123")
  })
  it("formatCardNumber groups by 4", () => {
    expect(formatCardNumber("5555444433332222")).toBe("5555 4444 3333 2222")
    expect(formatCardNumber("5555-4444-3333-2222")).toBe("5555 4444 3333 2222")
    expect(formatCardNumber("************2222")).toBe("**** **** **** 2222")
    expect(formatCardNumber("123456")).toBe("1234 56")
    expect(formatCardNumber("abc")).toBe("abc")
  })
  it("formatZip #####-###", () => {
    expect(formatZip("01310100")).toBe("01310-100")
    expect(formatZip("01310-100")).toBe("01310-100")
    expect(formatZip("0131010")).toBe("0131010")
    expect(formatZip("a1310100")).toBe("a1310100")
  })
})

describe("spec core §5 Money / §9 BRL display", () => {
  it("pt: R$ 1.234,56 with a plain space (Intl's non-breaking space normalised)", () => {
    expect(formatBrl(123456)).toBe("R$ 1.234,56")
    expect(formatBrl(123456, "pt")).toBe("R$ 1.234,56")
    expect(formatBrl(0)).toBe("R$ 0,00")
    expect(formatBrl(5)).toBe("R$ 0,05")
    expect(formatBrl(-123450)).toBe("-R$ 1.234,50")
    expect(formatBrl(123456)).not.toContain("\u00a0")
  })
  it("en: R$1,234.56", () => {
    expect(formatBrl(123456, "en")).toBe("R$1,234.56")
    expect(formatBrl(29, "en")).toBe("R$0.29")
  })
  it("exact for large amounts (no cents / 100 float)", () => {
    expect(formatBrl(9007199254740991)).toBe("R$ 90.071.992.547.409,91")
    expect(formatBrl(123456789012345678901n)).toBe("R$ 1.234.567.890.123.456.789,01")
    expect(formatBrl(1.5)).toBe("")
    expect(formatBrl(Number.NaN)).toBe("")
  })
})

describe("spec core §9 crypto display", () => {
  it("currencyDecimals: BRL 2, BTC 8, ETH 8, USDT 6", () => {
    expect(currencyDecimals("BRL")).toBe(2)
    expect(currencyDecimals("BTC")).toBe(8)
    expect(currencyDecimals("ETH")).toBe(8)
    expect(currencyDecimals("USDT")).toBe(6)
    expect(currencyDecimals("usdt")).toBe(6)
    expect(currencyDecimals("EUR")).toBe(2)
  })
  it("formatCrypto with all decimals and no floating error", () => {
    expect(formatCrypto(1, 8)).toBe("0,00000001")
    expect(formatCrypto(123456789012, 8)).toBe("1.234,56789012")
    expect(formatCrypto(123456789012, 8, "en")).toBe("1,234.56789012")
    expect(formatCrypto(1_000_000, 6, "en")).toBe("1.000000")
    expect(formatCrypto(30000000, 8)).toBe("0,30000000") // 0.1 + 0.2 style values stay exact
    expect(formatCrypto(-150000000n, 8)).toBe("-1,50000000")
    expect(formatCrypto(2100000000000000n, 8, "en")).toBe("21,000,000.00000000")
    expect(formatCrypto(0.5, 8)).toBe("")
  })
})

describe("spec core §5 / features §2 dates DD/MM/YYYY HH:mm in UTC-3", () => {
  it("formatDateTime in São Paulo time for both locales", () => {
    expect(formatDateTime("2025-01-01T02:30:00Z")).toBe("31/12/2024 23:30")
    expect(formatDateTime("2025-01-01T02:30:00Z", "en")).toBe("31/12/2024 23:30")
    expect(formatDateTime(new Date("2025-06-09T12:05:00Z"))).toBe("09/06/2025 09:05")
    expect(formatDateTime(Date.UTC(2025, 5, 9, 15, 0))).toBe("09/06/2025 12:00")
    expect(formatDateTime("garbage")).toBe("")
  })
  it("formatDate: calendar days as is, instants in UTC-3", () => {
    expect(formatDate("2025-01-01")).toBe("01/01/2025")
    expect(formatDate("2025-01-01T02:30:00Z")).toBe("31/12/2024")
    expect(formatDate("")).toBe("")
    expect(formatTime("2025-06-09T12:05:00Z")).toBe("09:05")
  })
  it("saoPauloDateKey", () => {
    expect(saoPauloDateKey(new Date("2025-01-01T02:59:59Z"))).toBe("2024-12-31")
    expect(saoPauloDateKey(new Date("2025-01-01T03:00:00Z"))).toBe("2025-01-01")
    expect(saoPauloDateKey("garbage")).toBe("")
  })
})

describe("spec core §9 relative time", () => {
  const now = new Date("2025-06-09T15:00:00Z")
  const ago = (ms: number) => new Date(now.getTime() - ms)
  it("follows the thresholds", () => {
    expect(relativeTime(ago(0), now)).toEqual({ key: "justNow" })
    expect(relativeTime(ago(59_999), now)).toEqual({ key: "justNow" })
    expect(relativeTime(ago(60_000), now)).toEqual({ key: "aMinuteAgo" })
    expect(relativeTime(ago(119_999), now)).toEqual({ key: "aMinuteAgo" })
    expect(relativeTime(ago(120_000), now)).toEqual({ key: "minutesAgo", count: 2 })
    expect(relativeTime(ago(59 * 60_000 + 59_999), now)).toEqual({ key: "minutesAgo", count: 59 })
    expect(relativeTime(ago(3_600_000), now)).toEqual({ key: "anHourAgo" })
    expect(relativeTime(ago(7_200_000), now)).toEqual({ key: "hoursAgo", count: 2 })
    expect(relativeTime(ago(24 * 3_600_000 - 1), now)).toEqual({ key: "hoursAgo", count: 23 })
    expect(relativeTime(ago(24 * 3_600_000), now)).toEqual({ key: "dateTime", text: "08/06/2025 12:00" })
  })
  it("handles clock skew and invalid input", () => {
    expect(relativeTime(new Date(now.getTime() + 30_000), now)).toEqual({ key: "justNow" })
    expect(relativeTime(new Date(now.getTime() + 3_600_000), now)).toEqual({ key: "dateTime", text: "09/06/2025 13:00" })
    expect(relativeTime("garbage", now)).toEqual({ key: "dateTime", text: "" })
    expect(relativeTime("2025-06-09T14:55:00Z", now)).toEqual({ key: "minutesAgo", count: 5 })
  })
})

describe("spec core §2.4 / §9 truncate to 22 characters", () => {
  it("keeps short text and cuts long text with an ellipsis", () => {
    expect(truncate("Carteira principal")).toBe("Carteira principal")
    expect(truncate("a".repeat(22))).toBe("a".repeat(22))
    expect(truncate("a".repeat(23))).toBe(`${"a".repeat(22)}…`)
    expect(truncate("Empresa de Pagamentos do Brasil LTDA")).toBe("Empresa de Pagamentos…") // trailing space dropped
    expect(truncate("abcdef", 3)).toBe("abc…")
    expect(truncate("😀".repeat(30))).toBe(`${"😀".repeat(22)}…`) // never splits a surrogate pair
    expect(truncate("")).toBe("")
  })
})

describe("spec core §5 / §9 counts grouped in the language's way", () => {
  it("formatCount agrees with Number.prototype.toLocaleString (the platform's own grouping) over 5,000 generated counts, pt and en", () => {
    let x = 12345
    const next = (): number => {
      x = (x * 1103515245 + 12345) % 2147483648
      return x
    }
    for (let i = 0; i < 5000; i++) {
      const n = i < 20 ? i : next() % 10 ** (1 + (i % 10))
      expect(formatCount(n, "pt")).toBe(n.toLocaleString("pt-BR"))
      expect(formatCount(n, "en")).toBe(n.toLocaleString("en-US"))
    }
    expect([formatCount(1234567, "pt"), formatCount(1234567, "en")]).toEqual(["1.234.567", "1,234,567"])
  })
})
