/**
 * Statement exports from the projection (features §2 "/banking/statements … with export";
 * DESIGN "Conventions": integer minor units, DD/MM/YYYY HH:mm in UTC-3): the exact CSV and OFX
 * text of a small fixture, so a change to separators, quoting, signs, decimals or dates shows.
 */
import { describe, expect, it } from "vitest"
import type { StatementEntry } from "../../schema/entities.ts"
import { formatMinorUnits } from "./minor-units.ts"
import { CSV_COLUMNS } from "./statement-export.ts"
import { StatementProjection } from "./statement-projection.ts"

const id = (k: string, i: number): string => `${k}0000000-0000-4000-8000-00000000000${i}`
const row = (i: number, over: Partial<StatementEntry>): StatementEntry => ({
  id: id("a", i),
  wallet_id: "wallet-a",
  operation_id: id("b", i),
  created_at: "2025-03-10T15:04:05.000Z",
  updated_at: "2025-03-10T15:04:05.000Z",
  type: "PIX_IN",
  direction: "in",
  status: "completed",
  currency_symbol: "BRL",
  amount: 0,
  balance_after: 0,
  description: "",
  counterparty_name: "",
  counterparty_document: "",
  end_to_end_id: null,
  transaction_uuid: null,
  ...over
})
const fixture: StatementEntry[] = [
  row(1, {
    amount: 123_456,
    balance_after: 1_000_000,
    description: "Pix recebido - aluguel",
    counterparty_name: "João da Silva",
    counterparty_document: "123.456.789-09",
    end_to_end_id: "E1234567820250310150412AbCdEfGhI"
  }),
  row(2, {
    created_at: "2025-03-10T02:30:00.000Z",
    updated_at: "2025-03-10T02:30:00.000Z",
    type: "PIX_OUT",
    direction: "out",
    status: "pending",
    amount: 5,
    balance_after: 999_995,
    description: 'Pagamento "especial"; parcela 1',
    counterparty_name: '=HYPERLINK("x")',
    transaction_uuid: id("c", 2)
  }),
  row(3, {
    created_at: "2025-03-11T12:00:00.000Z",
    updated_at: "2025-03-11T12:00:00.000Z",
    type: "CONVERSION_IN",
    currency_symbol: "BTC",
    amount: 12_345,
    balance_after: 100_000_000,
    description: "Conversão recebida",
    counterparty_name: "Banco Carteira S.A.",
    counterparty_document: "12.345.678/0001-95"
  }),
  row(4, {
    created_at: "2025-03-09T12:00:00.000Z",
    updated_at: "2025-03-09T12:00:00.000Z",
    type: "FEE",
    direction: "out",
    status: "failed",
    amount: 150,
    balance_after: 1_000_000,
    description: "Tarifa",
    counterparty_name: "Banco Carteira S.A.",
    counterparty_document: "12.345.678/0001-95"
  })
]
const projection = (): StatementProjection => {
  const p = new StatementProjection()
  p.upsertMany(fixture)
  return p
}
const PT_HEADERS = ["Data", "Descrição", "Contraparte", "Documento", "Tipo", "Sentido", "Situação", "Valor", "Moeda", "Saldo", "ID", "Operação", "E2E"]

