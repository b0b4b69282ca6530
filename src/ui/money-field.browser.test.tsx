/**
 * The money input as the user types it, in Chromium (spec core §5 "Money … yields integer cents";
 * issue 31 item 3 "the money input accepts what the screen shows in the current language"; DESIGN
 * "a bad input gets a clear message and loses nothing typed"): the R$ mask, the cents read from
 * the text, the canonical form on blur and the field's message naming the expected form — pt
 * `1.234,56`, en `1,234.56`.
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { beforeEach, describe, expect, test } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../tests/support/browser-kit.ts"
import { MoneyField } from "./money-field.tsx"

const TEXTS = {
  pt: {
    label: "Valor",
    invalid: "Valor inválido (use o formato 1.234,56)",
    typed: "1.234,56",
    others: ["1234,56", "R$ 1.234,56"],
    short: "1234,5",
    canonical: "1.234,50",
    seven: "7,00",
    mended: "12,34",
    wrong: ["12,345", "1,234.56", "1.23", "abc"]
  },
  en: {
    label: "Amount",
    invalid: "Invalid amount (use the format 1,234.56)",
    typed: "1,234.56",
    others: ["1234.56", "R$1,234.56", "R$ 1,234.56"],
    short: "1234.5",
    canonical: "1,234.50",
    seven: "7.00",
    mended: "12.34",
    wrong: ["1.234,56", "12.345", "1,23", "abc"]
  }
} as const

/** A form with one money field, as the pay forms use it: the owner keeps the text and the cents, and says what is wrong. */
function AmountForm({ initial = "" }: { readonly initial?: string }) {
  const { t } = useTranslation()
  const [text, setText] = useState(initial)
  const [cents, setCents] = useState<number | null>(null)
  const bad = text.trim() !== "" && cents === null
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <MoneyField
        label={t("pix:pay.amount")}
        value={text}
        onChange={(x, c) => {
          setText(x)
          setCents(c)
        }}
        error={bad ? t("validation:VALIDATION_MONEY") : null}
        data-testid="amount"
      />
      <output data-testid="cents">{cents === null ? "null" : String(cents)}</output>
      <button type="button">{"next"}</button>
    </form>
  )
}

describe.each(LOCALES)("money field (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 3 core §5 Money: the field is labelled in ${lng} with the R$ mask beside it; "${tx.typed}" reads 123456 cents; a decimal keyboard is asked`, async () => {
    const screen = await render(<AmountForm />)
    const input = screen.getByLabelText(tx.label)
    await expect.element(input).toHaveAttribute("inputmode", "decimal")
    // the mask: "R$" drawn inside the field, hidden from screen readers (the label names the field)
    const prefix = input.element().parentElement?.querySelector("span[aria-hidden='true']")
    expect(prefix?.textContent).toBe("R$")
    expect(prefix?.getBoundingClientRect().left).toBeLessThan(input.element().getBoundingClientRect().left + 40)
    await input.click()
    await userEvent.keyboard(tx.typed)
    await expect.element(input).toHaveValue(tx.typed)
    await expect.element(screen.getByTestId("cents")).toHaveTextContent("123456")
    await expect.element(input).not.toHaveAttribute("aria-invalid")
    for (const other of tx.others) {
      await input.fill(other)
      await expect.element(screen.getByTestId("cents")).toHaveTextContent("123456")
      await expect.element(input).not.toHaveAttribute("aria-invalid")
    }
  })

  test(`issue 31 item 3 core §5 Money: what is typed stays as typed; on blur a valid amount takes its canonical form in ${lng} ("${tx.short}" → "${tx.canonical}", "7" → "${tx.seven}")`, async () => {
    const screen = await render(<AmountForm />)
    const input = screen.getByLabelText(tx.label)
    await input.click()
    await userEvent.keyboard(tx.short)
    await expect.element(input).toHaveValue(tx.short)
    await expect.element(screen.getByTestId("cents")).toHaveTextContent("123450")
    await userEvent.tab()
    await expect.element(input).toHaveValue(tx.canonical)
    await expect.element(screen.getByTestId("cents")).toHaveTextContent("123450")
    await input.fill("7")
    await screen.getByRole("button", { name: "next" }).click()
    await expect.element(input).toHaveValue(tx.seven)
    await expect.element(screen.getByTestId("cents")).toHaveTextContent("700")
  })

  test(`issue 31 item 3 core §5 VALIDATION_MONEY: an amount in the other language's or an ambiguous form (${tx.wrong.join(" ")}) gives the field's message in ${lng} showing the expected form, tied to the field; the text is kept, also on blur`, async () => {
    const screen = await render(<AmountForm />)
    const input = screen.getByLabelText(tx.label)
    for (const wrong of tx.wrong) {
      await input.fill(wrong)
      await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.invalid)
      await expect.element(input).toHaveAttribute("aria-invalid", "true")
      await expect.element(input).toHaveAccessibleDescription(tx.invalid)
      await expect.element(screen.getByTestId("cents")).toHaveTextContent("null")
      await userEvent.tab()
      await expect.element(input).toHaveValue(wrong)
    }
    // mended: the message goes
    await input.fill(tx.mended)
    await expect.element(screen.getByRole("alert")).not.toBeInTheDocument()
    await expect.element(screen.getByTestId("cents")).toHaveTextContent("1234")
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`DESIGN accessibility: the money field with its message (${lng}) has no serious or critical axe violation`, async () => {
    const screen = await render(<AmountForm initial="1,2,3" />)
    await screen.getByLabelText(tx.label).fill("1,2,3")
    await expect.element(screen.getByRole("alert")).toBeVisible()
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`issue 31 item 3: a field whose owner says nothing gives the message itself when it is left with the other language's form (${lng}), not while typing; the text is kept`, async () => {
    function Bare() {
      const [text, setText] = useState("")
      return <MoneyField label={tx.label} value={text} onChange={setText} data-testid="bare" />
    }
    const screen = await render(<Bare />)
    const input = screen.getByLabelText(tx.label)
    await input.click()
    await userEvent.keyboard(tx.wrong[0])
    await expect.element(screen.getByRole("alert")).not.toBeInTheDocument()
    await userEvent.tab()
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.invalid)
    await expect.element(input).toHaveAccessibleDescription(tx.invalid)
    await expect.element(input).toHaveValue(tx.wrong[0])
    await input.fill(tx.typed)
    await userEvent.tab()
    await expect.element(screen.getByRole("alert")).not.toBeInTheDocument()
    await expect.element(input).toHaveValue(tx.typed)
  })
})
