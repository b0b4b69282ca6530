/**
 * The base of every page object: a class whose locators are the page's elements by test id.
 * `class LoginPage extends byTestId({ root: "login-page", email: "login-email" }) { … }` gives
 * `new LoginPage(page).root`, `.email` and `.page`, typed, with no field list to keep in step.
 */
import type { Locator, Page } from "@playwright/test"

export type TestIds = Readonly<Record<string, string>>
export type ByTestId<T extends TestIds> = { readonly page: Page } & { readonly [K in keyof T]: Locator }

export function byTestId<const T extends TestIds>(ids: T): new (page: Page) => ByTestId<T> {
  class PageObject {
    constructor(readonly page: Page) {
      for (const [key, id] of Object.entries(ids)) Object.defineProperty(this, key, { value: page.getByTestId(id), enumerable: true })
    }
  }
  return PageObject as new (page: Page) => ByTestId<T>
}
