// `npm start`: build the front end when dist/ is missing or older than its sources, then serve.
import { main } from '../server/index.ts';
import { buildIfStale } from './build.ts';

await buildIfStale();
await main();
