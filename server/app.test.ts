import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Type } from 'typebox';
import { buildTestApp, TEST_ACCOUNT_ID, type BuildOptions, type TestApp } from './testing/build.ts';
import { buildPlatformTestApp, hostOf } from './testing/platform.ts';
import { seedDemoData } from '../src/core/seed.ts';
import { FRONTEND_NOT_BUILT, RENDER_WAIT_MS } from './http/frontend.ts';
import { LINKED_CAMP_SLOT } from '../src/domain/linkedCampSlot.ts';
import { HEALTH_PING_MS } from './routes/health.ts';
import { pino } from 'pino';
import { REDACT_PATHS, requestLogger } from './logging.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ASSET = 'console.log("una línea de prueba que se repite");'.repeat(20);

/** An app whose static folder holds a small fake front-end build. */
function withBuiltFrontend(): Promise<TestApp> {
  return buildTestApp(
    {},
    {
      beforeBuild: async ({ staticDir }) => {
        await fs.mkdir(path.join(staticDir, 'assets'), { recursive: true });
        // As html-webpack-plugin writes it: the configuration tag unquoted.
        await fs.writeFile(
          path.join(staticDir, 'index.html'),
          '<!doctype html><html lang="es"><head><script src=/app-config.js></script></head><div id="root"></div></html>',
        );
        await fs.writeFile(path.join(staticDir, 'assets', 'main.1a2b3c4d.js'), ASSET);
        // What the build writes beside each asset (compression-webpack-plugin).
        await fs.writeFile(
          path.join(staticDir, 'assets', 'main.1a2b3c4d.js.br'),
          zlib.brotliCompressSync(ASSET),
        );
        await fs.writeFile(path.join(staticDir, 'assets', 'main.1a2b3c4d.js.gz'), zlib.gzipSync(ASSET));
        await fs.writeFile(path.join(staticDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      },
    },
  );
}

describe('GET /api/health', () => {
  it('reports the store in use and that it answers', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', store: 'embedded' });
  });

  it('needs no account header, unlike the rest of the API', async () => {
    t = await buildTestApp();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-account-id': 'otra-escuela' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('La cuenta de la aplicación no es válida.');
  });

  it('trusts a store that answered for a second, and asks again after a failure', async () => {
    t = await buildTestApp();
    vi.useFakeTimers({ toFake: ['Date'] });
    let pings = 0;
    let answers = true;
    t.store.ping = async () => {
      pings += 1;
      if (!answers) throw new Error('disk gone');
    };
    const health = () => t!.app.inject({ method: 'GET', url: '/api/health' });
    expect((await Promise.all([health(), health(), health()])).map((res) => res.statusCode)).toEqual([
      200, 200, 200,
    ]);
    expect(pings).toBe(1);
    answers = false;
    expect((await health()).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + HEALTH_PING_MS);
    expect((await health()).statusCode).toBe(503);
    expect((await health()).statusCode).toBe(503);
    expect(pings).toBe(3);
    vi.useRealTimers();
  });

  it('answers 503 with a Spanish message when the store does not answer', async () => {
    t = await buildTestApp();
    t.store.ping = async () => {
      throw new Error('disk gone');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'El almacenamiento de datos no responde.',
      store: 'embedded',
    });
  });
});

