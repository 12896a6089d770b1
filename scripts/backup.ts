// npm run backup: an encrypted archive of the school's data now (issue 27, server/backup/).
import { ConfigError, loadConfig } from '../server/config.ts';
import { backupCommand } from '../server/backup/commands.ts';

try {
  process.exitCode = await backupCommand(loadConfig(), (line) => console.log(line));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
