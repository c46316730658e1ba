// A local simulator of Solapi, the 알림톡 and text message provider (docs/talk.md): the part of its v4 REST API our
// adapter calls (app/services/talk/solapi.server.ts), with its HMAC-SHA256 authorisation checked as Solapi checks it,
// scripted outcomes by recipient number or template, delivery reports posted to our webhook, and a control API
// (`/__control/*`) only the simulator has: the calls made, the messages received per outbox row, scripts, reports.
// Everything is kept in memory.
//
// The experience environment serves it from our own server under /__solapi (server/index.mjs); the database tests and
// the talk benchmark start it on a port of their own (startSolapiSimulator). The API secret is never logged or echoed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express from 'express';
import { controlGuard, serveRouter } from './simulator-server.mjs';

/** The simulator's keys when none are configured: not secret, they open nothing but the simulator. Same as config.server.ts's SOLAPI_SIMULATOR_KEYS. */
export const SOLAPI_SIMULATOR_KEYS = {
  apiKey: 'NCSSIMULATOR0001',
  apiSecret: 'solapi-simulator-secret-not-a-secret',
  pfId: 'KA01PF_SIMULATOR',
  sender: '16000000',
};

/**
 * Numbers with a fixed outcome, for trying the failures by hand (a student's or parent's phone set to one of them).
 * @type {Record<string, Outcome>}
 */
export const SCRIPTED_NUMBERS = {
  '01000003105': 'template',
  '01000003010': 'number',
  '01000003104': 'nokakao',
  '01000003041': 'carrier',
};

/**
 * What happens to a message: delivered (4000), an unapproved template (3105), a bad number (3010), not on KakaoTalk
 * (3104: delivered as SMS instead, unless SMS replacement is disabled), a busy handset (3041, the carrier's report),
 * refused at registration by a server error (1024), accepted and left waiting for the carrier (3000) until settled by
 * the control API, or registered but answered too late for the caller (a timeout).
 * @typedef {'deliver' | 'template' | 'number' | 'nokakao' | 'carrier' | 'transient' | 'pending' | 'timeout'} Outcome
 */
export const OUTCOMES = ['deliver', 'template', 'number', 'nokakao', 'carrier', 'transient', 'pending', 'timeout'];

const STATUS_MESSAGES = {
  1010: '필수 입력 값 미입력',
  1011: 'Format Error',
  1024: '서버 오류',
  1025: "잘못된 메시지 타입 ['SMS','LMS','MMS','ATA','CTA']중에서 사용 가능하며 대소문자는 구분하지 않습니다.",
  1026: '중복 수신번호',
  1031: 'SMS는 90byte LMS, MMS는 2000byte ATA, CTA는 한/영포함 1000자 CTI는 한/영포함 400자까지 사용 가능 합니다.',
  1032: "유효한 커스텀 필드 값이 아닙니다. 필드명은 30자 설정값은 100자까지 가능하며 'String'형식만 지원 합니다.",
  1041: '유효한 플러스 친구 값이 아닙니다.',
  1042: '유효한 템플릿 아이디가 아닙니다.',
  1062: '발신번호 미등록',
  2000: '정상 접수(이통사로 접수 예정)',
  3000: '이통사로 접수(리포트를 기다리는 중)',
  3010: '수신번호 형식 오류',
  3041: '단말기 busy',
  3104: '카카오톡 미사용자',
  3105: '미등록 템플릿',
  4000: '발송 처리 완료',
};

/** Solapi's authorisation errors (HTTP 403, as its documentation lists them). */
const AUTH_ERRORS = {
  InvalidAPIKey: '유효한 API Key가 아님',
  SignatureDoesNotMatch: '생성한 Signature가 일치하지 않음',
  RequestTimeTooSkewed: '시간 값이 서버 시간을 15분 이상 벗어남',
  DuplicatedSignature: '15분 안에 동일한 signature 값',
  InvalidAuthorization: 'Authorization 헤더가 올바르지 않음',
};

const SKEW_MS = 15 * 60 * 1000;
const MAX_KEPT_SIGNATURES = 50_000;
const MAX_KEPT_MESSAGES = 200_000;

const byteLength = (text) => [...String(text)].reduce((n, ch) => n + (ch.charCodeAt(0) < 0x80 ? 1 : 2), 0);

