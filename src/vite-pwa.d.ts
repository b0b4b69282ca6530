/** Types of the virtual module `virtual:pwa-register` (vite-plugin-pwa), used by src/lib/pwa.ts. */
/// <reference types="vite-plugin-pwa/client" />
