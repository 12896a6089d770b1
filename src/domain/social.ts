// Social sign-in (spec 01 §7, DESIGN.md §2.15): the popup's payload and the message it posts
// back to the page that opened it. Shared by the browser and the server.
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface SocialPayload {
  accountID: string;
  clientURL: string;
  browserID: string;
  type: 'LOGIN' | 'REGISTER';
}

/** What the popup posts to its opener (same origin only). */
export interface SocialMessage {
  source: 'escuela-oauth';
  ok: boolean;
  token?: string;
  userId?: string;
  browserID: string;
  message?: string;
}

/** base64 of the JSON (UTF-8 safe), as the spec's query parameter `payload` carries it. */
export function encodeSocialPayload(payload: SocialPayload): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeSocialPayload(text: string): SocialPayload | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    ) as Record<string, unknown>;
    const { accountID, clientURL, browserID, type } = parsed;
    if (typeof accountID !== 'string' || typeof clientURL !== 'string' || typeof browserID !== 'string')
      return null;
    if (type !== 'LOGIN' && type !== 'REGISTER') return null;
    if (browserID.length > 100 || clientURL.length > 500) return null;
    return { accountID, clientURL, browserID, type };
  } catch {
    return null;
  }
}

export const SOCIAL_MESSAGES = {
  notConfigured: 'El inicio de sesión con este proveedor no está disponible.',
  badRequest: 'El enlace de inicio de sesión no es válido. Por favor cierre esta ventana e intente de nuevo.',
  expired:
    'La solicitud de inicio de sesión venció o ya se usó. Por favor cierre esta ventana e intente de nuevo.',
  noEmail:
    'Su cuenta no comparte un correo electrónico verificado, que necesitamos para su inscripción. Por favor regístrese con su correo.',
  failed: 'No fue posible iniciar sesión con el proveedor. Por favor intente de nuevo.',
  inactive: 'Esta cuenta está desactivada. Por favor comuníquese con la escuela.',
  working: 'Iniciando sesión…',
} as const;
