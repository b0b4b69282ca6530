/** spec core §5 profile-update form: rules, zip mask, body with numbers, 'not reported' = 3940. */
import { describe, expect, it } from "vitest"
import { isProfileFormValid, maskZip, toProfileUpdate, validateProfileForm, type ProfileFormValues } from "./profile-form.ts"
import { canConvert, byCurrencyId } from "./balances.ts"

const ok: ProfileFormValues = {
  incomeText: "5.000,00",
  incomeCents: 500000,
  occupationCbo: 1234,
  occupationText: "Analista",
  notReported: false,
  zip: "01310-100",
  country: "Brasil",
  state: "SP",
  city: "São Paulo",
  neighborhood: "Bela Vista",
  street: "Av. Paulista",
  number: "1000",
  complement: ""
}

describe("core §5 profile update", () => {
  it("accepts a complete form", () => {
    expect(validateProfileForm(ok)).toEqual({})
    expect(isProfileFormValid(ok)).toBe(true)
  })
  it("requires the fields and checks zip and number", () => {
    const e = validateProfileForm({ ...ok, incomeText: "", occupationCbo: null, zip: "01310100", number: "10A", city: " " })
    expect(e).toEqual({
      income: "VALIDATION_REQUIRED",
      occupation: "VALIDATION_REQUIRED",
      zip: "VALIDATION_ZIP",
      number: "VALIDATION_NUMERIC",
      city: "VALIDATION_REQUIRED"
    })
  })
  it("does not need an occupation when 'not reported' is checked, and sends 3940", () => {
    const v = { ...ok, occupationCbo: null, notReported: true }
    expect(isProfileFormValid(v)).toBe(true)
    expect(toProfileUpdate(v).occupation_cbo).toBe(3940)
  })
  it("sends the occupation code and the number as numbers, complement null when empty", () => {
    const body = toProfileUpdate(ok)
    expect(body.occupation_cbo).toBe(1234)
    expect(body.address.number).toBe(1000)
    expect(body.address.complement).toBeNull()
    expect(body.occupation_income).toBe(500000)
  })
  it("masks the zip as #####-###", () => {
    expect(maskZip("01310100")).toBe("01310-100")
    expect(maskZip("0131")).toBe("0131")
    expect(maskZip("01310-1009999")).toBe("01310-100")
  })
})

describe("core §2.4 balance cards", () => {
  it("offers Convert only on the default wallet and for convertible currencies", () => {
    expect(canConvert("BTC", true)).toBe(true)
    expect(canConvert("BTC", false)).toBe(false)
    for (const c of ["EUR", "USD", "BRZ"]) expect(canConvert(c, true)).toBe(false)
  })
  it("sorts by currency id", () => {
    expect(byCurrencyId([{ currency_id: 3 }, { currency_id: 1 }, { currency_id: 2 }]).map((x) => x.currency_id)).toEqual([1, 2, 3])
  })
})
