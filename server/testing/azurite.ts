// Azurite (Microsoft's Blob Storage emulator, from npm) on a free loopback port, for the tests of
// what goes to Azure: the photos (server/uploads) and the backups' copies (server/backup).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts Azurite in memory; answers its connection string and how to stop it. */
export async function startAzurite(): Promise<{ connectionString: string; stop: () => void }> {
  const port = await freePort();
  const bin = path.resolve(import.meta.dirname, '../../node_modules/.bin/azurite-blob');
  const azurite = spawn(
    bin,
    [
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--silent',
      '--skipApiVersionCheck',
    ],
    { stdio: 'ignore' },
  );
  // Wait until it accepts connections (bounded).
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) {
      azurite.kill();
      throw new Error('Azurite did not start within 15 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const connectionString = [
    'DefaultEndpointsProtocol=http',
    'AccountName=devstoreaccount1',
    // Azurite's documented development key, not a secret.
    'AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
    `BlobEndpoint=http://127.0.0.1:${port}/devstoreaccount1`,
  ].join(';');
  return { connectionString, stop: () => azurite.kill() };
}
