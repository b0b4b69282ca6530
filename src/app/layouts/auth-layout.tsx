/**
 * The authentication layout of spec core §2.3: background image (drawn here as an inline SVG
 * over gradients, nothing fetched) and centred content, with the two language links.
 */
import type { ReactNode } from "react"
import { Link, useLocation } from "react-router"
import { useTranslation } from "react-i18next"
import { switchPrefix } from "../../lib/locale-path.ts"
import { Logo } from "../../ui/logo.tsx"
import * as s from "./auth-layout.css.ts"

function Art() {
  return (
    <svg className={s.art} viewBox="0 0 1440 900" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.5" fill="#ffffff" opacity="0.35" />
        </pattern>
      </defs>
      <rect width="1440" height="900" fill="url(#dots)" />
      <path d="M0 700 C 300 600, 500 820, 800 700 S 1300 560, 1440 640 L1440 900 L0 900 Z" fill="#ffffff" opacity="0.08" />
      <path d="M0 780 C 360 700, 620 900, 940 780 S 1320 700, 1440 740 L1440 900 L0 900 Z" fill="#ffffff" opacity="0.08" />
      <circle cx="1180" cy="180" r="140" fill="none" stroke="#ffffff" strokeWidth="2" opacity="0.25" />
      <circle cx="1180" cy="180" r="90" fill="none" stroke="#ffffff" strokeWidth="2" opacity="0.2" />
    </svg>
  )
}

export function AuthLayout({ children }: { readonly children: ReactNode }) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const other = i18n.language === "en" ? "pt" : "en"
  return (
    <div className={s.root}>
      <Art />
      <div className={s.brand}>
        <Logo />
        <span>{t("common:appName")}</span>
      </div>
      <main className={s.panel} id="main">
        {children}
      </main>
      <nav className={s.footer} aria-label={t("common:language.label")}>
        <Link className={s.langLink} to={switchPrefix(pathname, other)} lang={other === "en" ? "en-US" : "pt-BR"}>
          {t(`common:language.switchTo.${other}`)}
        </Link>
      </nav>
    </div>
  )
}
