// Builds the front end once, before the workers start their servers (e2e/test.ts): two servers
// starting at once would otherwise both find dist/ stale and build it side by side.
import { buildIfStale } from '../scripts/start.ts';

export default function globalSetup(): void {
  buildIfStale();
}
