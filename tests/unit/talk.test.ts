// 알림톡 without a database: Solapi's HMAC-SHA256 signature (and the simulator checking it as Solapi does), the meaning
// of its status codes, templates' variables, message types, the delivery report's ids, and the simulator's mount rule.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_SEND_ATTEMPTS,
  fillTemplate,
  phoneDigits,
  recipientRole,
  retryableFailure,
  smsType,
  statusMeaning,
  statusReason,
  templateVariables,
} from '~/domain/talk';
import { readConfig } from '~/config.server';
import {
  createSolapiProvider,
  parseSolapiReport,
  solapiAuthorization,
  solapiMessage,
  solapiSignature,
} from '~/services/talk/solapi.server';
import { parseAuthorization, solapiSimulatorMount, startSolapiSimulator } from '../../server/solapi-simulator.mjs';

describe("Solapi's authorisation", () => {
  it('signs date + salt with the API secret (HMAC-SHA256, hex), in the documented header', () => {
    const date = '2019-07-01T00:41:48Z';
    const salt = 'jqsba2jxjnrjor';
    const expected = createHmac('sha256', 'secret')
      .update(date + salt)
      .digest('hex');
    expect(solapiSignature('secret', date, salt)).toBe(expected);
    expect(solapiAuthorization('NCSAYU7YDBXYORXC', 'secret', date, salt)).toBe(
      `HMAC-SHA256 apiKey=NCSAYU7YDBXYORXC, date=${date}, salt=${salt}, signature=${expected}`,
    );
    expect(parseAuthorization(solapiAuthorization('K', 'S', date, salt))).toEqual({
      apiKey: 'K',
      date,
      salt,
      signature: solapiSignature('S', date, salt),
    });
  });

  it('a new salt, so a new signature, every time', () => {
    const a = solapiAuthorization('K', 'S', '2026-01-01T00:00:00.000Z');
    const b = solapiAuthorization('K', 'S', '2026-01-01T00:00:00.000Z');
    expect(a).not.toBe(b);
    expect(parseAuthorization(a)!.salt).toMatch(/^[0-9A-Za-z]{32}$/);
  });
});

