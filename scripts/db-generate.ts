// `npm run db:generate`: a migration from the changes of app/db/schema (drizzle-kit generate, configured by
// drizzle.config.ts), written to drizzle/. drizzle-kit is installed on first use into .cache/tools
// (scripts/lib/tool-cache.ts): only this command needs it.
import { spawnSync } from 'node:child_process';
import { ensureTools, toolBin } from './lib/tool-cache';

ensureTools(['drizzle-kit']);
const result = spawnSync(toolBin('drizzle-kit'), ['generate', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
