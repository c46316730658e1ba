import { createHmac, randomBytes } from 'node:crypto';
import type { TalkConfig } from '~/config.server';
import { phoneDigits, smsType } from '~/domain/talk';
import type {
  LookupQuery,
  LookupResult,
  MessageProvider,
  OutgoingMessage,
  ProviderMessage,
  ReportHint,
  SendResult,
} from './provider-types.server';
import { withParticle } from '~/domain/korean';

// The Solapi adapter (docs/talk.md): Solapi's v4 REST API with its HMAC-SHA256 authorisation. `POST
// /messages/v4/send-many/detail` registers a batch (알림톡 as type ATA with kakaoOptions { pfId, templateId, variables },
// SMS replacement left on; text messages as SMS or LMS by length), each message carrying our row id and attempt in its
// customFields; `GET /messages/v4/list` reads messages back by id, group, or recipient and date (how a message whose
// answer was lost is found again); delivery reports (our webhook) are read only for the ids they name. The local
// simulator (server/solapi-simulator.mjs) serves the same API, so the adapter is the same for both.
//
// Every call answers a result and never throws for the provider's answers. The API secret only signs: it never
// appears in a result or a log line.

/** How long a call may take before its outcome is called unknown. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Lookups page through at most this many messages. */
const LOOKUP_PAGE = 500;
const LOOKUP_MAX_PAGES = 20;

export type SolapiOptions = {
  /** Milliseconds before a call answers as unknown (10 s by default; tests make it short). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The signature's clock (Solapi refuses a date more than 15 minutes off its own): the real one by default. */
  clock?: () => Date;
};

const SALT_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A random salt of `size` characters (Solapi takes 12–64). */
export function newSalt(size = 32): string {
  const bytes = randomBytes(size);
  return [...bytes].map((b) => SALT_ALPHABET[b % SALT_ALPHABET.length]).join('');
}

/** HMAC-SHA256 of date + salt with the API secret, in hex: Solapi's signature. */
export function solapiSignature(apiSecret: string, date: string, salt: string): string {
  return createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
}

/** `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`, new for every request (Solapi refuses a signature used twice). */
export function solapiAuthorization(apiKey: string, apiSecret: string, date: string = new Date().toISOString(), salt: string = newSalt()) {
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${solapiSignature(apiSecret, date, salt)}`;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const flag = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/** Solapi's message (a send's messageList or failedMessageList item, or a stored message of a lookup). */
export function readProviderMessage(body: unknown, groupId: string | null = null): ProviderMessage | null {
  if (!isObject(body)) return null;
  const messageId = str(body.messageId) ?? str(body._id);
  const statusCode = str(body.statusCode);
  if (!messageId || !statusCode) return null;
  const custom = isObject(body.customFields) ? body.customFields : {};
  const outboxId = Number(custom.outboxId);
  const attempt = Number(custom.attempt);
  return {
    messageId,
    groupId: str(body.groupId) ?? groupId,
    statusCode,
    statusMessage: str(body.statusMessage) ?? str(body.reason),
    replacement: flag(body.replacement),
    outboxId: Number.isSafeInteger(outboxId) && outboxId > 0 ? outboxId : null,
    attempt: Number.isSafeInteger(attempt) && attempt > 0 ? attempt : null,
    createdAt: str(body.dateCreated),
  };
}

/** A delivery report (single reports: an array of messages; group reports: an array of groups): the ids it names. */
export function parseSolapiReport(body: unknown): ReportHint {
  const items = Array.isArray(body) ? body : [body];
  const messageIds = new Set<string>();
  const groupIds = new Set<string>();
  for (const item of items.slice(0, 10_000)) {
    if (!isObject(item)) continue;
    const messageId = str(item.messageId);
    const groupId = str(item.groupId);
    if (messageId) messageIds.add(messageId);
    else if (groupId) groupIds.add(groupId);
  }
  return { messageIds: [...messageIds], groupIds: [...groupIds] };
}

/** One message of a send-many request. */
export function solapiMessage(message: OutgoingMessage, config: Pick<TalkConfig, 'pfId' | 'sender'>) {
  const base = {
    to: phoneDigits(message.phone),
    from: config.sender,
    customFields: { outboxId: String(message.id), attempt: String(message.attempt) },
  };
  if (message.talk) {
    return {
      ...base,
      type: 'ATA',
      kakaoOptions: {
        pfId: config.pfId,
        templateId: message.talk.providerTemplateId,
        variables: Object.fromEntries(Object.entries(message.talk.variables).map(([name, value]) => [`#{${name}}`, value])),
        // Not on KakaoTalk (3104): Solapi sends the same text as SMS/LMS instead.
        disableSms: false,
      },
    };
  }
  return { ...base, type: smsType(message.body), text: message.body };
}

