// Runtime configuration of mock mode (no server): the same shape GET /app-config.js answers.
window.__APP_CONFIG__ = {
  accountId: 'escuela-baloncesto',
  apiBase: '/api',
  socialProviders: { google: false, facebook: false },
  schoolWebsite: '/',
};
