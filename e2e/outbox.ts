// Reads the e-mails the server under test wrote to DATA_DIR/outbox (no SMTP configured).
import fs from 'node:fs/promises';
import path from 'node:path';

/** The text of the newest .eml addressed to `to`, quoted-printable decoded; waits up to 10 s. */
export async function latestMailTo(to: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = await fs.readFile(path.join(dir, file), 'utf8');
      if (raw.includes(to)) {
        const decoded = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(decoded, 'latin1').toString('utf8');
      }
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
