// The school's logo, by its public address: the page's boot preloader already shows it
// (public/index.html), so every screen reuses that one cached file instead of carrying a copy
// inlined in its script. On the host of a school that uploaded its own (issue 55), the server
// answers this address with it.
export const LOGO_URL = '/logo.svg';
