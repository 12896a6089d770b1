// Reads a downloaded PDF two ways: its text (unpdf, in Node) and its look (PDF.js, from unpdf's
// build, drawing page 1 in the test browser), so a walk can check a receipt says the right things
// and that it really draws as a page.
import fs from 'node:fs/promises';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import type { BrowserContext } from '@playwright/test';
import { keepShot } from './shots.ts';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const ORIGIN = 'https://pdf.test';
const UNPDF = path.resolve('node_modules/unpdf/dist');

/**
 * A page of `context` on a blank origin of its own (the app's CSP is not in the way) that serves
 * unpdf's PDF.js build, and jsQR when asked for a QR reader.
 */
async function pdfPage(context: BrowserContext, { qrReader = false } = {}) {
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/')
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="es"><title>PDF</title><script type="importmap">${JSON.stringify({
          imports: { unpdf: `${ORIGIN}/index.mjs`, 'unpdf/pdfjs': `${ORIGIN}/pdfjs.mjs` },
        })}</script>${qrReader ? `<script src="${ORIGIN}/jsQR.js"></script>` : ''}<body style="margin:0;background:#fff"></body></html>`,
      });
    const file = {
      '/index.mjs': path.join(UNPDF, 'index.mjs'),
      '/pdfjs.mjs': path.join(UNPDF, 'pdfjs.mjs'),
      '/jsQR.js': path.resolve('node_modules/jsqr/dist/jsQR.js'),
    }[pathname];
    if (!file) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ contentType: 'text/javascript', body: await fs.readFile(file) });
  });
  await page.goto(`${ORIGIN}/`);
  return page;
}

/**
 * Draws page 1 in a page of `context` (a blank origin of its own, so the app's CSP is not in the
 * way), saves a screenshot of it when asked (e2e/shots.ts), and answers its size and the share of inked pixels.
 */
export async function renderPdfPage(
  context: BrowserContext,
  bytes: Uint8Array,
  screenshot: string,
): Promise<{ width: number; height: number; inked: number }> {
  const page = await pdfPage(context);
  const measured = await page.evaluate(async (base64) => {
    const { renderPageAsImage } = (await import(`${location.origin}/index.mjs`)) as {
      renderPageAsImage: (data: Uint8Array, page: number, options: object) => Promise<string>;
    };
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const url = await renderPageAsImage(data, 1, { scale: 1, toDataURL: true });
    const image = document.createElement('img');
    image.alt = 'Página 1';
    image.src = url;
    document.body.append(image);
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context2d = canvas.getContext('2d')!;
    context2d.drawImage(image, 0, 0);
    const pixels = context2d.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let at = 0; at < pixels.length; at += 4)
      if (pixels[at]! + pixels[at + 1]! + pixels[at + 2]! < 384) inked += 1;
    return { width: canvas.width, height: canvas.height, inked: inked / (pixels.length / 4) };
  }, Buffer.from(bytes).toString('base64'));
  await keepShot(page, screenshot, true);
  await page.close();
  return measured;
}

/**
 * The text of the QR code drawn on page 1, read as a phone's camera would: the page drawn by PDF.js
 * at three times its size in a page of `context`, and jsQR (a QR reader) run on its pixels there.
 * Null when no QR code is found.
 */
export async function pdfQrText(context: BrowserContext, bytes: Uint8Array): Promise<string | null> {
  const page = await pdfPage(context, { qrReader: true });
  const text = await page.evaluate(async (base64) => {
    const { renderPageAsImage } = (await import(`${location.origin}/index.mjs`)) as {
      renderPageAsImage: (data: Uint8Array, page: number, options: object) => Promise<string>;
    };
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const image = new Image();
    image.src = await renderPageAsImage(data, 1, { scale: 3, toDataURL: true });
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context2d = canvas.getContext('2d')!;
    context2d.fillStyle = '#fff';
    context2d.fillRect(0, 0, canvas.width, canvas.height);
    context2d.drawImage(image, 0, 0);
    const pixels = context2d.getImageData(0, 0, canvas.width, canvas.height);
    const reader = (
      window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
    ).jsQR;
    return reader(pixels.data, pixels.width, pixels.height)?.data ?? null;
  }, Buffer.from(bytes).toString('base64'));
  await page.close();
  return text;
}
