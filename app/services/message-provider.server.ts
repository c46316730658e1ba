import { randomUUID } from 'node:crypto';
import type { MessageChannel } from '~/db/schema';

// The adapter between the message outbox and whoever delivers text messages (an SMS / 알림톡 vendor in production).
// In development and the experience environment the local provider "delivers" at once: the message stays readable
// by operators at /super/messages, which is how a tester reads a one-time code.

export type OutgoingMessage = { id: number; phone: string; channel: MessageChannel; kind: string; body: string };

export type SendResult = { ok: true; providerId: string } | { ok: false; error: string };

export interface MessageProvider {
  send(message: OutgoingMessage): Promise<SendResult>;
}

export class LocalMessageProvider implements MessageProvider {
  /** Every message this process delivered, newest last (tests read it). */
  readonly delivered: OutgoingMessage[] = [];

  async send(message: OutgoingMessage): Promise<SendResult> {
    this.delivered.push(message);
    return { ok: true, providerId: `local-${randomUUID()}` };
  }
}

let provider: MessageProvider = new LocalMessageProvider();

export function messageProvider(): MessageProvider {
  return provider;
}

/** Tests and deployments install another provider. */
export function useMessageProvider(next: MessageProvider) {
  provider = next;
}