/** Solapi-like ids: M4V / G4V, the time (UTC, to the second), then random capitals. */
function newId(prefix, at) {
  const stamp = new Date(at).toISOString().replace(/\D/g, '').slice(0, 14);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(15);
  return `${prefix}${stamp}${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * The fields of an `Authorization: HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…` header; null when it is not one.
 * @param {unknown} header
 * @returns {{ apiKey: string; date: string; salt: string; signature: string } | null}
 */
export function parseAuthorization(header) {
  const match = /^HMAC-SHA256 (.+)$/.exec(String(header ?? ''));
  if (!match) return null;
  /** @type {Record<string, string>} */
  const fields = {};
  for (const part of match[1].split(',')) {
    const at = part.indexOf('=');
    if (at < 0) return null;
    fields[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  const { apiKey, date, salt, signature } = fields;
  return apiKey && date && salt && signature ? { apiKey, date, salt, signature } : null;
}

const sameHex = (a, b) => {
  const x = Buffer.from(String(a), 'utf8');
  const y = Buffer.from(String(b), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** What a message costs (원), as Solapi's price list roughly has it, and the balance the simulator starts with. */
const PRICES = { SMS: 20, LMS: 50, MMS: 120, ATA: 13, CTA: 20 };
const STARTING_BALANCE = 100_000;

/** Solapi's per-type record (sms, lms, … rcs_tpl), every count 0. */
const messageTypeRecord = () =>
  Object.fromEntries(['sms', 'lms', 'mms', 'ata', 'cta', 'cti', 'nsa', 'rcs_sms', 'rcs_lms', 'rcs_mms', 'rcs_tpl'].map((k) => [k, 0]));
/** countForCharge: per type, the count per country code. */
const chargeRecord = () => Object.fromEntries(Object.keys(messageTypeRecord()).map((k) => [k, {}]));
const cash = () => ({ requested: 0, replacement: 0, refund: 0, sum: 0 });

/** A group as Solapi answers it (without the simulator's own list of its messages). */
function publicGroup(group) {
  const { messageIds: _ids, ...rest } = group;
  return rest;
}

function emptyCalls() {
  return { sendMany: 0, list: 0, unauthorized: 0, failedRequests: 0 };
}

/**
 * The simulator as an Express Router (mount it under a prefix, e.g. `/__solapi`) and its in-memory state.
 * `controlToken` opens the control pages (`/__control/*`) to requests carrying it (simulator-server.mjs's controlGuard).
 * @param {{ apiKey: string; apiSecret: string; pfId?: string; sender?: string; webhookUrl?: string; processDelayMs?: number; timeoutDelayMs?: number; now?: () => number; controlToken?: string }} options
 */
export function createSolapiSimulator({
  controlToken,
  apiKey,
  apiSecret,
  pfId,
  sender,
  webhookUrl,
  processDelayMs = 0,
  timeoutDelayMs = 30_000,
  now = Date.now,
}) {
  if (!apiKey || !apiSecret) throw new Error('the Solapi simulator needs an API key and secret');

  const state = {
    /** @type {Map<string, any>} every message, by messageId */
    messages: new Map(),
    /** @type {Map<string, any>} groups, by groupId */
    groups: new Map(),
    /** @type {{ to?: string; templateId?: string; outcome: Outcome; times: number | null }[]} */
    scripts: [],
    /** @type {Map<string, number>} signatures seen in the last 15 minutes, with when they were seen */
    signatures: new Map(),
    /** How many messages were accepted per outbox row (customFields.outboxId). */
    /** @type {Map<string, number>} */
    received: new Map(),
    /** The delivery reports made, in order, with the status our webhook answered (or the error). */
    /** @type {{ body: any[]; status: number | null; error: string | null }[]} */
    reports: [],
    /** Requests still to answer with a server error before registering anything. */
    failRequests: { remaining: 0, status: 500 },
    calls: emptyCalls(),
    reset() {
      state.messages.clear();
      state.groups.clear();
      state.scripts.length = 0;
      state.signatures.clear();
      state.received.clear();
      state.reports.length = 0;
      state.failRequests = { remaining: 0, status: 500 };
      state.calls = emptyCalls();
    },
  };

  const iso = (ms) => new Date(ms).toISOString();

  // ---- Authorisation, as Solapi checks it: the key, the signature of date + salt, the clock, no replay. ----

  function authError(req) {
    const fields = parseAuthorization(req.get('authorization'));
    if (!fields) return 'InvalidAuthorization';
    if (fields.apiKey !== apiKey) return 'InvalidAPIKey';
    if (fields.salt.length < 12 || fields.salt.length > 64) return 'SignatureDoesNotMatch';
    const expected = createHmac('sha256', apiSecret)
      .update(fields.date + fields.salt)
      .digest('hex');
    if (!sameHex(expected, fields.signature.toLowerCase())) return 'SignatureDoesNotMatch';
    const at = Date.parse(fields.date);
    if (!Number.isFinite(at) || Math.abs(now() - at) > SKEW_MS) return 'RequestTimeTooSkewed';
    for (const [signature, seen] of state.signatures) {
      if (now() - seen <= SKEW_MS && state.signatures.size <= MAX_KEPT_SIGNATURES) break;
      state.signatures.delete(signature);
    }
    if (state.signatures.has(fields.signature)) return 'DuplicatedSignature';
    state.signatures.set(fields.signature, now());
    return null;
  }

  // ---- Scripts: by number (the built-in ones, then those set by the control API) or by template. ----

  /** The outcome for a message, counting down a script with `times`. */
  function outcomeFor(message) {
    const templateId = message.kakaoOptions?.templateId;
    const script = state.scripts.find(
      (s) => (s.times === null || s.times > 0) && ((s.to && s.to === message.to) || (s.templateId && s.templateId === templateId)),
    );
    if (script) {
      if (script.times !== null) script.times -= 1;
      return script.outcome;
    }
    return SCRIPTED_NUMBERS[message.to] ?? 'deliver';
  }

  /** A message's registration problem as Solapi's status code, or null. */
  function registrationError(message, seenNumbers, allowDuplicates) {
    if (typeof message !== 'object' || message === null) return '1010';
    const type = String(message.type ?? (message.kakaoOptions ? 'ATA' : byteLength(message.text ?? '') > 90 ? 'LMS' : 'SMS')).toUpperCase();
    if (!['SMS', 'LMS', 'MMS', 'ATA', 'CTA'].includes(type)) return '1025';
    // An 알림톡 may leave out `from` (the channel sends it; a replacement SMS then needs none of ours either).
    const kakaoType = type === 'ATA' || type === 'CTA';
    const hasFrom = typeof message.from === 'string' && message.from !== '';
    if (typeof message.to !== 'string' || !message.to || (!hasFrom && !kakaoType)) return '1010';
    if (!/^\d{8,15}$/.test(message.to) || (hasFrom && !/^\d{6,15}$/.test(message.from))) return '1011';
    if (sender && hasFrom && message.from !== sender) return '1062';
    if (type === 'ATA' || type === 'CTA') {
      const kakao = message.kakaoOptions;
      if (!kakao || typeof kakao.pfId !== 'string' || (pfId && kakao.pfId !== pfId)) return '1041';
      if (type === 'ATA' && (typeof kakao.templateId !== 'string' || !kakao.templateId)) return '1042';
      if (kakao.variables !== undefined && (typeof kakao.variables !== 'object' || kakao.variables === null)) return '1011';
    } else {
      if (typeof message.text !== 'string' || !message.text) return '1010';
      if (byteLength(message.text) > (type === 'SMS' ? 90 : 2000)) return '1031';
    }
    const custom = message.customFields;
    if (custom !== undefined) {
      if (typeof custom !== 'object' || custom === null) return '1032';
      for (const [name, value] of Object.entries(custom))
        if (name.length > 30 || typeof value !== 'string' || value.length > 100) return '1032';
    }
    if (!allowDuplicates && seenNumbers.has(message.to)) return '1026';
    return null;
  }

  // ---- Delivery: the carrier's report arrives (at once, or after processDelayMs), then our webhook is told. ----

  /** A carrier's report for one message; `settle` updates its group (a whole batch settles its group once, after). */
  function finish(stored, statusCode, replacement = false, settle = true) {
    stored.statusCode = statusCode;
    stored.reason = statusCode === '4000' ? null : (STATUS_MESSAGES[statusCode] ?? null);
    stored.status = statusCode === '4000' ? 'COMPLETE' : statusCode === '3000' ? 'SENDING' : 'FAILED';
    stored.replacement = replacement;
    stored.dateUpdated = iso(now());
    stored.dateReported = iso(now());
    if (statusCode === '4000') stored.dateReceived = iso(now());
    if (replacement) stored.log.push({ createAt: iso(now()), message: '카카오톡 미사용자: 문자(SMS)로 대체 발송했습니다.' });
    const group = settle ? state.groups.get(stored.groupId) : undefined;
    if (group) settleGroup(group);
  }

  /** A group's counts and status from its messages: COMPLETE once none is waiting for the carrier. */
  function settleGroup(group) {
    if (group.status === 'SCHEDULED') return;
    const rows = group.messageIds.map((id) => state.messages.get(id)).filter(Boolean);
    const pending = rows.filter((m) => m.statusCode === '2000' || m.statusCode === '3000').length;
    group.count.sentSuccess = rows.filter((m) => m.statusCode === '4000').length;
    group.count.sentReplacement = rows.filter((m) => m.replacement).length;
    group.count.sentFailed = rows.length - pending - group.count.sentSuccess;
    group.count.sentPending = pending;
    group.dateUpdated = iso(now());
    if (pending === 0 && group.status !== 'COMPLETE') {
      group.status = 'COMPLETE';
      group.dateCompleted = iso(now());
    }
  }

  function process(stored, outcome) {
    switch (outcome) {
      case 'template':
        return finish(stored, '3105', false, false);
      case 'number':
        return finish(stored, '3010', false, false);
      case 'carrier':
        return finish(stored, '3041', false, false);
      case 'pending':
        return finish(stored, '3000', false, false);
      case 'nokakao':
        return stored.type === 'ATA' && !stored.kakaoOptions?.disableSms
          ? finish(stored, '4000', true, false)
          : finish(stored, '3104', false, false);
      default:
        return finish(stored, '4000', false, false);
    }
  }

  async function report(messages) {
    const body = messages.map((m) => ({ ...m }));
    const record = { body, status: null, error: null };
    state.reports.push(record);
    if (!webhookUrl) return;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => {});
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
  }

  const keep = (stored) => {
    state.messages.set(stored.messageId, stored);
    if (state.messages.size > MAX_KEPT_MESSAGES) state.messages.delete(state.messages.keys().next().value);
  };

  const router = express.Router();
  router.use(express.json({ limit: '8mb' }));

  const fail = (res, status, errorCode, errorMessage) => res.status(status).json({ errorCode, errorMessage });

  router.use(['/messages', '/cash'], (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    const error = authError(req);
    if (error) {
      state.calls.unauthorized += 1;
      return fail(res, 403, error, AUTH_ERRORS[error]);
    }
    next();
  });

  router.post('/messages/v4/send-many/detail', (req, res) => {
    state.calls.sendMany += 1;
    const { messages: given, allowDuplicates = false, showMessageList = false, scheduledDate = null } = req.body ?? {};
    if (!Array.isArray(given) || given.length === 0)
      return fail(res, 400, 'ValidationError', '데이터가 반드시 1건 이상 기입되어 있어야 합니다.');
    // A message `to` several numbers (an array, as the SDK allows) is one message per number.
    const messages = given.flatMap((m) =>
      m && typeof m === 'object' && Array.isArray(m.to) ? m.to.map((to) => ({ ...m, to: String(to) })) : [m],
    );
    const scheduledAt = scheduledDate === null || scheduledDate === undefined ? null : Date.parse(String(scheduledDate));
    if (Number.isNaN(scheduledAt)) return fail(res, 400, 'ValidationError', '예약 일시(scheduledDate)의 형식이 올바르지 않습니다.');
    if (messages.length > 10_000) return fail(res, 400, 'ValidationError', '한 번에 10,000건까지 보낼 수 있습니다.');
    if (state.failRequests.remaining > 0) {
      state.failRequests.remaining -= 1;
      state.calls.failedRequests += 1;
      return fail(res, state.failRequests.status, 'InternalError', '서버 오류');
    }
    const at = now();
    const groupId = newId('G4V', at);
    const seen = new Set();
    const accepted = [];
    const failed = [];
    let late = false;
    for (const input of messages) {
      const code = registrationError(input, seen, allowDuplicates === true);
      const type = String(input?.type ?? (input?.kakaoOptions ? 'ATA' : byteLength(input?.text ?? '') > 90 ? 'LMS' : 'SMS')).toUpperCase();
      const stored = {
        messageId: newId('M4V', at),
        groupId,
        accountId: 'SIMULATOR',
        type,
        to: String(input?.to ?? ''),
        from: String(input?.from ?? ''),
        text: typeof input?.text === 'string' ? input.text : null,
        country: '82',
        kakaoOptions: input?.kakaoOptions ?? null,
        customFields: input?.customFields ?? {},
        status: 'PENDING',
        statusCode: '2000',
        reason: null,
        replacement: false,
        log: [],
        dateCreated: iso(at),
        dateUpdated: iso(at),
        dateReceived: null,
        dateReported: null,
      };
      const outcome = code ? null : outcomeFor(stored);
      if (code || outcome === 'transient') {
        const statusCode = code ?? '1024';
        stored.statusCode = statusCode;
        stored.status = 'FAILED';
        stored.reason = STATUS_MESSAGES[statusCode] ?? null;
        keep(stored);
        failed.push(stored);
        continue;
      }
      seen.add(stored.to);
      keep(stored);
      const outboxId = stored.customFields?.outboxId;
      if (outboxId) state.received.set(outboxId, (state.received.get(outboxId) ?? 0) + 1);
      accepted.push({ stored, outcome });
      if (outcome === 'timeout') late = true;
    }
    const held = scheduledAt !== null && scheduledAt > at;
    const group = {
      groupId,
      _id: groupId,
      accountId: 'SIMULATOR',
      status: held ? 'SCHEDULED' : 'SENDING',
      apiVersion: '4',
      allowDuplicates: allowDuplicates === true,
      isRefunded: false,
      masterAccountId: null,
      sdkVersion: typeof req.body?.agent?.sdkVersion === 'string' ? req.body.agent.sdkVersion : null,
      osPlatform: typeof req.body?.agent?.osPlatform === 'string' ? req.body.agent.osPlatform : null,
      app: { appId: null, profit: messageTypeRecord() },
      price: {},
      balance: cash(),
      point: cash(),
      countForCharge: chargeRecord(),
      count: {
        total: messages.length,
        sentTotal: held ? 0 : accepted.length,
        sentFailed: 0,
        sentSuccess: 0,
        sentPending: held ? 0 : accepted.length,
        sentReplacement: 0,
        refund: 0,
        registeredFailed: failed.length,
        registeredSuccess: accepted.length,
      },
      messageIds: accepted.map((a) => a.stored.messageId),
      log: [{ createAt: iso(at), message: `메시지 ${messages.length}건을 접수했습니다.` }],
      dateCreated: iso(at),
      dateUpdated: iso(at),
      scheduledDate: held ? iso(scheduledAt) : null,
      dateSent: held ? null : iso(at),
      dateCompleted: null,
    };
    for (const { stored } of accepted) {
      const key = stored.type.toLowerCase();
      group.countForCharge[key] = { 82: (group.countForCharge[key]?.[82] ?? 0) + 1 };
      const price = PRICES[stored.type] ?? 0;
      group.balance.requested += price;
      group.balance.sum += price;
    }
    state.groups.set(groupId, group);
    if (held) for (const { stored } of accepted) stored.status = 'SCHEDULED';
    const body = {
      failedMessageList: failed.map((m) => ({
        to: m.to,
        from: m.from,
        type: m.type,
        statusMessage: m.reason ?? '',
        country: m.country,
        messageId: m.messageId,
        statusCode: m.statusCode,
        accountId: m.accountId,
        customFields: m.customFields,
      })),
      groupInfo: publicGroup(group),
      ...(showMessageList === true
        ? {
            messageList: accepted.map(({ stored }) => ({
              messageId: stored.messageId,
              statusCode: '2000',
              customFields: stored.customFields,
              statusMessage: STATUS_MESSAGES[2000],
            })),
          }
        : {}),
    };
    // The carrier's reports: at once (before the answer leaves, so a lookup right after it finds them) or later.
    const deliver = () => {
      if (held) {
        group.status = 'SENDING';
        group.dateSent = iso(now());
        group.count.sentTotal = accepted.length;
        group.count.sentPending = accepted.length;
      }
      for (const { stored, outcome } of accepted) process(stored, outcome);
      settleGroup(group);
      const done = accepted.map((a) => a.stored).filter((m) => m.statusCode !== '3000');
      if (done.length) void report(done);
    };
    // A scheduled group goes out at its date (Solapi holds it until then).
    if (held) setTimeout(deliver, Math.min(scheduledAt - at, 2 ** 31 - 1)).unref?.();
    else if (processDelayMs > 0) setTimeout(deliver, processDelayMs).unref?.();
    else deliver();
    // A registered batch whose answer comes too late: the caller gave up, the messages went out anyway.
    if (late) {
      const timer = setTimeout(() => {
        if (!res.writableEnded) res.json(body);
      }, timeoutDelayMs);
      timer.unref?.();
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.json(body);
  });

  /** A query value as a list: `a`, `a,b`, `key[0]=a&key[1]=b` (qs gives an array) or repeated keys. */
  const list = (value) =>
    value === undefined
      ? null
      : (Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : String(value).split(','))
          .map(String)
          .filter(Boolean);

  router.get('/messages/v4/list', (req, res) => {
    state.calls.list += 1;
    const q = { ...req.query };
    // The older form: criteria=messageId,to&cond=eq,eq&value=M4V…,010…
    if (q.criteria && q.value) {
      const names = String(q.criteria).split(',');
      const values = String(q.value).split(',');
      names.forEach((name, i) => {
        if (['messageId', 'groupId', 'to', 'from', 'statusCode', 'type'].includes(name) && q[name] === undefined) q[name] = values[i];
      });
    }
    const ids = list(q.messageIds) ?? (q.messageId ? [String(q.messageId)] : null);
    const from = q.startDate ? Date.parse(String(q.startDate)) : null;
    const until = q.endDate ? Date.parse(String(q.endDate)) : null;
    const dateField = q.dateType === 'UPDATED' ? 'dateUpdated' : 'dateCreated';
    const limit = Math.min(500, Math.max(1, Number(q.limit) || 20));
    let rows = ids ? ids.map((id) => state.messages.get(id)).filter(Boolean) : [...state.messages.values()];
    rows = rows.filter(
      (m) =>
        (!q.groupId || m.groupId === String(q.groupId)) &&
        (!q.to || m.to === String(q.to)) &&
        (!q.from || m.from === String(q.from)) &&
        (!q.statusCode || m.statusCode === String(q.statusCode)) &&
        (!q.type || m.type === String(q.type)) &&
        (from === null || Date.parse(m[dateField]) >= from) &&
        (until === null || Date.parse(m[dateField]) <= until),
    );
    rows.sort((a, b) => (a.messageId < b.messageId ? 1 : a.messageId > b.messageId ? -1 : 0));
    const start = q.startKey ? rows.findIndex((m) => m.messageId === String(q.startKey)) : 0;
    const page = rows.slice(Math.max(0, start), Math.max(0, start) + limit);
    const next = rows[Math.max(0, start) + limit];
    res.json({
      startKey: q.startKey ? String(q.startKey) : null,
      nextKey: next ? next.messageId : null,
      limit,
      messageList: Object.fromEntries(page.map((m) => [m.messageId, m])),
    });
  });

  /** The groups, newest first: `?startKey&limit`, or `criteria=groupId&cond=eq&value=…` (the SDK's getGroups). */
  router.get('/messages/v4/groups', (req, res) => {
    const q = req.query;
    const only = q.criteria === 'groupId' && q.value ? String(q.value) : null;
    const limit = Math.min(500, Math.max(1, Number(q.limit) || 20));
    const rows = [...state.groups.values()].filter((g) => !only || g.groupId === only).reverse();
    const start = q.startKey
      ? Math.max(
          0,
          rows.findIndex((g) => g.groupId === String(q.startKey)),
        )
      : 0;
    const page = rows.slice(start, start + limit);
    res.json({
      startKey: q.startKey ? String(q.startKey) : null,
      nextKey: rows[start + limit]?.groupId ?? null,
      limit,
      groupList: Object.fromEntries(page.map((g) => [g.groupId, publicGroup(g)])),
    });
  });

  router.get('/messages/v4/groups/:groupId', (req, res) => {
    const group = state.groups.get(req.params.groupId);
    if (!group) return fail(res, 404, 'NotFound', '그룹을 찾을 수 없습니다.');
    res.json(publicGroup(group));
  });

  router.get('/messages/v4/groups/:groupId/messages', (req, res) => {
    const group = state.groups.get(req.params.groupId);
    if (!group) return fail(res, 404, 'NotFound', '그룹을 찾을 수 없습니다.');
    const limit = Math.min(500, Math.max(1, Number(req.query.limit) || 20));
    const rows = group.messageIds.map((id) => state.messages.get(id)).filter(Boolean);
    const start = req.query.startKey
      ? Math.max(
          0,
          rows.findIndex((m) => m.messageId === String(req.query.startKey)),
        )
      : 0;
    res.json({
      startKey: req.query.startKey ? String(req.query.startKey) : null,
      nextKey: rows[start + limit]?.messageId ?? null,
      limit,
      messageList: Object.fromEntries(rows.slice(start, start + limit).map((m) => [m.messageId, m])),
    });
  });

  /** Counts of the messages kept (by type; delivered and failed), over `startDate`…`endDate` when given. */
  router.get('/messages/v4/statistics', (req, res) => {
    const from = req.query.startDate ? Date.parse(String(req.query.startDate)) : null;
    const until = req.query.endDate ? Date.parse(String(req.query.endDate)) : null;
    const rows = [...state.messages.values()].filter(
      (m) => (from === null || Date.parse(m.dateCreated) >= from) && (until === null || Date.parse(m.dateCreated) <= until),
    );
    const tally = (list) => {
      const record = { total: list.length, ...messageTypeRecord() };
      for (const m of list) {
        const key = m.type.toLowerCase();
        if (key in record) record[key] += 1;
      }
      return record;
    };
    const spent = rows.reduce((sum, m) => sum + (m.statusCode === '4000' ? (PRICES[m.type] ?? 0) : 0), 0);
    const total = tally(rows);
    const successed = tally(rows.filter((m) => m.statusCode === '4000'));
    const failed = tally(rows.filter((m) => !['2000', '3000', '4000'].includes(m.statusCode)));
    const month = iso(now()).slice(0, 7);
    res.json({
      balance: spent,
      point: 0,
      monthlyBalanceAvg: spent,
      monthlyPointAvg: 0,
      monthPeriod: [{ date: month, balance: spent, balanceAvg: spent, point: 0, pointAvg: 0, dayPeriod: [], total, successed, failed }],
      total,
      successed,
      failed,
    });
  });

  router.all('/messages/*', (_req, res) => fail(res, 404, 'NotFound', '존재하지 않는 요청입니다.'));

  /** The account's balance: what the simulator starts with, less what its delivered messages cost. */
  router.get('/cash/v1/balance', (_req, res) => {
    const spent = [...state.messages.values()].reduce((sum, m) => sum + (m.statusCode === '4000' ? (PRICES[m.type] ?? 0) : 0), 0);
    res.json({ accountId: 'SIMULATOR', balance: STARTING_BALANCE - spent, point: 0, deposit: 0, balanceOnly: STARTING_BALANCE - spent });
  });
  router.all('/cash/*', (_req, res) => fail(res, 404, 'NotFound', '존재하지 않는 요청입니다.'));

  // ---- The control API (only the simulator has it, only for the holder of its token). ----

  router.use('/__control', controlGuard(controlToken));

  router.get('/__control/calls', (_req, res) =>
    res.set('Cache-Control', 'no-store').json({ ...state.calls, received: Object.fromEntries(state.received) }),
  );
  router.get('/__control/messages', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.replace(/\D/g, '') : null;
    res.set('Cache-Control', 'no-store').json([...state.messages.values()].filter((m) => !to || m.to === to));
  });
  router.get('/__control/reports', (_req, res) => res.set('Cache-Control', 'no-store').json(state.reports));
  router.post('/__control/reset', (_req, res) => {
    state.reset();
    res.json({ ok: true });
  });
  /** { to?, templateId?, outcome, times? }: the next `times` messages (all, without it) to that number or template end so. */
  router.post('/__control/scripts', (req, res) => {
    const { to, templateId, outcome, times } = req.body ?? {};
    if (!OUTCOMES.includes(outcome) || (!to && !templateId))
      return fail(res, 400, 'ValidationError', 'to 또는 templateId와 outcome이 필요합니다.');
    state.scripts.unshift({
      to: to ? String(to).replace(/\D/g, '') : undefined,
      templateId: templateId ? String(templateId) : undefined,
      outcome,
      times: Number.isInteger(times) && times > 0 ? times : null,
    });
    res.json({ ok: true });
  });
  /** { count, status? }: the next `count` send requests answer a server error and register nothing. */
  router.post('/__control/fail-requests', (req, res) => {
    const count = Number(req.body?.count);
    state.failRequests = { remaining: Number.isInteger(count) && count > 0 ? count : 0, status: Number(req.body?.status) || 500 };
    res.json({ ok: true });
  });
  /** { messageId? | to?, statusCode, replacement? }: the carrier's report for messages still waiting (3000). */
  router.post('/__control/settle', (req, res) => {
    const { messageId, to, statusCode = '4000', replacement = false } = req.body ?? {};
    const targets = [...state.messages.values()].filter(
      (m) => m.statusCode === '3000' && ((messageId && m.messageId === messageId) || (to && m.to === String(to).replace(/\D/g, ''))),
    );
    for (const m of targets) finish(m, String(statusCode), replacement === true);
    if (targets.length) void report(targets);
    res.json({ settled: targets.map((m) => m.messageId) });
  });

  router.use((error, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error?.type === 'entity.too.large') return fail(res, 413, 'PayloadTooLarge', '요청 본문이 너무 큽니다.');
    if (error?.type === 'entity.parse.failed') return fail(res, 400, 'ValidationError', 'JSON 형식이 올바르지 않습니다.');
    next(error);
  });

  return { router, state };
}

