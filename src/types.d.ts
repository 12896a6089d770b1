// Ambient declarations for webpack asset/CSS imports and the runtime config global.
// Kept a script (no top-level import/export) so that `interface Window` merges globally.

/** Build-time constant (webpack's DefinePlugin): true only in the mock-mode build. */
declare const __MOCK_API__: boolean;

declare module '*.css';

declare module '*.svg' {
  const url: string;
  export default url;
}

declare module '*.png' {
  const url: string;
  export default url;
}

/** Shape written by /app-config.js (served by the server, or mocks/app-config.js in mock mode). */
interface RawAppConfig {
  accountId?: string;
  apiBase?: string;
  socialProviders?: { google?: boolean; facebook?: boolean };
  schoolWebsite?: string;
  publicUrl?: string;
  /** A school's name (issue 55), read by the sign-in frame alone (src/lib/AuthFrame.tsx). */
  schoolName?: unknown;
}

interface Window {
  /** Untrusted until read through src/api/config.ts, which validates every field. */
  __APP_CONFIG__?: RawAppConfig;
}

/** PDFKit's standard font metrics, which its browser build needs registered (mocks/receipts.ts). */
declare module 'pdfkit/standard-fonts/*' {
  const font: object;
  export default font;
}
