/**
 * The profile-update modal (spec core §2.4, §5): income, occupation (autocomplete: 500 ms
 * debounce, more than 2 characters, sanitised, page size 30), 'occupation not reported' (code
 * 3940, field disabled), zip (lookup when it reaches 9 characters, not on the initial load),
 * country, state, city, neighborhood, street, number (digits), complement. Save only when
 * valid; toasts of core §8.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { OCCUPATION_NOT_REPORTED, type Occupation } from "../../../schema/entities.ts"
import { sanitizeOccupationSearch } from "../../../schema/validation.ts"
import { appStore, useAppState } from "../../lib/app-state.ts"
import { toast } from "../../lib/feedback.ts"
import { applyStatus } from "../../lib/onboarding.ts"
import { Button } from "../../ui/button.tsx"
import { Checkbox } from "../../ui/checkbox.tsx"
import { Combobox } from "../../ui/combobox.tsx"
import { Dialog } from "../../ui/dialog.tsx"
import { centsToInput, MoneyField } from "../../ui/money-field.tsx"
import { Select } from "../../ui/select.tsx"
import { TextField } from "../../ui/text-field.tsx"
import * as layout from "../../ui/layout.css.ts"
import {
  isProfileFormValid,
  maskZip,
  toProfileUpdate,
  UFS,
  validateProfileForm,
  ZIP_LENGTH,
  type ProfileField,
  type ProfileFormValues
} from "./profile-form.ts"

/** core §9 occupation search. */
export const OCCUPATION_DEBOUNCE_MS = 500
export const OCCUPATION_MIN_LENGTH = 2
export const OCCUPATION_PAGE_SIZE = 30

