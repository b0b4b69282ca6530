/** The product mark (inline SVG). */
export function Logo({ size = 32 }: { readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#3fc79a" />
      <path
        d="M9 20.5c2.2 2.4 5 3.5 8.2 3 3.6-.6 6-3.3 6-6.6 0-3.8-3-6.4-7-6.4-2.6 0-4.6 1.1-5.8 2.9"
        fill="none"
        stroke="#06281d"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="10" cy="13" r="2.4" fill="#06281d" />
    </svg>
  )
}
