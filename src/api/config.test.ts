import { describe, expect, it } from 'vitest';
import { appConfig, DEFAULT_APP_CONFIG, readAppConfig } from './config.ts';

describe('readAppConfig', () => {
  it('uses safe defaults when app-config.js did not run', () => {
    expect(readAppConfig(undefined)).toEqual(DEFAULT_APP_CONFIG);
    expect(readAppConfig('nonsense')).toEqual(DEFAULT_APP_CONFIG);
    expect(DEFAULT_APP_CONFIG.apiBase).toBe('/api');
  });

  it('reads every field', () => {
    expect(
      readAppConfig({
        accountId: ' acc-1 ',
        apiBase: 'https://api.example.org/api/',
        socialProviders: { google: true, facebook: false },
        schoolWebsite: 'https://escuela.example.org',
        publicUrl: 'https://inscripciones.example.org/',
      }),
    ).toEqual({
      accountId: 'acc-1',
      apiBase: 'https://api.example.org/api',
      socialProviders: { google: true, facebook: false },
      schoolWebsite: 'https://escuela.example.org/',
      publicUrl: 'https://inscripciones.example.org',
    });
  });

  it('ignores values of the wrong type and unsafe links', () => {
    const config = readAppConfig({
      accountId: 42,
      apiBase: '',
      socialProviders: { google: 'yes' },
      schoolWebsite: 'javascript:alert(1)',
      publicUrl: '/relative',
    });
    expect(config).toEqual(DEFAULT_APP_CONFIG);
    expect(readAppConfig({ schoolWebsite: '//evil.example' }).schoolWebsite).toBe('/');
  });

  it('is read from window.__APP_CONFIG__ at start-up', () => {
    expect(appConfig.accountId).toBe('test-account');
  });
});
