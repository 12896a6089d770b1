// Arrangements shared by API tests of several folders.
import { PassThrough } from 'node:stream';
import { afterEach, expect } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import { TEST_HASHING, type TestApp } from '../testing/build.ts';

/**
 * More servers on a test app's store, as several instances share one database in production. Each
 * test's extra instances are closed after it, before the test app `current()` answers (closed
 * last, since the extra ones use its store).
 */
export function instancesOnOneStore(current: () => TestApp | undefined) {
  let extra: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(extra.map((app) => app.close()));
    extra = [];
    await current()?.close();
  });
  return {
    /**
     * `count` more instances on `t`'s store (quiet logs, the tests' cheap hashing), each with the
     * dependencies `deps()` gives it; answers every instance of the test, `t`'s first.
     */
    async add(t: TestApp, count: number, deps: () => Partial<AppDeps> = () => ({})) {
      for (let index = 0; index < count; index += 1) {
        extra.push(
          await buildApp(t.config, {
            store: t.store,
            hashing: TEST_HASHING,
            logStream: new PassThrough(),
            ...deps(),
          }),
        );
      }
      return [t.app, ...extra];
    },
  };
}

/**
 * What a test opens (apps, stand-ins) and must close: `closeAfter(thing)` keeps it to be closed
 * after the test, the last opened first (an app before the stand-in it talks to); answers it.
 */
export function closedAfterEach() {
  let open: Array<{ close: () => Promise<unknown> }> = [];
  afterEach(async () => {
    for (const thing of open.reverse()) await thing.close();
    open = [];
  });
  return <T extends { close: () => Promise<unknown> }>(thing: T): T => {
    open.push(thing);
    return thing;
  };
}

/** The API's refusal envelope with this message. */
export const refusal = (message: string) => ({ status: 'ERROR', success: false, message });

/** The API's success envelope with this message and a record holding (at least) these fields. */
export const success = (message: string, data: Record<string, unknown>) => ({
  status: 'SUCCESS',
  message,
  data: expect.objectContaining(data) as unknown,
});

/** A refusal as the user reads it: the status code and the message of the answer. */
export function expectRefused(
  res: { statusCode: number; body: string },
  statusCode: number,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect((JSON.parse(res.body) as { message?: unknown }).message).toBe(message);
}

/**
 * The text of a PDF as the family reads it (unpdf), its pages in one and every run of white space
 * (line breaks of wrapped sentences) as one space; from bytes or an e-mail attachment's base64.
 */
export async function pdfText(pdf: Uint8Array | { content: string }): Promise<string> {
  const bytes = 'content' in pdf ? new Uint8Array(Buffer.from(pdf.content, 'base64')) : new Uint8Array(pdf);
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