describe("engine X1 export: CSV of exactly the filtered rows", () => {
  it("pt: ';' between fields, ',' in decimals, DD/MM/YYYY HH:mm São Paulo, BOM, quoting and formula guard", () => {
    const csv = [...projection().toCsv({}, "pt", PT_HEADERS)].join("")
    expect(csv).toBe(
      "\uFEFF" +
        [
          "Data;Descrição;Contraparte;Documento;Tipo;Sentido;Situação;Valor;Moeda;Saldo;ID;Operação;E2E",
          `11/03/2025 09:00;Conversão recebida;Banco Carteira S.A.;12.345.678/0001-95;CONVERSION_IN;in;completed;0,00012345;BTC;1,00000000;${id("a", 3)};${id("b", 3)};`,
          `10/03/2025 12:04;Pix recebido - aluguel;João da Silva;123.456.789-09;PIX_IN;in;completed;1234,56;BRL;10000,00;${id("a", 1)};${id("b", 1)};E1234567820250310150412AbCdEfGhI`,
          `09/03/2025 23:30;"Pagamento ""especial""; parcela 1";"'=HYPERLINK(""x"")";;PIX_OUT;out;pending;-0,05;BRL;9999,95;${id("a", 2)};${id("b", 2)};`,
          `09/03/2025 09:00;Tarifa;Banco Carteira S.A.;12.345.678/0001-95;FEE;out;failed;-1,50;BRL;10000,00;${id("a", 4)};${id("b", 4)};`,
          ""
        ].join("\r\n")
    )
  })

  it("en: ',' between fields and '.' in decimals; translated values; the filter and sort of the query", () => {
    const csv = [
      ...projection().toCsv({ currency: "BRL", sort: { by: "amount", dir: "asc" } }, "en", ["Date", "Description"], {
        bom: false,
        labels: { type: { PIX_OUT: "Pix sent", FEE: "Fee" }, direction: { out: "Out" } }
      })
    ].join("")
    const lines = csv.split("\r\n")
    // headers not given fall back to the column ids
    expect(lines[0]).toBe(["Date", "Description", ...CSV_COLUMNS.slice(2)].join(","))
    expect(lines[1]).toBe(
      `09/03/2025 23:30,"Pagamento ""especial""; parcela 1","'=HYPERLINK(""x"")",,Pix sent,Out,pending,-0.05,BRL,9999.95,${id("a", 2)},${id("b", 2)},`
    )
    expect(lines[2]).toBe(`09/03/2025 09:00,Tarifa,Banco Carteira S.A.,12.345.678/0001-95,Fee,Out,failed,-1.50,BRL,10000.00,${id("a", 4)},${id("b", 4)},`)
    expect(lines[3]?.startsWith("10/03/2025 12:04,Pix recebido - aluguel,")).toBe(true)
    expect(lines).toHaveLength(5)
  })

  it("comes in chunks, so a large export never becomes one array of row strings", () => {
    const chunks = [...projection().toCsv({}, "pt", PT_HEADERS, { chunkRows: 1 })]
    expect(chunks).toHaveLength(4)
  })
})

