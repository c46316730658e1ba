import { config } from '~/config.server';
import type { MessageChannel } from '~/db/schema';
import { createSolapiProvider } from './talk/solapi.server';

// The adapter between the message outbox (app/services/talk/outbox.server.ts) and whoever delivers 알림톡 and text
// messages. One implementation: Solapi's REST API (talk/solapi.server.ts), pointed at Solapi with real keys and at the
// local simulator otherwise (server/solapi-simulator.mjs, served by our own server under /__solapi in the experience
// environment, started on a port of its own by the tests). Without a provider (production without keys) nothing is
// sent and messages wait in the outbox.

/** One row of the outbox as the provider gets it. */
export type OutgoingMessage = {
  /** Our row id: sent as the provider's custom field, so a message can be found again after a lost answer. */
  id: number;
  /** The attempt this send is (the row's attempts after the claim), sent beside the id. */
  attempt: number;
  phone: string;
  channel: MessageChannel;
  body: string;
  /** 알림톡: the template at the provider and its variables as filled. Null: a text message (SMS or LMS by length). */
  talk: { providerTemplateId: string; variables: Record<string, string> } | null;
};

/** A message as the provider knows it: after a send (its registration) or from a lookup. */
export type ProviderMessage = {
  messageId: string;
  groupId: string | null;
  statusCode: string;
  statusMessage: string | null;
  /** Delivered as a text message instead of 알림톡. */
  replacement: boolean;
  /** Our row id and attempt, read back from the custom fields. */
  outboxId: number | null;
  attempt: number | null;
  createdAt: string | null;
};

/**
 * A send's answer. `ok`: every message the provider registered or refused, by our row id. Otherwise `refused` (the
 * request was turned away: nothing was registered) or `unknown` (a timeout, a lost connection, a server error: the
 * messages may have been registered, so they are looked up before any new attempt).
 */
export type SendResult =
  | { ok: true; groupId: string | null; messages: ProviderMessage[] }
  | { ok: false; outcome: 'refused' | 'unknown'; code: string; message: string };

export type LookupQuery = { messageIds?: string[]; groupId?: string; to?: string; since?: Date };
export type LookupResult = { ok: true; messages: ProviderMessage[] } | { ok: false; code: string; message: string };

/** What a delivery report names: only a hint, re-read from the provider before anything changes. */
export type ReportHint = { messageIds: string[]; groupIds: string[] };

export interface MessageProvider {
  readonly name: 'solapi' | 'simulator' | 'none';
  send(messages: OutgoingMessage[]): Promise<SendResult>;
  lookup(query: LookupQuery): Promise<LookupResult>;
  parseReport(body: unknown): ReportHint;
}

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
