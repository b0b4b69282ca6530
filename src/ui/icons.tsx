/** Small inline SVG icons (no icon font, no network). Decorative: hidden from screen readers. */
import type { SVGProps } from "react"

type P = SVGProps<SVGSVGElement> & { readonly size?: number }
const base = (size = 20): SVGProps<SVGSVGElement> => ({
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false
})
const icon = (d: string | ReadonlyArray<string>) =>
  function Icon({ size, ...rest }: P) {
    return (
      <svg {...base(size)} {...rest}>
        {(typeof d === "string" ? [d] : d).map((x) => (
          <path key={x} d={x} />
        ))}
      </svg>
    )
  }

export const CloseIcon = icon("M6 6l12 12M18 6L6 18")
export const BellIcon = icon(["M6 8a6 6 0 0112 0c0 7 3 9 3 9H3s3-2 3-9", "M10.3 21a1.94 1.94 0 003.4 0"])
export const GridIcon = icon(["M4 4h6v6H4z", "M14 4h6v6h-6z", "M4 14h6v6H4z", "M14 14h6v6h-6z"])
export const WalletIcon = icon(["M3 7h16a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2V7z", "M3 7l13-4v4", "M16 13h2"])
export const EyeIcon = icon(["M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z", "M12 9a3 3 0 100 6 3 3 0 000-6z"])
export const EyeOffIcon = icon([
  "M17.94 17.94A10.07 10.07 0 0112 20C5 20 1 12 1 12a18.45 18.45 0 015.06-5.94",
  "M9.9 4.24A9.12 9.12 0 0112 4c7 0 11 8 11 8a18.5 18.5 0 01-2.16 3.19",
  "M1 1l22 22"
])
export const ChevronDownIcon = icon("M6 9l6 6 6-6")
export const ChevronRightIcon = icon("M9 6l6 6-6 6")
export const GlobeIcon = icon(["M12 2a10 10 0 100 20 10 10 0 000-20z", "M2 12h20", "M12 2a15 15 0 010 20 15 15 0 010-20z"])
export const LogoutIcon = icon(["M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4", "M16 17l5-5-5-5", "M21 12H9"])
export const MoreIcon = icon(["M12 5h.01", "M12 12h.01", "M12 19h.01"])
export const SearchIcon = icon(["M11 4a7 7 0 100 14 7 7 0 000-14z", "M21 21l-4.35-4.35"])
export const PlusIcon = icon("M12 5v14M5 12h14")
export const CheckIcon = icon("M5 12l5 5L20 7")
export const InfoIcon = icon(["M12 2a10 10 0 100 20 10 10 0 000-20z", "M12 16v-4", "M12 8h.01"])
export const WarningIcon = icon(["M10.29 3.86L1.82 18a2 2 0 001.71 3h16.94a2 2 0 001.71-3L13.71 3.86a2 2 0 00-3.42 0z", "M12 9v4", "M12 17h.01"])
export const ErrorIcon = icon(["M12 2a10 10 0 100 20 10 10 0 000-20z", "M15 9l-6 6", "M9 9l6 6"])
export const SuccessIcon = icon(["M12 2a10 10 0 100 20 10 10 0 000-20z", "M8 12l3 3 5-6"])
export const OfflineIcon = icon([
  "M1 1l22 22",
  "M16.72 11.06A10.94 10.94 0 0119 12.55",
  "M5 12.55a10.94 10.94 0 015.17-2.39",
  "M10.71 5.05A16 16 0 0122.58 9",
  "M1.42 9a15.91 15.91 0 014.7-2.88",
  "M8.53 16.11a6 6 0 016.95 0",
  "M12 20h.01"
])
export const OnlineIcon = icon(["M5 12.55a11 11 0 0114.08 0", "M1.42 9a16 16 0 0121.16 0", "M8.53 16.11a6 6 0 016.95 0", "M12 20h.01"])
export const UserIcon = icon(["M20 21v-2a4 4 0 00-4-4H8a4 4 0 00-4 4v2", "M12 3a4 4 0 100 8 4 4 0 000-8z"])
export const ShieldIcon = icon("M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z")
export const ClockIcon = icon(["M12 2a10 10 0 100 20 10 10 0 000-20z", "M12 6v6l4 2"])
export const HomeIcon = icon(["M3 10l9-7 9 7v10a2 2 0 01-2 2H5a2 2 0 01-2-2z", "M9 22V12h6v10"])
export const SyncIcon = icon(["M23 4v6h-6", "M1 20v-6h6", "M3.51 9a9 9 0 0114.85-3.36L23 10", "M1 14l4.64 4.36A9 9 0 0020.49 15"])
export const MenuIcon = icon("M3 6h18M3 12h18M3 18h18")