export function ProfileUpdateModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language
  const onboarding = useAppState((s) => s.onboarding)
  const initial = useMemo<ProfileFormValues>(() => {
    const a = onboarding?.address
    const cbo = onboarding?.occupation_cbo ?? null
    return {
      incomeText: onboarding?.occupation_income != null ? centsToInput(onboarding.occupation_income, lang === "en" ? "en" : "pt") : "",
      incomeCents: onboarding?.occupation_income ?? null,
      occupationCbo: cbo,
      occupationText: cbo !== null && cbo !== OCCUPATION_NOT_REPORTED ? t("shell:profileUpdate.occupationCode", { code: cbo }) : "",
      notReported: cbo === OCCUPATION_NOT_REPORTED,
      zip: a?.zip_code ?? "",
      country: a?.country ?? "",
      state: a?.federative_unit ?? "",
      city: a?.city ?? "",
      neighborhood: a?.neighborhood ?? "",
      street: a?.street ?? "",
      number: a ? String(a.number) : "",
      complement: a?.complement ?? ""
    }
  }, [onboarding, t, lang])
  const [v, setV] = useState<ProfileFormValues>(initial)
  const [touched, setTouched] = useState<ReadonlySet<ProfileField>>(new Set())
  const [selectedLabel, setSelectedLabel] = useState(initial.occupationText)
  const [options, setOptions] = useState<ReadonlyArray<Occupation>>([])
  const [searching, setSearching] = useState(false)
  const [saving, setSaving] = useState(false)
  const numberRef = useRef<HTMLInputElement>(null)

  const set = (patch: Partial<ProfileFormValues>): void => setV((x) => ({ ...x, ...patch }))
  const touch = (f: ProfileField): void => setTouched((x) => new Set([...x, f]))
  const errors = validateProfileForm(v)
  const err = (f: ProfileField): string | null => {
    const k = errors[f]
    return k && touched.has(f) ? t(`validation:${k}`) : null
  }

  // core §5: occupation search after 500 ms, text longer than 2 and not the selected label
  useEffect(() => {
    if (v.notReported) return undefined
    const search = sanitizeOccupationSearch(v.occupationText).replace(/\s+/g, " ")
    if (search.length <= OCCUPATION_MIN_LENGTH || v.occupationText === selectedLabel) return undefined
    let live = true
    const timer = setTimeout(() => {
      setSearching(true)
      getEngine()
        .call("occupations", { query: { search, page: "1", page_size: String(OCCUPATION_PAGE_SIZE) } })
        .then((r) => {
          if (live) setOptions(r.data.occupations)
        })
        .catch(() => {
          if (!live) return
          setOptions([])
          toast("warning", t("shell:profileUpdate.occupationListTitle"), t("errors:UNABLE_TO_LOAD_OCCUPATIONS"))
        })
        .finally(() => {
          if (live) setSearching(false)
        })
    }, OCCUPATION_DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [v.occupationText, v.notReported, selectedLabel, t])

  const onZip = (raw: string): void => {
    const zip = maskZip(raw)
    set({ zip })
    if (zip.length !== ZIP_LENGTH || zip === v.zip) return
    // core §5: the lookup fills the address, sets the country to Brasil and clears the number
    getEngine()
      .call("zipLookup", { params: { cep: zip.replace(/\D/g, "") } })
      .then((r) => {
        const z = r
        set({
          zip: z.cep ? maskZip(z.cep) : zip,
          street: z.logradouro,
          complement: z.complemento,
          neighborhood: z.bairro,
          city: z.localidade,
          state: z.uf,
          country: "Brasil",
          number: ""
        })
        numberRef.current?.focus()
      })
      .catch(() => toast("error", t("errors:UNABLE_TO_GET_ADDRESS")))
  }

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    if (!isProfileFormValid(v)) return
    setSaving(true)
    try {
      const r = await getEngine().call("onboardingUpdate", { body: toProfileUpdate(v) })
      const prev = appStore.get().onboardingStatus
      // core §4: expired returns to finished after a profile update
      const status = applyStatus(prev, r.data.status) ?? (prev === "expired" ? "finished" : prev)
      appStore.set({ onboarding: r.data, onboardingStatus: status === "expired" ? "finished" : status })
      toast("success", t("errors:PROFILE_UPDATED_SUCCESSFULLY"))
      onClose()
    } catch {
      toast("error", t("errors:UNABLE_TO_UPDATE_PROFILE_ERROR"))
    } finally {
      setSaving(false)
    }
  }

  const valid = isProfileFormValid(v)
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("shell:profileUpdate.title")}
      description={t("shell:profileUpdate.description")}
      size="large"
      testId="profile-update-modal"
    >
      <form
        className={layout.form}
        onSubmit={(e) => {
          void submit(e)
        }}
        noValidate
      >
        <div className={layout.formGrid}>
          <MoneyField
            label={t("shell:profileUpdate.income")}
            value={v.incomeText}
            required
            onChange={(text, cents) => set({ incomeText: text, incomeCents: cents })}
            onBlur={() => touch("income")}
            error={err("income")}
          />
          <Combobox
            label={t("shell:profileUpdate.occupation")}
            text={v.notReported ? "" : v.occupationText}
            required
            onTextChange={(text) => set({ occupationText: text, occupationCbo: text === selectedLabel ? v.occupationCbo : null })}
            options={options.map((o) => ({ value: String(o.cbo_id), label: o.name }))}
            onSelect={(o) => {
              setSelectedLabel(o.label)
              set({ occupationText: o.label, occupationCbo: Number(o.value) })
              setOptions([])
            }}
            loading={searching}
            loadingText={t("common:loading")}
            emptyText={t("shell:profileUpdate.noOccupation")}
            disabled={v.notReported}
            error={v.notReported ? null : err("occupation")}
            onBlur={() => touch("occupation")}
            placeholder={t("shell:profileUpdate.occupationPlaceholder")}
            testId="occupation"
          />
        </div>
        <Checkbox
          label={t("shell:profileUpdate.notReported")}
          checked={v.notReported}
          onChange={(c) =>
            set(c ? { notReported: true, occupationCbo: OCCUPATION_NOT_REPORTED } : { notReported: false, occupationCbo: null, occupationText: "" })
          }
        />
        <div className={layout.formGrid}>
          <TextField
            label={t("shell:profileUpdate.zip")}
            value={v.zip}
            onChange={onZip}
            onBlur={() => touch("zip")}
            error={err("zip")}
            inputMode="numeric"
            required
            placeholder="00000-000"
            maxLength={ZIP_LENGTH}
            data-testid="zip"
          />
          <TextField
            label={t("shell:profileUpdate.country")}
            value={v.country}
            onChange={(x) => set({ country: x })}
            onBlur={() => touch("country")}
            error={err("country")}
            required
          />
          <Select
            label={t("shell:profileUpdate.state")}
            value={v.state}
            onChange={(x) => {
              set({ state: x })
              touch("state")
            }}
            options={UFS.map((u) => ({ value: u, label: u }))}
            placeholder={t("common:actions.select")}
            error={err("state")}
            required
          />
          <TextField
            label={t("shell:profileUpdate.city")}
            value={v.city}
            onChange={(x) => set({ city: x })}
            onBlur={() => touch("city")}
            error={err("city")}
            required
          />
          <TextField
            label={t("shell:profileUpdate.neighborhood")}
            value={v.neighborhood}
            onChange={(x) => set({ neighborhood: x })}
            onBlur={() => touch("neighborhood")}
            error={err("neighborhood")}
            required
          />
          <TextField
            label={t("shell:profileUpdate.street")}
            value={v.street}
            onChange={(x) => set({ street: x })}
            onBlur={() => touch("street")}
            error={err("street")}
            required
          />
          <TextField
            ref={numberRef}
            label={t("shell:profileUpdate.number")}
            value={v.number}
            onChange={(x) => set({ number: x })}
            onBlur={() => touch("number")}
            error={err("number")}
            inputMode="numeric"
            required
          />
          <TextField label={t("shell:profileUpdate.complement")} value={v.complement} onChange={(x) => set({ complement: x })} />
        </div>
        <div className={layout.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" disabled={!valid} busy={saving} data-testid="profile-save">
            {t("common:actions.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
