import type { MessageChannel } from '~/db/schema';

// What the message outbox (outbox.server.ts, delivery.server.ts) and the provider adapter (solapi.server.ts) share: the
// types only. The provider of a process is chosen in app/services/message-provider.server.ts.

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
