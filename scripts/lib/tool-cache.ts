// Tools that one script uses and the app, its build and its tests do not (Lighthouse and autocannon for `npm run perf`,
// drizzle-kit for `npm run db:generate`) are not in
// package.json: the script installs them on first use, at the pinned versions below, into .cache/tools/ (ignored by
// git), and loads them from there. `npm install` stays lean (docs/decisions/035-lean-install-and-start.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
export const TOOL_DIR = path.join(ROOT, '.cache', 'tools');

/** The tools installed on demand, pinned: a new version is a change of this list, reviewed like any dependency. */
export const ON_DEMAND_TOOLS = { lighthouse: '12.8.2', 'chrome-launcher': '1.2.1', autocannon: '8.0.0', 'drizzle-kit': '0.31.11' } as const;
export type OnDemandTool = keyof typeof ON_DEMAND_TOOLS;

/** The installed version of a tool in the cache, or null. */
export function cachedVersion(tool: OnDemandTool): string | null {
  const file = path.join(TOOL_DIR, 'node_modules', tool, 'package.json');
  if (!fs.existsSync(file)) return null;
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Installs the pinned tools that are missing or at another version (one `npm install` into the cache). */
export function ensureTools(tools: OnDemandTool[]): void {
  const missing = tools.filter((tool) => cachedVersion(tool) !== ON_DEMAND_TOOLS[tool]);
  if (missing.length === 0) return;
  const specs = missing.map((tool) => `${tool}@${ON_DEMAND_TOOLS[tool]}`);
  console.error(`installing ${specs.join(', ')} into .cache/tools (first use of this script; not part of npm install)`);
  fs.mkdirSync(TOOL_DIR, { recursive: true });
  const manifest = path.join(TOOL_DIR, 'package.json');
  if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, JSON.stringify({ name: 'readin-tools', private: true }, null, 2));
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--save-exact', ...specs], { cwd: TOOL_DIR, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`could not install ${specs.join(', ')} (npm exited with ${result.status})`);
}

/** Loads a module of an on-demand tool from the cache (ensureTools first). */
export async function importTool<T>(specifier: string): Promise<T> {
  const require = createRequire(path.join(TOOL_DIR, 'package.json'));
  return (await import(pathToFileURL(require.resolve(specifier)).href)) as T;
}

/** The path of an on-demand tool's command (ensureTools first). */
export function toolBin(name: string): string {
  return path.join(TOOL_DIR, 'node_modules', '.bin', name);
}
