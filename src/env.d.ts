// Build-time environment variables the SPA reads (Vite inlines them); see docs/product.md section 11, "API host".
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the API; empty means same origin `/api`. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// The widget's Spanish strings: a module run for its effect (src/components/ui/AltchaField.tsx imports it on demand).
declare module 'altcha/i18n/es-419';
