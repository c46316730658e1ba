import type { Tx } from '~/db/client.server';
import { POLICY_CODES } from '~/domain/enums';
import { storeShippedPolicy } from '~/services/policies.server';

/** Version 1 of each policy: the Markdown file shipped in app/content/policy, in effect from the day it names. */
export async function seedPolicies(tx: Tx) {
  for (const code of POLICY_CODES) await storeShippedPolicy(tx, code);
}
