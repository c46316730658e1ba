import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import { config } from '~/config.server';

// A hidden field bots fill in, plus an encrypted timestamp, on the public forms (sign-in, registration, recovery).
// remix-utils encrypts that timestamp with crypto-js, an optional peer dependency of remix-utils: package.json lists it
// although no file of ours imports it.
export const honeypot = new Honeypot({
  encryptionSeed: config().sessionSecrets[0],
  nameFieldName: 'website',
  validFromFieldName: 'from',
});

/** Throws a 400 when the form was filled in by a bot. */
export function checkHoneypot(formData: FormData) {
  try {
    honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response('잘못된 요청입니다.', { status: 400 });
    throw error;
  }
}