export function createSolapiProvider(config: TalkConfig, options: SolapiOptions = {}): MessageProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const baseUrl = config.baseUrl.replace(/\/+$/, '');

  type Answer = { ok: true; status: number; json: unknown } | { ok: false; code: 'TIMEOUT' | 'NETWORK'; message: string };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {
      Authorization: solapiAuthorization(config.apiKey, config.apiSecret, clock().toISOString()),
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      // The timeout covers the whole exchange, the body's reading included.
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { ok: true, status: response.status, json };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return timedOut
        ? { ok: false, code: 'TIMEOUT', message: '발송사가 제때 응답하지 않았습니다' }
        : { ok: false, code: 'NETWORK', message: '발송사에 연결하지 못했습니다' };
    }
  }

  const errorOf = (status: number, json: unknown) => ({
    code: (isObject(json) && str(json.errorCode)) || (status >= 500 ? 'HTTP_5XX' : `HTTP_${status}`),
    message: (isObject(json) && str(json.errorMessage)) || `발송사가 ${withParticle(String(status), '으로/로')} 응답했습니다`,
  });

  async function send(messages: OutgoingMessage[]): Promise<SendResult> {
    if (messages.length === 0) return { ok: true, groupId: null, messages: [] };
    const answer = await call('POST', '/messages/v4/send-many/detail', {
      messages: messages.map((m) => solapiMessage(m, config)),
      // Two messages to one number in a batch (a parent of two pupils) are both meant: we dedupe ourselves.
      allowDuplicates: true,
      showMessageList: true,
    });
    if (!answer.ok) return { ok: false, outcome: 'unknown', code: answer.code, message: answer.message };
    if (answer.status >= 500) return { ok: false, outcome: 'unknown', ...errorOf(answer.status, answer.json) };
    if (answer.status !== 200) return { ok: false, outcome: 'refused', ...errorOf(answer.status, answer.json) };
    const json = answer.json;
    if (!isObject(json)) return { ok: false, outcome: 'unknown', code: 'UNREADABLE', message: '발송사의 응답을 읽지 못했습니다' };
    const groupId = isObject(json.groupInfo) ? (str(json.groupInfo.groupId) ?? str(json.groupInfo._id)) : null;
    const items = [
      ...(Array.isArray(json.messageList) ? json.messageList : []),
      ...(Array.isArray(json.failedMessageList) ? json.failedMessageList : []),
    ];
    const read = items.map((item) => readProviderMessage(item, groupId)).filter((m): m is ProviderMessage => m !== null);
    return { ok: true, groupId, messages: read };
  }

  async function lookup(query: LookupQuery): Promise<LookupResult> {
    const params = new URLSearchParams({ limit: String(LOOKUP_PAGE) });
    const ids = query.messageIds ?? [];
    if (ids.length === 1) params.set('messageId', ids[0]);
    else ids.forEach((id) => params.append('messageIds', id)); // the official SDK's form: the key repeated
    if (query.groupId) params.set('groupId', query.groupId);
    if (query.to) params.set('to', phoneDigits(query.to));
    if (query.since) {
      params.set('dateType', 'CREATED');
      params.set('startDate', query.since.toISOString());
    }
    const found: ProviderMessage[] = [];
    for (let page = 0; page < LOOKUP_MAX_PAGES; page += 1) {
      const answer = await call('GET', `/messages/v4/list?${params}`);
      if (!answer.ok) return { ok: false, code: answer.code, message: answer.message };
      if (answer.status !== 200) return { ok: false, ...errorOf(answer.status, answer.json) };
      const json = answer.json;
      if (!isObject(json) || !isObject(json.messageList))
        return { ok: false, code: 'UNREADABLE', message: '발송사의 응답을 읽지 못했습니다' };
      for (const item of Object.values(json.messageList)) {
        const message = readProviderMessage(item);
        if (message) found.push(message);
      }
      const next = str(json.nextKey);
      if (!next) break;
      params.set('startKey', next);
    }
    return { ok: true, messages: found };
  }

  return { name: config.provider === 'simulator' ? 'simulator' : 'solapi', send, lookup, parseReport: parseSolapiReport };
}
