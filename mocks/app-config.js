// Runtime configuration of mock mode (copied to dist/app-config.js by `webpack --env mock`).
// Same shape as the server's GET /app-config.js (server/routes/app-config.ts) with its defaults.
window.__APP_CONFIG__ = {
  accountId: 'escuela-baloncesto',
  apiBase: '/api',
  socialProviders: { google: false, facebook: false },
  schoolWebsite: '/',
};
