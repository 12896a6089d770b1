// The school's logo, by its public address: the page's boot preloader already shows it
// (public/index.html), so every screen reuses that one cached file instead of carrying a copy
// inlined in its script.
export const LOGO_URL = '/logo.svg';