describe('the simulator checks the signature as Solapi does', () => {
  let sim: Awaited<ReturnType<typeof startSolapiSimulator>>;
  const keys = { apiKey: 'NCSUNIT', apiSecret: 'unit-secret', pfId: 'KA01PF_UNIT', sender: '0212345678' };
  beforeAll(async () => {
    sim = await startSolapiSimulator({ port: 0, ...keys, controlToken: 'unit-control-token' });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('opens its control pages (the messages sent, reset codes included) to the control token only', async () => {
    const provider = createSolapiProvider({ provider: 'simulator', ...keys, baseUrl: sim.url });
    await provider.send([
      { id: 71, attempt: 1, phone: '010-7777-1111', channel: 'SMS', body: '[리드인] 인증번호는 654321 입니다.', talk: null },
    ]);
    for (const headers of [{}, { 'X-Simulator-Token': 'guessed' }] as Record<string, string>[]) {
      const page = await fetch(`${sim.url}/__control/messages`, { headers });
      expect(page.status).toBe(403);
      expect(await page.text()).not.toContain('654321');
      expect((await fetch(`${sim.url}/__control/reset`, { method: 'POST', headers })).status).toBe(403);
    }
    const open = await fetch(`${sim.url}/__control/messages?to=01077771111`, { headers: { 'X-Simulator-Token': 'unit-control-token' } });
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('654321');
    // Without a token of its own the simulator does not serve them at all.
    const closed = await startSolapiSimulator({ port: 0, ...keys });
    try {
      expect((await fetch(`${closed.url}/__control/messages`)).status).toBe(404);
      expect((await fetch(`${closed.url}/__control/messages`, { headers: { 'X-Simulator-Token': '' } })).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
  const list = (authorization?: string) =>
    fetch(`${sim.url}/messages/v4/list`, { headers: authorization ? { Authorization: authorization } : {} }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as Record<string, unknown>,
    }));

  it('403 with its error code for a missing header, a wrong key, a wrong signature, a skewed date, a replayed signature', async () => {
    expect(await list()).toMatchObject({ status: 403, body: { errorCode: 'InvalidAuthorization' } });
    expect(await list(solapiAuthorization('OTHER', keys.apiSecret))).toMatchObject({ status: 403, body: { errorCode: 'InvalidAPIKey' } });
    expect(await list(solapiAuthorization(keys.apiKey, 'wrong'))).toMatchObject({
      status: 403,
      body: { errorCode: 'SignatureDoesNotMatch' },
    });
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    expect(await list(solapiAuthorization(keys.apiKey, keys.apiSecret, old))).toMatchObject({
      status: 403,
      body: { errorCode: 'RequestTimeTooSkewed' },
    });
    const once = solapiAuthorization(keys.apiKey, keys.apiSecret);
    expect((await list(once)).status).toBe(200);
    expect(await list(once)).toMatchObject({ status: 403, body: { errorCode: 'DuplicatedSignature' } });
  });

  it('the adapter sends a batch and reads it back; a wrong secret is refused and nothing is registered', async () => {
    const provider = createSolapiProvider({ provider: 'simulator', ...keys, baseUrl: sim.url });
    const sent = await provider.send([
      { id: 7, attempt: 1, phone: '010-1111-2222', channel: 'SMS', body: '[리드인] 인증번호는 123456 입니다.', talk: null },
      {
        id: 8,
        attempt: 2,
        phone: '010-1111-3333',
        channel: 'TALK',
        body: '시험',
        talk: { providerTemplateId: 'TP1', variables: { 이름: '하늘' } },
      },
    ]);
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    expect(sent.messages.map((m) => [m.outboxId, m.attempt, m.statusCode])).toEqual([
      [7, 1, '2000'],
      [8, 2, '2000'],
    ]);
    const read = await provider.lookup({ groupId: sent.groupId! });
    expect(read.ok && read.messages.map((m) => [m.outboxId, m.statusCode]).sort()).toEqual([
      [7, '4000'],
      [8, '4000'],
    ]);
    const byNumber = await provider.lookup({ to: '01011112222', since: new Date(Date.now() - 60_000) });
    expect(byNumber.ok && byNumber.messages.map((m) => m.outboxId)).toEqual([7]);
    const stored = [...sim.state.messages.values()].find((m) => m.customFields.outboxId === '8');
    expect(stored).toMatchObject({
      type: 'ATA',
      to: '01011113333',
      from: '0212345678',
      kakaoOptions: { pfId: 'KA01PF_UNIT', templateId: 'TP1', variables: { '#{이름}': '하늘' } },
    });

    const wrong = createSolapiProvider({ provider: 'simulator', ...keys, apiSecret: 'nope', baseUrl: sim.url });
    const before = sim.state.messages.size;
    expect(await wrong.send([{ id: 9, attempt: 1, phone: '010-1111-4444', channel: 'SMS', body: '시험', talk: null }])).toMatchObject({
      ok: false,
      outcome: 'refused',
      code: 'SignatureDoesNotMatch',
    });
    expect(sim.state.messages.size).toBe(before);
  });

  it('an unreachable provider is an unknown outcome, not a refusal', async () => {
    const provider = createSolapiProvider({ provider: 'solapi', ...keys, baseUrl: 'http://127.0.0.1:9' }, { timeoutMs: 500 });
    expect(await provider.send([{ id: 1, attempt: 1, phone: '01000000000', channel: 'SMS', body: 'x', talk: null }])).toMatchObject({
      ok: false,
      outcome: 'unknown',
    });
  });
});

describe('status codes', () => {
  it('2000/3000 wait for the report, 4000 is delivered (noting an SMS replacement)', () => {
    expect(statusMeaning('2000')).toEqual({ kind: 'pending' });
    expect(statusMeaning('3000')).toEqual({ kind: 'pending' });
    expect(statusMeaning('4000')).toEqual({ kind: 'delivered', replacedBySms: false });
    expect(statusMeaning('4000', { replacement: true })).toEqual({ kind: 'delivered', replacedBySms: true });
  });

  it('template, number and opt-out failures are permanent, with a Korean reason', () => {
    expect(statusMeaning('3105')).toEqual({ kind: 'permanent', code: '3105', reason: '승인되지 않은 템플릿입니다 (3105)' });
    expect(statusMeaning('3010')).toEqual({ kind: 'permanent', code: '3010', reason: '받는 번호의 형식이 올바르지 않습니다 (3010)' });
    for (const code of ['1061', '2061', '3103', '3104', '1042', '1043', '3054']) expect(statusMeaning(code).kind).toBe('permanent');
    // A request refused for a reason we do not know.
    expect(statusMeaning('1999', { providerMessage: '새 오류' })).toEqual({ kind: 'permanent', code: '1999', reason: '새 오류 (1999)' });
  });

  it('carrier and server trouble, timeouts and a lost connection are retried', () => {
    for (const code of ['1024', '2024', '3024', '3041', '3043', '3108', 'TIMEOUT', 'NETWORK', 'HTTP_5XX', '3999']) {
      expect(statusMeaning(code).kind).toBe('transient');
    }
    expect(statusReason('1024')).toBe('발송사 서버 오류 (1024)');
    expect(MAX_SEND_ATTEMPTS).toBe(5);
  });

  it('a failure of the number itself is not sent again by the retry button', () => {
    for (const code of ['3010', '3104', '1061', '3107']) expect(retryableFailure(code)).toBe(false);
    for (const code of ['3105', '3041', null]) expect(retryableFailure(code)).toBe(true);
  });
});

describe('templates and messages', () => {
  it('reads the #{변수} of a text once each, in order, and fills them', () => {
    const body = '[#{학원명}] #{학생명} 학생, #{학생명}의 마감은 #{마감일}입니다. #{없는 변수}';
    expect(templateVariables(body)).toEqual(['학원명', '학생명', '마감일']);
    expect(fillTemplate(body, { 학원명: '해오름', 학생명: '하늘', 마감일: '금요일' })).toBe(
      '[해오름] 하늘 학생, 하늘의 마감은 금요일입니다. #{없는 변수}',
    );
    expect(fillTemplate('#{a}', { a: '#{b}', b: 'x' })).toBe('#{b}');
  });

  it('SMS up to 90 bytes (a Korean letter counts two), LMS beyond; numbers as digits', () => {
    expect(smsType('a'.repeat(90))).toBe('SMS');
    expect(smsType('a'.repeat(91))).toBe('LMS');
    expect(smsType('가'.repeat(45))).toBe('SMS');
    expect(smsType('가'.repeat(46))).toBe('LMS');
    expect(phoneDigits('010-1234-5678')).toBe('01012345678');
    expect(
      solapiMessage(
        { id: 3, attempt: 1, phone: '010-1234-5678', channel: 'SMS', body: '가'.repeat(46), talk: null },
        { pfId: 'P', sender: '021' },
      ),
    ).toEqual({
      to: '01012345678',
      from: '021',
      type: 'LMS',
      text: '가'.repeat(46),
      customFields: { outboxId: '3', attempt: '1' },
    });
  });

  it('a delivery report names message ids (single reports) or groups (group reports)', () => {
    expect(parseSolapiReport([{ messageId: 'M1', groupId: 'G1', statusCode: '4000' }, { groupId: 'G2' }, 'junk', null])).toEqual({
      messageIds: ['M1'],
      groupIds: ['G2'],
    });
    expect(parseSolapiReport({ hello: 1 })).toEqual({ messageIds: [], groupIds: [] });
  });

  it("a row's recipient from its dedupe key", () => {
    expect(recipientRole('note:1:v2:parent')).toBe('parent');
    expect(recipientRole('send:k:3:student')).toBe('student');
    expect(recipientRole('other')).toBeNull();
    expect(recipientRole(null)).toBeNull();
  });
});

describe('configuration', () => {
  it('real keys select Solapi; the experience environment without keys the simulator; production without keys nobody', () => {
    expect(readConfig({ SOLAPI_API_KEY: 'K', SOLAPI_API_SECRET: 'S', SOLAPI_PF_ID: 'P', SOLAPI_SENDER: '02-123-4567' }).talk).toEqual({
      provider: 'solapi',
      apiKey: 'K',
      apiSecret: 'S',
      pfId: 'P',
      sender: '021234567',
      baseUrl: 'https://api.solapi.com',
    });
    expect(readConfig({ APP_ENV: 'EXP', PORT: '3100' }).talk).toMatchObject({
      provider: 'simulator',
      baseUrl: 'http://127.0.0.1:3100/__solapi',
    });
    expect(readConfig({ APP_ENV: 'PROD', SESSION_SECRET: 'x'.repeat(40) }).talk.provider).toBeNull();
  });

  it('our server mounts the simulator in the experience environment without a key, or when asked', () => {
    expect(solapiSimulatorMount({ PORT: '3100' })).toMatchObject({
      apiKey: 'NCSSIMULATOR0001',
      webhookUrl: 'http://127.0.0.1:3100/talk/webhook',
    });
    expect(solapiSimulatorMount({ DATABASE_URL: 'postgres://x' })).toBeNull();
    expect(solapiSimulatorMount({ SOLAPI_API_KEY: 'K' })).toBeNull();
    expect(solapiSimulatorMount({ SOLAPI_API_KEY: 'K', SOLAPI_API_SECRET: 'S', SOLAPI_SIMULATOR: '1' })).toMatchObject({
      apiKey: 'K',
      apiSecret: 'S',
    });
  });

  it('never outside the experience environment, and its control pages only with SIMULATOR_CONTROL_TOKEN', () => {
    expect(solapiSimulatorMount({ APP_ENV: 'PROD', SOLAPI_SIMULATOR: '1' })).toBeNull();
    expect(solapiSimulatorMount({ DATABASE_URL: 'postgres://x', SOLAPI_SIMULATOR: '1' })).toBeNull();
    expect(solapiSimulatorMount({ APP_ENV: 'EXP' })?.controlToken).toBeUndefined();
    expect(solapiSimulatorMount({ APP_ENV: 'EXP', SIMULATOR_CONTROL_TOKEN: 'local-t0ken' })?.controlToken).toBe('local-t0ken');
  });
});
