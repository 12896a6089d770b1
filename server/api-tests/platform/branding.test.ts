// What parents see of a school (issue 55): its administrators' name, colour and logo reach the
// runtime configuration of its own host and no other's; the logo is kept with the school's files
// and served from its host only; a file that is not a small PNG, JPEG or WebP changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { buildPlatformTestApp, hostOf, type PlatformTestApp } from '../../testing/platform.ts';
import { SCHOOL_SETTINGS_MESSAGES as M, LOGO_MAX_BYTES } from '../../../src/domain/school-settings.ts';

let t: PlatformTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// A tiny but real PNG: the server looks at its magic bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function logoForm(bytes: Buffer, type = 'image/png', field = 'logo'): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), 'logo.png');
  return data;
}

/** The runtime configuration the page of `host` carries (`window.__APP_CONFIG__ = {…};`). */
async function pageConfig(app: PlatformTestApp, host: string): Promise<Record<string, unknown>> {
  const script = (await app.app.inject({ method: 'GET', url: '/app-config.js', headers: { host } })).body;
  const [, json, band] = /^window\.__APP_CONFIG__ = (.*?);\n(.*)$/s.exec(script)!;
  const config = JSON.parse(json!) as Record<string, unknown>;
  // The colour is drawn from the band the script sets on the page.
  const colour = /setProperty\('--school-band', '0\.375rem solid (#[0-9a-f]{6})'\)/.exec(band!)?.[1];
  return { ...config, colour };
}

describe("a school's name, logo and colour on its parents' pages (issue 55)", () => {
  it('shows each school its own, and refuses a logo that is not a small picture', async () => {
    const app = (t = await buildPlatformTestApp());
    await app.createSchool('tigres');
    await app.createSchool('leones');
    const [tigres, leones] = [await app.schoolAdminToken('tigres'), await app.schoolAdminToken('leones')];
    const save = app.saveSchoolSettings;
    const uploadLogo = (id: string, token: string | undefined, payload: FormData) =>
      app.schoolApi(id, { method: 'POST', url: '/api/ajustes/escuela/logo', token, payload });

    // Before: the site's logo, no name, no colour.
    const before = await pageConfig(app, hostOf('tigres'));
    expect([before.accountId, before.schoolName, before.colour]).toEqual(['tigres', undefined, undefined]);

    expect((await save('tigres', tigres, { name: 'Club Los Tigres', colour: '#c2410c' })).statusCode).toBe(
      200,
    );
    expect((await save('leones', leones, { name: 'Academia Leones', colour: '#1d4ed8' })).statusCode).toBe(
      200,
    );

    // Refusals change nothing: another role, no file, a script dressed as a PNG, too large.
    const parent = await app.userIn('tigres');
    expect((await uploadLogo('tigres', parent.token, logoForm(PNG))).statusCode).toBe(403);
    const noFile = await uploadLogo('tigres', tigres, logoForm(PNG, 'image/png', 'imagen'));
    expect([noFile.statusCode, noFile.json().message]).toEqual([400, M.logoMissing]);
    const script = await uploadLogo('tigres', tigres, logoForm(Buffer.from('<svg onload="alert(1)"/>')));
    expect([script.statusCode, script.json().message]).toEqual([400, M.logoBadType]);
    const big = await uploadLogo(
      'tigres',
      tigres,
      logoForm(Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)])),
    );
    expect([big.statusCode, big.json().message]).toEqual([413, M.logoTooLarge]);
    const logoOn = (id: string) =>
      app.app.inject({ method: 'GET', url: '/logo.svg', headers: { host: hostOf(id) } });
    expect((await logoOn('tigres')).headers['content-type']).not.toBe('image/png');

    const saved = await uploadLogo('tigres', tigres, logoForm(PNG));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(M.logoSaved);
    const logoUrl: string = saved.json().data.logo_url;
    expect(logoUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    // Each host's page: its own name, logo and colour, none of the other's.
    expect(await pageConfig(app, hostOf('tigres'))).toMatchObject({
      accountId: 'tigres',
      schoolName: 'Club Los Tigres',
      colour: '#c2410c',
    });
    expect(await pageConfig(app, hostOf('leones'))).toMatchObject({
      accountId: 'leones',
      schoolName: 'Academia Leones',
      colour: '#1d4ed8',
    });
    // The logo every page shows (/logo.svg) is the school's own on its host, not on the other's.
    const ownLogo = await logoOn('tigres');
    expect([ownLogo.statusCode, ownLogo.headers['content-type']]).toEqual([200, 'image/png']);
    expect(ownLogo.rawPayload.equals(PNG)).toBe(true);
    expect((await logoOn('leones')).headers['content-type']).not.toBe('image/png');
    // The logo is the school's file: served on its host, not on the other's.
    const own = await app.app.inject({ method: 'GET', url: logoUrl, headers: { host: hostOf('tigres') } });
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'image/png']);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const other = await app.app.inject({ method: 'GET', url: logoUrl, headers: { host: hostOf('leones') } });
    expect(other.statusCode).toBe(404);

    // A change reaches the page at once (not the first configuration kept for the process).
    expect((await save('leones', leones, { colour: '#15803d' })).statusCode).toBe(200);
    expect((await pageConfig(app, hostOf('leones'))).colour).toBe('#15803d');
  });
});
