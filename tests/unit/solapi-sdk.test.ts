import { SolapiMessageService } from 'solapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolapiProvider } from '~/services/talk/solapi.server';
import { startSolapiSimulator } from '../../server/solapi-simulator.mjs';

// The Solapi simulator serves the provider's API as the official SDK (npm `solapi`) calls it and checks its answers
// (the SDK decodes them against its own schemas): an 알림톡 and an SMS sent, the message list, a group, the statistics
// and the balance. The SDK always calls https://api.solapi.com: its requests are sent to the simulator instead.

const SOLAPI = 'https://api.solapi.com';
const keys = { apiKey: 'NCSSDKTEST', apiSecret: 'sdk-test-secret', pfId: 'KA01PF_SDK', sender: '0212345678' };
let sim: Awaited<ReturnType<typeof startSolapiSimulator>>;
const realFetch = globalThis.fetch;
/** The URLs the SDK and our adapter asked for (path and query). */
const asked: string[] = [];

beforeAll(async () => {
  sim = await startSolapiSimulator({ port: 0, ...keys });
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = url.startsWith(SOLAPI) ? sim.url + url.slice(SOLAPI.length) : url;
    if (target.startsWith(sim.url)) asked.push(target.slice(sim.url.length));
    return realFetch(target, init);
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await sim.close();
});

const sdk = () => new SolapiMessageService(keys.apiKey, keys.apiSecret);

describe('the official solapi SDK against the simulator', () => {
  it('sends an 알림톡 without `from` and an SMS to two numbers, reads them back by id, by group, and the group itself', async () => {
    const talk = await sdk().send(
      { to: '01023456789', kakaoOptions: { pfId: keys.pfId, templateId: 'TP_SDK', variables: { '#{이름}': '하늘' } } },
      { showMessageList: true },
    );
    expect(talk.failedMessageList).toEqual([]);
    expect(talk.groupInfo.count).toMatchObject({ total: 1, registeredSuccess: 1, registeredFailed: 0 });
    expect(talk.messageList).toHaveLength(1);

    const sms = await sdk().send({ to: ['01034567890', '01034567891'], from: keys.sender, text: '[리드인] 시험 문자' });
    expect(sms.groupInfo.count).toMatchObject({ total: 2, registeredSuccess: 2 });
    const group = await sdk().getGroup(sms.groupInfo.groupId);
    expect(group).toMatchObject({ groupId: sms.groupInfo.groupId, status: 'COMPLETE' });
    expect(group.count).toMatchObject({ total: 2, sentSuccess: 2 });
    const groups = await sdk().getGroups();
    expect(Object.keys(groups.groupList)).toEqual(expect.arrayContaining([talk.groupInfo.groupId, sms.groupInfo.groupId]));
    const inGroup = await sdk().getGroupMessages(sms.groupInfo.groupId);
    expect(Object.values(inGroup.messageList).map((m) => m.to)).toEqual(expect.arrayContaining(['01034567890', '01034567891']));

    const ids = Object.keys((await sdk().getMessages({ groupId: sms.groupInfo.groupId })).messageList);
    expect(ids).toHaveLength(2);
    const byIds = await sdk().getMessages({ messageIds: [...ids, talk.messageList![0].messageId] });
    expect(Object.values(byIds.messageList).map((m) => [m.type, m.statusCode])).toEqual(
      expect.arrayContaining([
        ['SMS', '4000'],
        ['SMS', '4000'],
        ['ATA', '4000'],
      ]),
    );
    // The SDK's form of a list of ids: the key repeated.
    expect(asked.some((u) => u.includes(`messageIds=${ids[0]}&messageIds=${ids[1]}`))).toBe(true);
  });

  it('holds a message with scheduledDate until then (the group SCHEDULED, the message not delivered)', async () => {
    const later = new Date(Date.now() + 60 * 60_000);
    const sent = await sdk().send(
      { to: '01045678901', from: keys.sender, text: '[리드인] 예약 문자' },
      { scheduledDate: later.toISOString() },
    );
    expect(sent.groupInfo.status).toBe('SCHEDULED');
    expect(sent.groupInfo.scheduledDate).toBeTruthy();
    const group = await sdk().getGroup(sent.groupInfo.groupId);
    expect(group.status).toBe('SCHEDULED');
    const [held] = Object.values((await sdk().getMessages({ groupId: sent.groupInfo.groupId })).messageList);
    expect(held.statusCode).not.toBe('4000');
  });

  it('reads the balance and the statistics', async () => {
    const balance = await sdk().getBalance();
    expect(balance.balance).toBeGreaterThan(0);
    expect(typeof balance.point).toBe('number');
    const statistics = await sdk().getStatistics();
    expect(statistics.total.total).toBeGreaterThanOrEqual(4);
    expect(statistics.total.ata).toBeGreaterThanOrEqual(1);
  });

  it('refuses a wrong key as Solapi does, through the SDK', async () => {
    await expect(new SolapiMessageService(keys.apiKey, 'wrong').getBalance()).rejects.toMatchObject({ errorCode: 'SignatureDoesNotMatch' });
  });
});

describe('our adapter', () => {
  it('looks messages up by their ids in the SDK form (messageIds=…&messageIds=…)', async () => {
    const provider = createSolapiProvider({ provider: 'simulator', ...keys, baseUrl: sim.url });
    const sent = await provider.send([
      { id: 91, attempt: 1, phone: '010-5678-0001', channel: 'SMS', body: '[리드인] 하나', talk: null },
      { id: 92, attempt: 1, phone: '010-5678-0002', channel: 'SMS', body: '[리드인] 둘', talk: null },
    ]);
    if (!sent.ok) throw new Error('not sent');
    const ids = sent.messages.map((m) => m.messageId);
    asked.length = 0;
    const read = await provider.lookup({ messageIds: ids });
    expect(read.ok && read.messages.map((m) => m.outboxId).sort()).toEqual([91, 92]);
    const url = asked.find((u) => u.startsWith('/messages/v4/list'))!;
    expect(url).toContain(`messageIds=${ids[0]}&messageIds=${ids[1]}`);
    expect(url).not.toContain('messageIds%5B0%5D');
  });
});
