import fs from 'node:fs/promises';
import path from 'node:path';
import { marked } from 'marked';
import { POLICY_DOCS } from '~/content/landing';
import { POLICY_CODES, type PolicyCode } from '~/domain/enums';

// Policy texts are Markdown files in app/content/policy, written by us and rendered on the server once per process.
const POLICY_DIR = path.resolve('app/content/policy');
const cache = new Map<PolicyCode, Promise<{ title: string; html: string }>>();

export function isPolicyCode(value: string | undefined): value is PolicyCode {
  return POLICY_CODES.includes(value as PolicyCode);
}

export function policyList() {
  return POLICY_DOCS;
}

export function renderPolicy(code: PolicyCode) {
  let entry = cache.get(code);
  if (!entry) {
    entry = (async () => {
      const markdown = await fs.readFile(path.join(POLICY_DIR, `${code}.md`), 'utf8');
      const title = POLICY_DOCS.find((d) => d.code === code)?.title ?? code;
      return { title, html: await marked.parse(markdown, { gfm: true }) };
    })();
    entry.catch(() => cache.delete(code));
    cache.set(code, entry);
  }
  return entry;
}
