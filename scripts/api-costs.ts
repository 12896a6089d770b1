// Where a small API call's time goes: `npx node scripts/api-costs.ts`. Each variant is a Fastify
// server in this process with one feature of the app added to a bare route, plus the app's own
// /api/health and findbycamp; autocannon loads each from a worker thread (10 connections), and
// the server's main-thread time per request is read from its event-loop utilisation (the time the
// loop was busy, divided by the answers sent). Rounds take turns (API_COST_ROUNDS, default 5) and
// each variant keeps its least time: the machine's noise only ever adds time. Not a test.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { loggerOptions, requestLogger } from '../server/logging.ts';
import { registerSecurityHeaders } from '../server/http/securityHeaders.ts';
import { benchApp } from './bench-app.ts';

const ROUNDS = Number(process.env.API_COST_ROUNDS ?? 5);
const SECONDS = Number(process.env.API_COST_SECONDS ?? 3);
// The app first: its production settings serve the logger variant below too.
const real = await benchApp();
const { config } = real;
const devNull = { write: () => true } as unknown as NodeJS.WritableStream;

async function variant(setup: (app: FastifyInstance) => void, options: object = {}) {
  const app = Fastify(options);
  setup(app);
  app.get('/api/x', async () => ({ status: 'ok', store: 'embedded', uptime: 1 }));
  return app;
}
const variants: Record<
  string,
  () => Promise<{ app: FastifyInstance; path: string; headers?: Record<string, string> }>
> = {
  bare: async () => ({ app: await variant(() => {}), path: '/api/x' }),
  'pino logger (warn)': async () => ({
    app: await variant(() => {}, {
      logger: loggerOptions(config, devNull),
      childLoggerFactory: requestLogger,
    }),
    path: '/api/x',
  }),
  'security headers': async () => ({
    app: await variant((app) => registerSecurityHeaders(app, {})),
    path: '/api/x',
  }),
  'sync onSend hook': async () => ({
    app: await variant((app) =>
      app.addHook('onSend', (_request, reply, payload, done) => {
        reply.header('cache-control', 'no-store');
        done(null, payload);
      }),
    ),
    path: '/api/x',
  }),
  'async onRequest hook': async () => ({
    app: await variant((app) => app.addHook('onRequest', async () => {})),
    path: '/api/x',
  }),
};

variants['app: GET /api/health'] = async () => ({ app: real.app, path: '/api/health' });
variants['app: findbycamp'] = async () => ({
  app: real.app,
  path: `/api/semanas/findbycamp/${real.camp._id}`,
  headers: real.apiHeaders,
});

const servers = new Map<string, { url: string; headers: Record<string, string> }>();
// The app listens already.
const started = new Set<FastifyInstance>([real.app]);
for (const [name, make] of Object.entries(variants)) {
  if (process.env.API_COST_ONLY && name !== 'bare' && !name.includes(process.env.API_COST_ONLY)) continue;
  const { app, path: route, headers = {} } = await make();
  if (!started.has(app)) await app.listen({ port: 0, host: '127.0.0.1' });
  started.add(app);
  const port = (app.server.address() as { port: number }).port;
  servers.set(name, { url: `http://127.0.0.1:${port}${route}`, headers });
}

const best = new Map<string, number>();
for (let round = 0; round <= ROUNDS; round += 1) {
  for (const [name, { url, headers }] of servers) {
    const before = performance.eventLoopUtilization();
    const result = await autocannon({ url, connections: 10, duration: SECONDS, headers, workers: 1 });
    const used = performance.eventLoopUtilization(before);
    if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx`);
    const micros = (used.active * 1000) / result.requests.total;
    // Round 0 warms the code up and is not counted.
    if (round > 0) best.set(name, Math.min(best.get(name) ?? Infinity, micros));
  }
}
const bare = best.get('bare')!;
for (const [name, micros] of best)
  console.log(
    `${name.padEnd(24)} ${micros.toFixed(1).padStart(6)} µs  ${name === 'bare' ? '' : `+${(micros - bare).toFixed(1)} µs, ratio ${(bare / micros).toFixed(2)}`}`,
  );
for (const app of started) if (app !== real.app) await app.close();
await real.close();