describe('front end serving', () => {
  it('serves index.html for / and for deep links, never cached', async () => {
    t = await withBuiltFrontend();
    for (const url of ['/', '/calendario', '/admin/semanas', '/recover-password?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and other public files briefly', async () => {
    t = await withBuiltFrontend();
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.1a2b3c4d.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown API paths and missing assets with a JSON 404, not the page', async () => {
    t = await withBuiltFrontend();
    for (const url of ['/api/nope', '/assets/missing.js', '/favicon-missing.png']) {
      const res = await t.api({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, status: 'ERROR', message: 'Recurso no encontrado.' });
    }
  });

  it('explains how to build when the front end is missing', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/calendario' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(FRONTEND_NOT_BUILT);
  });

  it('sends security headers with a CSP the app works under', async () => {
    t = await withBuiltFrontend();
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Computed once at start-up, set on every answer. The API's JSON answers and refusals get the
    // set that matters for an answer no browser shows as a page, and are never cached.
    for (const url of ['/api/health', '/api/nope', '/api/semanas/findbycamp/x']) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(api.headers['x-frame-options'], url).toBe('DENY');
      expect(api.headers['strict-transport-security'], url).toBe(res.headers['strict-transport-security']);
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      expect(api.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(api.headers['cache-control'], url).toBe('no-store');
      expect(api.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(api.headers['referrer-policy'], url).toBeUndefined();
    }
    // The API docs are a page; so are the sign-in popup's pages, which are never cached.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
    expect(docs.headers['x-frame-options']).toBe('DENY');
    const popup = await t.app.inject({ method: 'GET', url: '/api/v1/auth/nadie' });
    expect(popup.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(popup.headers['referrer-policy']).toBe('no-referrer');
    expect(popup.headers['cache-control']).toBe('no-store');
  });

  it('writes the runtime configuration into the page, allowed by its CSP hash, so no request blocks the first render', async () => {
    t = await withBuiltFrontend();
    for (const url of ['/', '/index.html', '/login?camp=abc']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('app-config.js');
      const script = /<script>(window\.__APP_CONFIG__ = .*?)<\/script>/s.exec(res.body)?.[1];
      expect(script, url).toBeDefined();
      expect(JSON.parse(/= (.*);\n$/.exec(script!)![1]!)).toMatchObject({ accountId: t.config.accountId });
      const hash = crypto.createHash('sha256').update(script!).digest('base64');
      expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hash}'`);
    }
  });

  it('sends the page and the assets br or gzip to a browser that asks, plain to one that does not', async () => {
    t = await withBuiltFrontend();
    for (const url of ['/calendario', '/assets/main.1a2b3c4d.js', '/app-config.js']) {
      const plain = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(String(plain.headers.vary), url).toMatch(/accept-encoding/i);
      const br = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      const gzip = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
    }
  });

  it('serves a new build of the page without a restart', async () => {
    t = await withBuiltFrontend();
    vi.useFakeTimers({ toFake: ['Date'] });
    const indexFile = path.join(t.config.staticDir, 'index.html');
    const html = await fs.readFile(indexFile, 'utf8');
    await fs.writeFile(indexFile, html.replace('<div id="root">', '<div id="root" data-build="2">'));
    // A different modification time, as a new build gives.
    await fs.utimes(indexFile, new Date(), new Date(Date.now() + 5000));
    vi.setSystemTime(Date.now() + 1000);
    const res = await t.app.inject({ method: 'GET', url: '/calendario', headers: { accept: 'text/html' } });
    expect(res.body).toContain('data-build="2"');
    expect(res.body).toContain('window.__APP_CONFIG__');
    vi.useRealTimers();
  });

  it('answers a revalidation of the unchanged page with 304 and no body, per encoding', async () => {
    t = await withBuiltFrontend();
    const br = { accept: 'text/html', 'accept-encoding': 'br' };
    const first = await t.app.inject({ method: 'GET', url: '/', headers: br });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+-br"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { ...br, 'if-none-match': `"x", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The br validator does not stand for the plain page.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', 'if-none-match': etag },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
  });

  it('serves the runtime configuration script with the account id', async () => {
    t = await buildTestApp({ ACCOUNT_ID: 'club-07', PUBLIC_URL: 'https://inscripciones.example.org' });
    const res = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    const match = /^window\.__APP_CONFIG__ = (.*);\n$/.exec(res.body);
    expect(JSON.parse(match![1]!)).toMatchObject({
      accountId: 'club-07',
      apiBase: '/api',
      // The admin panel copies enrolment links on the address parents use.
      publicUrl: 'https://inscripciones.example.org',
    });
  });
});

describe('public pages rendered ahead (issue 23)', () => {
  /** The fake build plus a renderer as the build writes it (dist/prerender/render.mjs). */
  function withRenderer<App extends TestApp = TestApp>(
    renderer: string,
    env: Record<string, string> = {},
    build: (env: Record<string, string>, options: BuildOptions) => Promise<App> = buildTestApp as never,
  ): Promise<App> {
    return build(env, {
      beforeBuild: async ({ staticDir }) => {
        await fs.mkdir(path.join(staticDir, 'prerender'), { recursive: true });
        await fs.writeFile(
          path.join(staticDir, 'index.html'),
          '<!doctype html><html lang="es"><head><title>Escuela</title><script src=/app-config.js></script></head>' +
            '<body><div id="root"><div class="boot-preloader"><img src="/logo.svg"></div></div></body></html>',
        );
        await fs.writeFile(path.join(staticDir, 'prerender', 'render.mjs'), renderer);
      },
    });
  }
  // Renders the form with the social buttons the configuration names, as src/prerender.tsx does.
  const RENDERER = `export async function renderPublicPages(config) {
    const google = config.socialProviders.facebook ? '<button>Iniciar sesión con Facebook</button>' : '';
    return {
      '/login': { head: '<title>Iniciar sesión · Escuela</title>', body: '<main><form></form>' + google + '</main>' },
    };
  }`;
  const page = (url: string) => t!.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves /login with its form in place of the preloader, its title, and the configuration it was rendered with', async () => {
    t = await withRenderer(RENDERER, {
      FACEBOOK_CLIENT_ID: 'escuela-client',
      FACEBOOK_CLIENT_SECRET: 'secreto',
    });
    const login = await page('/login?camp=abc');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(
      '<div id="root" data-prerendered="/login"><main><form></form><button>Iniciar sesión con Facebook</button></main></div></body>',
    );
    expect(login.body).not.toContain('boot-preloader');
    expect(login.body).toContain('<title>Iniciar sesión · Escuela</title></head>');
    expect(login.body).not.toContain('<title>Escuela</title>');
    expect(login.body).toContain('window.__APP_CONFIG__');
    // Any other address gets the plain page; the renderer itself is not served.
    const calendar = await page('/calendario');
    expect(calendar.body).toContain('boot-preloader');
    expect(calendar.body).not.toContain('data-prerendered');
    const renderer = await t.app.inject({ method: 'GET', url: '/prerender/render.mjs' });
    expect(renderer.statusCode).toBe(404);
    expect(renderer.body).not.toContain('renderPublicPages');
  });

  it("gives the wizard's addresses the frame's and the wizard's chunks to preload, and only them", async () => {
    t = await withRenderer(RENDERER);
    const assets = path.join(t.config.staticDir, 'assets');
    await fs.mkdir(assets, { recursive: true });
    for (const name of [
      'layout.0a1b2c3d.js',
      'layout.0a1b2c3d.css',
      'wizard-core.1a2b3c4d.js',
      'api.2b3c4d5e.js',
      'step-payment.3c4d5e6f.js',
      'layout.0a1b2c3d.js.br',
    ]) {
      await fs.writeFile(path.join(assets, name), '');
    }
    // A new build (the assets are read with the page).
    const indexFile = path.join(t.config.staticDir, 'index.html');
    vi.useFakeTimers({ toFake: ['Date'] });
    await fs.utimes(indexFile, new Date(), new Date(Date.now() + 5000));
    vi.setSystemTime(Date.now() + 1000);
    const calendar = await page('/calendario');
    vi.useRealTimers();
    expect(calendar.body).toContain(
      '<link rel="preload" href="/assets/api.2b3c4d5e.js" as="script">' +
        '<link rel="preload" href="/assets/layout.0a1b2c3d.css" as="style">' +
        '<link rel="preload" href="/assets/layout.0a1b2c3d.js" as="script">' +
        '<link rel="preload" href="/assets/wizard-core.1a2b3c4d.js" as="script"></head>',
    );
    expect(calendar.body).not.toContain('step-payment');
    expect((await page('/')).body).toContain('wizard-core.1a2b3c4d.js');
    // The sign-in pages and the admin panel do not download the wizard.
    expect((await page('/login')).body).not.toContain('rel="preload" href="/assets/');
    expect((await page('/admin/login')).body).not.toContain('wizard-core');
  });

  it("names an enrolment link's open camp in the sign-in pages rendered ahead, says a closed one is closed (issue 59), and nothing for any other camp", async () => {
    // As src/prerender.tsx renders them: the sign-in pages again, with the camp's stand-ins.
    const slotted = (title: string) =>
      `{ head: '', body: '<main><h1>${title}</h1><p data-linked-camp="${LINKED_CAMP_SLOT.id}">Se inscribe en: <strong>${LINKED_CAMP_SLOT.name}</strong></p><form></form></main>' }`;
    const closedSlot = (title: string) =>
      `{ head: '', body: '<main><h1>${title}</h1><p data-linked-camp="${LINKED_CAMP_SLOT.closedId}" data-closed="">Las inscripciones de <strong>${LINKED_CAMP_SLOT.name}</strong> están cerradas.</p><form></form></main>' }`;
    t = await withRenderer(`export async function renderPublicPages() {
      return {
        '/login': { head: '', body: '<main><h1>Iniciar sesión</h1><form></form></main>' },
        '/login?camp': ${slotted('Iniciar sesión')},
        '/login?camp&closed': ${closedSlot('Iniciar sesión')},
        '/register': { head: '', body: '<main><h1>Registro</h1><form></form></main>' },
        '/register?camp': ${slotted('Registro')},
        '/register?camp&closed': ${closedSlot('Registro')},
      };
    }`);
    const admin = (await t.createUser({ admin: true })).token;
    const create = async (area: string, payload: Record<string, unknown>) =>
      (await t!.api({ method: 'POST', url: `/api/${area}/create`, token: admin, payload })).json<{
        data: { _id: string };
      }>().data;
    const year = new Date().getFullYear() + 1;
    /** A summer camp of `summer` with a week on sale. */
    const summerCamp = async (code: string, name: string, summer: number) => {
      const made = await create('campamentos', {
        code,
        name,
        description: 'Campamento',
        membership: 3500,
        type: 'campamento',
        start_date: `${summer}-06-14`,
        end_date: `${summer}-08-06`,
      });
      await create('semanas', { campament: made._id, name: 'Semana 1', value: 4700, quota_q: 30 });
      return made;
    };
    const camp = await summerCamp('V1', 'Verano <Tigres> & "Leones"', year);

    const login = await page(`/login?camp=${camp._id}`);
    expect(login.body).toContain(
      `<div id="root" data-prerendered="/login"><main><h1>Iniciar sesión</h1><p data-linked-camp="${camp._id}">Se inscribe en: <strong>Verano &lt;Tigres&gt; &amp; &quot;Leones&quot;</strong></p>`,
    );
    const register = await page(`/register?camp=${camp._id}&utm=x`);
    expect(register.body).toContain('<h1>Registro</h1><p data-linked-camp=');
    expect(register.body).toContain('Se inscribe en: <strong>Verano &lt;Tigres&gt;');
    // Served again from what was made the first time: the same page, the same validator.
    expect((await page(`/login?camp=${camp._id}`)).headers.etag).toBe(login.headers.etag);
    expect(login.body).not.toContain('cerradas');

    // A camp the school has but that takes no enrolments (issue 59): inactive, or its dates over.
    const inactive = await summerCamp('V0', 'Verano Cerrado', year);
    await t.store.collection('campamentos').updateOne({ _id: inactive._id }, { set: { status: 'inactive' } });
    const over = await summerCamp('V9', 'Verano Pasado', year - 3);
    for (const [camp, name] of [
      [inactive, 'Verano Cerrado'],
      [over, 'Verano Pasado'],
    ] as const) {
      for (const [path, title] of [
        ['/login', 'Iniciar sesión'],
        ['/register', 'Registro'],
      ]) {
        const closed = (await page(`${path}?camp=${camp._id}`)).body;
        expect(closed, name).toContain(
          `<main><h1>${title}</h1><p data-linked-camp="${camp._id}" data-closed="">Las inscripciones de <strong>${name}</strong> están cerradas.</p><form></form></main>`,
        );
        expect(closed, name).not.toContain('Se inscribe en');
        expect(closed, name).not.toContain('campidslot');
      }
    }
    // The open camp's page is not the closed one's, and the other way round, however often asked.
    expect((await page(`/login?camp=${camp._id}`)).body).toContain(
      'Se inscribe en: <strong>Verano &lt;Tigres&gt;',
    );

    // No link, an unknown camp, or an id the store would never write: the page as rendered, no stand-in.
    for (const url of ['/login', '/login?camp=0123456789abcdef01234567', '/login?camp=%3Cscript%3E']) {
      const plain = await page(url);
      expect(plain.body, url).toContain('<main><h1>Iniciar sesión</h1><form></form></main>');
      expect(plain.body, url).not.toContain('linked-camp');
      expect(plain.body, url).not.toContain(LINKED_CAMP_SLOT.name);
    }
  });

  /** A platform with the fake build and a renderer that writes the configuration it is given. */
  async function platformWithRenderer() {
    const slotted = `{ head: '', body: '<main><h1>Iniciar sesión</h1><p class="cuenta">' + who + '</p><p data-linked-camp="${LINKED_CAMP_SLOT.id}">Se inscribe en: <strong>${LINKED_CAMP_SLOT.name}</strong></p><form></form></main>' }`;
    const platform = await withRenderer(
      `export async function renderPublicPages(config) {
        const who = config.accountId + (config.schoolName ? ' · ' + config.schoolName : '');
        return {
          '/login': { head: '', body: '<main><h1>Iniciar sesión</h1><p class="cuenta">' + who + '</p><form></form></main>' },
          '/login?camp': ${slotted},
        };
      }`,
      {},
      buildPlatformTestApp,
    );
    t = platform;
    const at = (url: string, host?: string) =>
      platform.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', ...(host ? { host } : {}) },
      });
    return { platform, at };
  }

  it("renders another school's pages ahead with its own configuration, script and CSP, and preloads its wizard (issue 55)", async () => {
    const { platform, at } = await platformWithRenderer();
    const assets = path.join(platform.config.staticDir, 'assets');
    await fs.mkdir(assets, { recursive: true });
    await fs.writeFile(path.join(assets, 'wizard-core.1a2b3c4d.js'), '');
    expect((await platform.createSchool('escuela-b')).statusCode).toBe(201);
    const admin = await platform.schoolAdminToken('escuela-b');
    expect((await platform.saveSchoolSettings('escuela-b', admin, { name: 'Academia B' })).statusCode).toBe(
      200,
    );

    const login = await at('/login', hostOf('escuela-b'));
    expect(login.body).toContain(
      '<div id="root" data-prerendered="/login"><main><h1>Iniciar sesión</h1><p class="cuenta">escuela-b · Academia B</p>',
    );
    // Its own configuration, inlined and allowed by its own hash (not the deployment's).
    const script = /<script>(window\.__APP_CONFIG__[^<]*)<\/script>/.exec(login.body)?.[1];
    expect(script).toContain('"schoolName":"Academia B"');
    const hash = `'sha256-${crypto.createHash('sha256').update(script!, 'utf8').digest('base64')}'`;
    expect(login.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
    // The deployment's school keeps its own pages.
    const own = await at('/login');
    expect(own.body).toContain(`<p class="cuenta">${platform.config.accountId}</p>`);
    expect(own.body).not.toContain('Academia B');
    // The wizard's address preloads its chunks on the school's host too.
    const calendar = await at('/calendario', hostOf('escuela-b'));
    expect(calendar.body).toContain(
      '<link rel="preload" href="/assets/wizard-core.1a2b3c4d.js" as="script">',
    );
    expect(calendar.body).toContain('"accountId":"escuela-b"');
    // A new name is a new page.
    await platform.saveSchoolSettings('escuela-b', admin, { name: 'Academia Norte' });
    expect((await at('/login', hostOf('escuela-b'))).body).toContain('escuela-b · Academia Norte');
  });

  it('serves another school the plain page, with its own configuration, while its render is slow (issue 55)', async () => {
    const platform = await withRenderer(
      `export async function renderPublicPages(config) {
        // The deployment's school renders at once; any other never finishes.
        if (config.accountId !== ${JSON.stringify(TEST_ACCOUNT_ID)}) return new Promise(() => {});
        return { '/login': { head: '', body: '<main><h1>Iniciar sesión</h1><form></form></main>' } };
      }`,
      {},
      buildPlatformTestApp,
    );
    t = platform;
    expect((await platform.createSchool('escuela-b')).statusCode).toBe(201);
    const started = Date.now();
    const login = await platform.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html', host: hostOf('escuela-b') },
    });
    expect(Date.now() - started).toBeLessThan(RENDER_WAIT_MS + 1000);
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('boot-preloader');
    expect(login.body).toContain('"accountId":"escuela-b"');
    // Once a visitor waited in vain, the next ones get the plain page at once.
    const again = Date.now();
    const next = await platform.app.inject({
      method: 'GET',
      url: '/calendario',
      headers: { accept: 'text/html', host: hostOf('escuela-b') },
    });
    expect(Date.now() - again).toBeLessThan(RENDER_WAIT_MS / 2);
    expect(next.body).toContain('"accountId":"escuela-b"');
    // The deployment's own page is rendered ahead all along.
    const own = await platform.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(own.body).toContain('data-prerendered="/login"');
  });

  it("names each school's camp on its own host, never another school's (issue 55)", async () => {
    const { platform, at } = await platformWithRenderer();
    // The deployment's own school and a school of the platform, each with its own summer camp.
    await seedDemoData(platform.store);
    expect((await platform.createSchool('escuela-b')).statusCode).toBe(201);
    const other = platform.school('escuela-b').store;
    await seedDemoData(other);
    await other
      .collection('campamentos')
      .updateOne({ type: 'campamento' }, { set: { name: 'Verano de la Escuela B' } });
    const campOf = async (store: typeof other) =>
      (await store.collection<{ _id: string; name: string }>('campamentos').findOne({ type: 'campamento' }))!;
    const own = await campOf(platform.store);
    const theirs = await campOf(other);

    // Each school's link on its own host names its camp…
    expect((await at(`/login?camp=${own._id}`)).body).toContain(
      `Se inscribe en: <strong>${own.name}</strong>`,
    );
    const onB = (await at(`/login?camp=${theirs._id}`, hostOf('escuela-b'))).body;
    expect(onB).toContain('Se inscribe en: <strong>Verano de la Escuela B</strong>');
    expect(onB).toContain('<p class="cuenta">escuela-b</p>');
    // …and never the other school's, whichever host asks first (pages are kept once made).
    const crossed = [
      await at(`/login?camp=${own._id}`, hostOf('escuela-b')),
      await at(`/login?camp=${theirs._id}`),
    ];
    for (const page of crossed) {
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(own.name);
      expect(page.body).not.toContain('Verano de la Escuela B');
      expect(page.body).not.toContain('Se inscribe en');
    }
    expect(crossed[0]!.body).toContain('<p class="cuenta">escuela-b</p>');
    expect(crossed[1]!.body).not.toContain('escuela-b');
  });

  it('serves the plain page when the renderer fails', async () => {
    t = await withRenderer('export async function renderPublicPages() { throw new Error("roto"); }');
    const login = await page('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('boot-preloader');
    expect(login.body).not.toContain('data-prerendered');
  });
});