describe("engine X2 export: OFX of the rows whose money moved", () => {
  const now = Date.UTC(2025, 2, 12, 15, 0, 0)

  it("OFX 1.0.2 SGML: one statement per wallet and currency, STMTTRN CREDIT/DEBIT, failed rows left out", () => {
    const ofx = [...projection().toOfx({}, { now })].join("")
    const status = ["<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>"]
    expect(ofx).toBe(
      [
        "OFXHEADER:100",
        "DATA:OFXSGML",
        "VERSION:102",
        "SECURITY:NONE",
        "ENCODING:UTF-8",
        "CHARSET:NONE",
        "COMPRESSION:NONE",
        "OLDFILEUID:NONE",
        "NEWFILEUID:NONE",
        "",
        "<OFX>",
        "<SIGNONMSGSRSV1>",
        "<SONRS>",
        ...status,
        "<DTSERVER>20250312120000[-3:BRT]",
        "<LANGUAGE>POR",
        "</SONRS>",
        "</SIGNONMSGSRSV1>",
        "<BANKMSGSRSV1>",
        "<STMTTRNRS>",
        "<TRNUID>1",
        ...status,
        "<STMTRS>",
        "<CURDEF>BTC",
        "<BANKACCTFROM>",
        "<BANKID>0000",
        "<ACCTID>wallet-a",
        "<ACCTTYPE>CHECKING",
        "</BANKACCTFROM>",
        "<BANKTRANLIST>",
        "<DTSTART>20250311090000[-3:BRT]",
        "<DTEND>20250311090000[-3:BRT]",
        "<STMTTRN>",
        "<TRNTYPE>CREDIT",
        "<DTPOSTED>20250311090000[-3:BRT]",
        "<TRNAMT>0.00012345",
        `<FITID>${id("a", 3)}`,
        "<NAME>Banco Carteira S.A.",
        "<MEMO>Conversão recebida",
        "</STMTTRN>",
        "</BANKTRANLIST>",
        "<LEDGERBAL>",
        "<BALAMT>1.00000000",
        "<DTASOF>20250311090000[-3:BRT]",
        "</LEDGERBAL>",
        "</STMTRS>",
        "</STMTTRNRS>",
        "<STMTTRNRS>",
        "<TRNUID>2",
        ...status,
        "<STMTRS>",
        "<CURDEF>BRL",
        "<BANKACCTFROM>",
        "<BANKID>0000",
        "<ACCTID>wallet-a",
        "<ACCTTYPE>CHECKING",
        "</BANKACCTFROM>",
        "<BANKTRANLIST>",
        "<DTSTART>20250309233000[-3:BRT]",
        "<DTEND>20250310120405[-3:BRT]",
        "<STMTTRN>",
        "<TRNTYPE>CREDIT",
        "<DTPOSTED>20250310120405[-3:BRT]",
        "<TRNAMT>1234.56",
        `<FITID>${id("a", 1)}`,
        "<NAME>João da Silva",
        "<MEMO>Pix recebido - aluguel",
        "</STMTTRN>",
        "<STMTTRN>",
        "<TRNTYPE>DEBIT",
        "<DTPOSTED>20250309233000[-3:BRT]",
        "<TRNAMT>-0.05",
        `<FITID>${id("a", 2)}`,
        '<NAME>=HYPERLINK("x")',
        '<MEMO>Pagamento "especial"; parcela 1',
        "</STMTTRN>",
        "</BANKTRANLIST>",
        "<LEDGERBAL>",
        "<BALAMT>10000.00",
        "<DTASOF>20250310120405[-3:BRT]",
        "</LEDGERBAL>",
        "</STMTRS>",
        "</STMTTRNRS>",
        "</BANKMSGSRSV1>",
        "</OFX>",
        ""
      ].join("\r\n")
    )
  })

  it("OFX 2.2 XML closes every element and escapes markup; the query range becomes DTSTART/DTEND", () => {
    const p = projection()
    p.upsertMany([{ ...(fixture[0] as StatementEntry), counterparty_name: "A & B <Ltda>", updated_at: "2025-03-10T16:00:00.000Z" }])
    const from = Date.UTC(2025, 2, 10, 3)
    const ofx = [...p.toOfx({ from, to: from + 86_400_000, currency: "BRL" }, { version: "220", now, bankId: "123" })].join("")
    expect(ofx.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\r\n<?OFX OFXHEADER="200" VERSION="220"')).toBe(true)
    expect(ofx).toContain("<NAME>A &amp; B &lt;Ltda&gt;</NAME>")
    expect(ofx).toContain("<BANKID>123</BANKID>")
    expect(ofx).toContain("<DTSTART>20250310000000[-3:BRT]</DTSTART>\r\n<DTEND>20250311000000[-3:BRT]</DTEND>")
    expect(ofx.match(/<STMTTRN>/g)).toHaveLength(1)
  })

  it("a status filter naming only failed rows exports no transaction", () => {
    const ofx = [...projection().toOfx({ statuses: ["failed"] }, { now })].join("")
    expect(ofx).not.toContain("<STMTTRN>")
    expect(ofx.endsWith("</BANKMSGSRSV1>\r\n</OFX>\r\n")).toBe(true)
  })
})

describe("engine X3 export: decimals from integer minor units, without floats", () => {
  it("formats by string operations, exact up to 2^53 - 1", () => {
    expect(formatMinorUnits(0, 2, ",")).toBe("0,00")
    expect(formatMinorUnits(7, 2, ",")).toBe("0,07")
    expect(formatMinorUnits(-123_456, 2, ".")).toBe("-1234.56")
    expect(formatMinorUnits(1, 8, ".")).toBe("0.00000001")
    expect(formatMinorUnits(1_000_000, 6, ".")).toBe("1.000000")
    expect(formatMinorUnits(Number.MAX_SAFE_INTEGER, 2, ",")).toBe("90071992547409,91")
    expect(formatMinorUnits(42, 0, ",")).toBe("42")
    expect(() => formatMinorUnits(0.1, 2, ",")).toThrow(RangeError)
  })
})
