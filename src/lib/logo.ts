// The school's logo, name and colour as parents see them: its own, from the runtime configuration
// of its host (issue 55), or the site's. The site's logo is the file the page's boot preloader
// already shows (public/index.html), so every screen reuses that one cached file instead of
// carrying a copy inlined in its script.
import type { CSSProperties } from 'react';
import { appConfig } from '../api/config.ts';

export const LOGO_URL = appConfig.logoUrl;

/** The logo's text alternative: the school's name where it set one. */
export const LOGO_ALT = appConfig.schoolName || 'Escuela de baloncesto';

/** The school's colour as a band above the parents' headers; none where it set none. */
export const SCHOOL_BAND: CSSProperties | undefined = appConfig.colour
  ? { borderTop: `0.375rem solid ${appConfig.colour}` }
  : undefined;