describe('errors', () => {
  async function withProbeRoutes(): Promise<TestApp> {
    const built = await buildTestApp();
    built.app.post(
      '/api/probe',
      { schema: { body: Type.Object({ name: Type.String({ minLength: 2 }), age: Type.Integer() }) } },
      async (request) => ({ status: 'SUCCESS', data: request.body }),
    );
    built.app.get('/api/boom', async () => {
      throw new Error('database password is hunter2');
    });
    return built;
  }

  it('answers broken JSON with 400 and a Spanish message', async () => {
    t = await withProbeRoutes();
    const res = await t.api({
      method: 'POST',
      url: '/api/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      status: 'ERROR',
      message: 'El cuerpo de la solicitud no es un JSON válido.',
    });
  });

  it('names the missing or mistyped field in Spanish, and drops unknown fields', async () => {
    t = await withProbeRoutes();
    const missing = await t.api({ method: 'POST', url: '/api/probe', payload: { name: 'Ana' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Falta el campo obligatorio "age".');
    const operator = await t.api({
      method: 'POST',
      url: '/api/probe',
      payload: { name: { $ne: 'x' }, age: 7 },
    });
    expect(operator.statusCode).toBe(400);
    expect(operator.json().message).toBe('El campo "name" tiene un tipo de dato inválido.');
    const extra = await t.api({
      method: 'POST',
      url: '/api/probe',
      payload: { name: 'Ana', age: 7, isAdmin: true },
    });
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual({ status: 'SUCCESS', data: { name: 'Ana', age: 7 } });
  });

  it('hides the details of an unexpected failure from the answer but logs them', async () => {
    t = await withProbeRoutes();
    const res = await t.api({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json().message).toMatch(/^Error interno del servidor/);
    expect(t.rawLogs()).toContain('unhandled error');
  });
});

describe('log redaction', () => {
  it('never writes authorization headers, passwords or card data', async () => {
    t = await buildTestApp();
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer secret-token-value', cookie: 'sid=cookie-value' },
    });
    t.app.log.info(
      {
        headers: { authorization: 'Bearer secret-token-value' },
        body: {
          email: 'ana@correo.do',
          password: 'clave-secreta',
          cardNumber: '4242424242424242',
          cvv: '123',
        },
        payment: { card: { ccNumber: '4000000000000002', ccCVV: '999', expDate: '122030' } },
        token: 'jwt-value',
      },
      'probe',
    );
    const raw = t.rawLogs();
    for (const secret of [
      'secret-token-value',
      'cookie-value',
      'clave-secreta',
      '4242424242424242',
      '4000000000000002',
      'jwt-value',
    ]) {
      expect(raw).not.toContain(secret);
    }
    type Redacted = Record<string, Record<string, unknown>> & { payment: { card: unknown } };
    const probe = t.logs().find((line) => line.msg === 'probe') as unknown as Redacted;
    expect(probe.body).toEqual({
      email: 'ana@correo.do',
      password: '[redactado]',
      cardNumber: '[redactado]',
      cvv: '[redactado]',
    });
    expect(probe.payment.card).toEqual({
      ccNumber: '[redactado]',
      ccCVV: '[redactado]',
      expDate: '[redactado]',
    });
    expect(probe.headers?.authorization).toBe('[redactado]');
  });

  it("keeps each request's id on its log lines, and redacts what a request logs", async () => {
    t = await buildTestApp();
    t.app.post('/api/log-probe', async (request) => {
      request.log.info({ body: request.body, user: { password: 'clave-de-ana' } }, 'request probe');
      return { status: 'SUCCESS' };
    });
    for (const password of ['clave-uno', 'clave-dos'])
      await t.api({ method: 'POST', url: '/api/log-probe', payload: { email: 'ana@correo.do', password } });
    const lines = t.logs().filter((line) => line.msg === 'request probe');
    expect(lines).toHaveLength(2);
    const ids = lines.map((line) => line.reqId);
    expect(ids[0]).toMatch(/^req-/);
    expect(new Set(ids).size).toBe(2);
    // Fastify's own lines of the same request carry the same id.
    const completed = t
      .logs()
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.reqId);
    expect(completed).toEqual(expect.arrayContaining(ids));
    expect(lines[0]!.body).toEqual({ email: 'ana@correo.do', password: '[redactado]' });
    expect(lines[0]!.user).toEqual({ password: '[redactado]' });
    for (const secret of ['clave-uno', 'clave-dos', 'clave-de-ana'])
      expect(t.rawLogs()).not.toContain(secret);
  });

  it('gives a child logger with other bindings the same redaction', () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', redact: { paths: REDACT_PATHS, censor: '[redactado]' } },
      { write: (line: string) => lines.push(line) },
    );
    requestLogger(logger, { reqId: 'req-7', extra: { password: 'oculta' } }, {}).info('hola');
    requestLogger(logger, { reqId: 'req-8' }, {}).info({ data: { token: 'oculto' } }, 'adiós');
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({ reqId: 'req-7', extra: { password: '[redactado]' }, msg: 'hola' });
    expect(second).toMatchObject({ reqId: 'req-8', data: { token: '[redactado]' }, msg: 'adiós' });
  });

  it("keeps each request's id to its own logger, and a route's own level", () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', redact: { paths: REDACT_PATHS, censor: '[redactado]' } },
      { write: (line: string) => lines.push(line) },
    );
    const first = requestLogger(logger, { reqId: 'req-1' }, {});
    const second = requestLogger(logger, { reqId: 'req-2' }, {});
    first.info({ password: 'oculta' }, 'uno');
    second.info('dos');
    logger.info('tres');
    const quiet = requestLogger(logger, { reqId: 'req-3' }, { level: 'error' });
    quiet.info('no');
    quiet.error('sí');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-1', 'uno'],
      ['req-2', 'dos'],
      [undefined, 'tres'],
      ['req-3', 'sí'],
    ]);
    expect(parsed[0]!.password).toBe('[redactado]');
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document generated from the route schemas, and the UI', async () => {
    t = await buildTestApp();
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/usuarios/login', '/api/usuarios/create']),
    );
    expect(
      doc.paths['/api/usuarios/login'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'password']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