/**
 * When our own server serves the simulator under /__solapi: only in the experience environment (APP_ENV defaults to
 * PROD when DATABASE_URL is set, else EXP, as config.server.ts decides), never in production whatever else is set;
 * there, without an API key, or when SOLAPI_SIMULATOR=1. Its control pages open to SIMULATOR_CONTROL_TOKEN only.
 * Null when it is not served.
 * @param {Record<string, string | undefined>} env
 */
export function solapiSimulatorMount(env) {
  const appEnv = env.APP_ENV ?? (env.DATABASE_URL ? 'PROD' : 'EXP');
  const forced = env.SOLAPI_SIMULATOR === '1' || env.SOLAPI_SIMULATOR === 'true';
  if (appEnv !== 'EXP' || (!forced && env.SOLAPI_API_KEY)) return null;
  const port = env.PORT ?? '3000';
  const webhookUrl = `http://127.0.0.1:${port}/talk/webhook`;
  const controlToken = env.SIMULATOR_CONTROL_TOKEN || undefined;
  // Without a key the app uses the simulator's keys (config.server.ts); with one (SOLAPI_SIMULATOR=1) the configured ones.
  if (!env.SOLAPI_API_KEY) return { ...SOLAPI_SIMULATOR_KEYS, webhookUrl, controlToken };
  return {
    controlToken,
    apiKey: env.SOLAPI_API_KEY,
    apiSecret: env.SOLAPI_API_SECRET ?? '',
    pfId: env.SOLAPI_PF_ID || undefined,
    sender: (env.SOLAPI_SENDER ?? '').replace(/\D/g, '') || undefined,
    webhookUrl,
  };
}

/**
 * The simulator on a port of its own (database tests, the benchmark). Resolves its base URL (the adapter's base URL),
 * its state and close().
 * @param {{ port?: number; host?: string } & Parameters<typeof createSolapiSimulator>[0]} options
 */
export async function startSolapiSimulator({ port = 0, host = '127.0.0.1', ...options }) {
  const { router, state } = createSolapiSimulator(options);
  const served = await serveRouter(router, { port, host });
  return { url: served.url, state, close: served.close };
}
