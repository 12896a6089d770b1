/** The Google profile the local OAuth2 provider answers in the browser tests. */
export const E2E_GOOGLE_PROFILE = {
  sub: 'google-e2e-1',
  email: 'rosa.google@gmail.com',
  email_verified: true,
  name: 'Rosa Martínez',
  picture: null,
};
