// Runtime configuration of mock mode (copied to dist/app-config.js by `webpack --env mock`).
// Same shape as the server's GET /app-config.js (server/routes/app-config.ts) with its defaults.
// The account is one of mock mode's demo schools, as a school's own host would name it: the build
// writes them in for __MOCK_SCHOOLS__ (mocks/schools.ts). `?cuenta=<id>` picks one; the tab keeps
// it in sessionStorage, so reloads and other addresses stay on that school.
/* global __MOCK_SCHOOLS__ */
(function () {
  var schools = __MOCK_SCHOOLS__;
  var known = function (id) {
    return schools.ids.indexOf(id) >= 0;
  };
  var asked = new URLSearchParams(window.location.search).get(schools.param);
  var kept = window.sessionStorage.getItem(schools.storageKey);
  var accountId = known(asked) ? asked : known(kept) ? kept : schools.ids[0];
  window.sessionStorage.setItem(schools.storageKey, accountId);
  window.__APP_CONFIG__ = {
    accountId: accountId,
    apiBase: '/api',
    socialProviders: { google: false, facebook: false },
    schoolWebsite: '/',
  };
})();
