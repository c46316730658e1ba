import fs from 'node:fs/promises';
import path from 'node:path';
import { POLICY_DOCS } from '~/content/landing';
import { contentVersions } from '~/db/schema';
import type { Executor } from '~/db/client.server';
import { POLICY_CODES, type PolicyCode } from '~/domain/enums';
import { seoulDayStart } from '~/lib/dates';
import { renderContent, versionInEffect } from './content-versions.server';

// The policies as the landing and user pages show them: the version in effect in content_versions, edited by
// operators (/super/content). The Markdown files shipped in app/content/policy are version 1: the demo seed writes
// them into the table, and a database that only ran its migrations shows the file until an operator writes a version
// (the console then stores the file as version 1 first, so every database numbers the versions alike).

const POLICY_DIR = path.resolve('app/content/policy');

export function isPolicyCode(value: string | undefined): value is PolicyCode {
  return POLICY_CODES.includes(value as PolicyCode);
}

/** The fixed name of a policy document (menus, the footer, registration links). */
export const policyName = (code: PolicyCode) => POLICY_DOCS.find((d) => d.code === code)?.title ?? code;

export type ShippedPolicy = { title: string; body: string; effectiveFrom: Date };

/**
 * A shipped policy file read as a version: its first `# heading` is the title, the `시행일: YYYY년 M월 D일` line under it
 * the effective day (Seoul), the rest the body. The page shows the title and the day itself, so neither stays in the body.
 */
export function parseShippedPolicy(markdown: string, name: string): ShippedPolicy {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  const skipBlank = () => {
    while (i < lines.length && !lines[i].trim()) i++;
  };
  skipBlank();
  let title = name;
  const heading = /^#\s+(.+?)\s*$/.exec(lines[i] ?? '');
  if (heading) {
    title = heading[1];
    i++;
    skipBlank();
  }
  let effectiveFrom = new Date(0);
  const day = /^시행일:\s*(\d{4})년\s*(\d{1,2})월\s*(\d{1,2})일\s*$/.exec(lines[i] ?? '');
  if (day) {
    effectiveFrom = seoulDayStart(`${day[1]}-${day[2].padStart(2, '0')}-${day[3].padStart(2, '0')}`) ?? effectiveFrom;
    i++;
  }
  return { title, body: lines.slice(i).join('\n').trim(), effectiveFrom };
}

// The files never change while the server runs.
const shipped = new Map<PolicyCode, Promise<ShippedPolicy>>();

/** Version 1 of a policy as shipped in app/content/policy. */
export function shippedPolicy(code: PolicyCode): Promise<ShippedPolicy> {
  let entry = shipped.get(code);
  if (!entry) {
    entry = fs.readFile(path.join(POLICY_DIR, `${code}.md`), 'utf8').then((text) => parseShippedPolicy(text, policyName(code)));
    entry.catch(() => shipped.delete(code));
    shipped.set(code, entry);
  }
  return entry;
}

/** Stores the shipped file as version 1 of a policy that has no version yet (nothing when it has one), written on its day. */
export async function storeShippedPolicy(executor: Executor, code: PolicyCode) {
  const file = await shippedPolicy(code);
  await executor
    .insert(contentVersions)
    .values({
      kind: 'POLICY',
      code,
      version: 1,
      title: file.title,
      body: file.body,
      effectiveFrom: file.effectiveFrom,
      createdAt: file.effectiveFrom,
    })
    .onConflictDoNothing();
}

/** The policy in effect now, rendered and sanitised: the newest version whose time has passed, else the shipped file. */
export async function policyInEffect(code: PolicyCode) {
  const row = await versionInEffect('POLICY', code);
  const version = row
    ? { version: row.version, title: row.title, body: row.body, effectiveFrom: row.effectiveFrom }
    : { version: 1, ...(await shippedPolicy(code)) };
  return { code, version: version.version, title: version.title, effectiveFrom: version.effectiveFrom, html: renderContent(version.body) };
}
