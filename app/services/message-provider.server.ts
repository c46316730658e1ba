import { config } from '~/config.server';
import { createSolapiProvider } from './talk/solapi.server';
import type { MessageProvider } from './talk/provider-types.server';

// The adapter between the message outbox (app/services/talk/outbox.server.ts) and whoever delivers 알림톡 and text
// messages. One implementation: Solapi's REST API (talk/solapi.server.ts), pointed at Solapi with real keys and at the
// local simulator otherwise (server/solapi-simulator.mjs, served by our own server under /__solapi in the experience
// environment, started on a port of its own by the tests). Without a provider (production without keys) nothing is
// sent and messages wait in the outbox. The types the outbox and the adapter share: talk/provider-types.server.ts.

/** Production without keys: nothing leaves, messages stay WAITING until a provider is configured. */
const noProvider: MessageProvider = {
  name: 'none',
  send: async () => ({ ok: false, outcome: 'refused', code: 'NOT_CONFIGURED', message: '발송사 설정이 없습니다' }),
  lookup: async () => ({ ok: false, code: 'NOT_CONFIGURED', message: '발송사 설정이 없습니다' }),
  parseReport: () => ({ messageIds: [], groupIds: [] }),
};

let installed: MessageProvider | undefined;

/** The provider of this process: the one a test installed, else the one the configuration names. */
export function messageProvider(): MessageProvider {
  if (!installed) {
    const talk = config().talk;
    installed = talk.provider ? createSolapiProvider(talk) : noProvider;
  }
  return installed;
}

/** Tests install another provider (undefined: back to the configured one). Returns the previous one. */
export function useMessageProvider(next: MessageProvider | undefined): MessageProvider | undefined {
  const previous = installed;
  installed = next;
  return previous;
}
