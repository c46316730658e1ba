import fs from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POLICY_DOCS } from '~/content/landing';
import { db } from '~/db/client.server';
import { auditEvents, contentVersions } from '~/db/schema';
import { contentDocument, seoulDateTimeInput, type ContentDraft } from '~/domain/content';
import { POLICY_CODES } from '~/domain/enums';
import { setClock } from '~/lib/clock.server';
import * as landingFaq from '~/routes/landing+/faq.$section';
import * as landingPolicy from '~/routes/landing+/policy.$code';
import * as documentPage from '~/routes/super+/content.$slug.$code';
import * as contentList from '~/routes/super+/content._index';
import * as userFaq from '~/routes/user+/faq.$section';
import { findUserByLoginId } from '~/services/accounts.server';
import { faqInEffect } from '~/services/faq.server';
import {
  contentDocumentPage,
  createContentVersion,
  deleteScheduledVersion,
  updateScheduledVersion,
} from '~/services/operators/content.server';
import { parseShippedPolicy, policyInEffect } from '~/services/policies.server';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { replyErrors, replyValues } from '../support/form-reply';

useTestDatabase();

afterEach(() => setClock(undefined));

const ORIGIN = { address: '203.0.113.7', origin: 'http://localhost' };
const DAY = 24 * 60 * 60 * 1000;

async function operator(loginId = 'super') {
  const user = await findUserByLoginId(loginId);
  if (!user) throw new Error(`no account ${loginId}`);
  return { id: user.id, authorities: user.authorities };
}

const policy = (code: string) => contentDocument('policy', code)!;
const faq = (code: string) => contentDocument('faq', code)!;

function draft(fields: Partial<ContentDraft>): ContentDraft {
  return { title: '제목', body: '', entries: [], when: 'now', effectiveAt: '', effectiveShown: '', ...fields };
}

async function latest(kind: 'FAQ' | 'POLICY', code: string) {
  const [row] = await db()
    .select()
    .from(contentVersions)
    .where(and(eq(contentVersions.kind, kind), eq(contentVersions.code, code)))
    .orderBy(desc(contentVersions.version))
    .limit(1);
  return row;
}

async function auditsOf(targetId: number) {
  return db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, 'content'), eq(auditEvents.targetId, targetId)))
    .orderBy(auditEvents.id);
}

const HOSTILE = [
  '## 제1조 (목적)',
  '',
  '안전한 문장입니다.<script>alert("x")</script>',
  '',
  '<img src="https://example.com/a.png" onerror="alert(1)">',
  '',
  '[눌러 보기](javascript:alert(1)) 와 <a href="javascript:alert(2)">링크</a>',
  '',
  '<iframe src="https://evil.example"></iframe><div onclick="alert(3)">클릭</div>',
].join('\n');

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|alert\("x"\)/i);
  expect(html).not.toMatch(/onerror|onclick/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/<iframe/i);
}

describe('shipped policies', () => {
  it('every file gives a title (the document name), an effective day and a body without either', async () => {
    for (const code of POLICY_CODES) {
      const file = parseShippedPolicy(fs.readFileSync(`app/content/policy/${code}.md`, 'utf8'), code);
      expect(file.title).toBe(POLICY_DOCS.find((d) => d.code === code)!.title);
      expect(file.effectiveFrom.toISOString()).toBe('2026-03-03T15:00:00.000Z');
      expect(file.body).not.toMatch(/^# |^시행일:/m);
      expect(file.body.length).toBeGreaterThan(1000);
    }
  });

  it('the seed stores them as version 1; without any version the page shows the file, and the first edit keeps it as version 1', async () => {
    const stored = await latest('POLICY', 'privacy');
    expect(stored).toMatchObject({ version: 1, title: '개인정보 처리방침', createdBy: null });
    expect(stored.effectiveFrom.toISOString()).toBe('2026-03-03T15:00:00.000Z');

    // A database that only ran its migrations has no policy versions.
    await db()
      .delete(contentVersions)
      .where(and(eq(contentVersions.kind, 'POLICY'), eq(contentVersions.code, 'provided')));
    const shown = await policyInEffect('provided');
    expect(shown).toMatchObject({ version: 1, title: '개인정보 제3자 제공 및 처리위탁 안내' });
    expect(shown.html).toContain('<h2>');
    const page = await contentDocumentPage(policy('provided'));
    expect(page.versions).toMatchObject([{ version: 1, shipped: true, state: 'current' }]);
    expect(page.latest).toBe(1);

    const me = await operator();
    const { row } = await createContentVersion(
      me,
      policy('provided'),
      1,
      draft({ title: '개인정보 제3자 제공 및 처리위탁 안내', body: '## 바뀐 조항\n\n새 내용' }),
      ORIGIN,
    );
    expect(row.version).toBe(2);
    const versions = await db().select().from(contentVersions).where(eq(contentVersions.code, 'provided')).orderBy(contentVersions.version);
    expect(versions.map((v) => [v.version, v.createdBy])).toEqual([
      [1, null],
      [2, me.id],
    ]);
    expect(versions[0].body).toBe(parseShippedPolicy(fs.readFileSync('app/content/policy/provided.md', 'utf8'), 'provided').body);
    expect((await policyInEffect('provided')).html).toContain('새 내용');
  });
});

describe('the version in effect', () => {
  it('is the newest whose time has passed: a scheduled policy shows from its time on, on the landing page too', async () => {
    const me = await operator();
    const start = Date.now();
    setClock(() => start);
    const before = await policyInEffect('teenager');
    const base = (await latest('POLICY', 'teenager')).version;
    const tomorrow = new Date(start + DAY);
    const { row } = await createContentVersion(
      me,
      policy('teenager'),
      base,
      draft({ title: '청소년 보호정책', body: '내일부터 시행하는 청소년 보호정책', when: 'at', effectiveAt: seoulDateTimeInput(tomorrow) }),
      ORIGIN,
    );
    expect(row.version).toBe(base + 1);

    const landing = async () => {
      const res = await respond(() =>
        landingPolicy.loader({ request: makeRequest('/landing/policy/teenager'), params: { code: 'teenager' }, context: {} }),
      );
      return (await res.json()) as { version: number; title: string; html: string; effectiveFrom: string };
    };
    expect((await landing()).version).toBe(before.version);
    expect((await landing()).html).not.toContain('내일부터 시행하는');

    // The minute it takes effect (rounded to the minute it was set for), without a restart.
    setClock(() => row.effectiveFrom.getTime());
    const after = await landing();
    expect(after.version).toBe(base + 1);
    expect(after.html).toContain('내일부터 시행하는 청소년 보호정책');
    expect(after.effectiveFrom).toBe(row.effectiveFrom.toISOString());
  });

  it('renders Markdown sanitised: no script, event attribute or javascript: link, in policies and FAQ answers alike', async () => {
    const me = await operator();
    await createContentVersion(
      me,
      policy('responsibility'),
      (await latest('POLICY', 'responsibility')).version,
      draft({ body: HOSTILE }),
      ORIGIN,
    );
    const shown = await policyInEffect('responsibility');
    expectClean(shown.html);
    expect(shown.html).toContain('<h2>제1조 (목적)</h2>');
    expect(shown.html).toContain('안전한 문장입니다.');
    expect(shown.html).toContain('<img src="https://example.com/a.png" />');

    const current = await latest('FAQ', 'agency');
    await createContentVersion(
      me,
      faq('agency'),
      current.version,
      draft({ title: current.title, entries: [...current.entries, { question: '위험한 답변?', answer: HOSTILE }] }),
      ORIGIN,
    );
    const section = await faqInEffect('agency');
    const last = section.items.at(-1)!;
    expect(last.question).toBe('위험한 답변?');
    expectClean(last.answerHtml);
    expect(last.answerHtml).toContain('안전한 문장입니다.');
    // The earlier answers are Markdown too: plain text becomes a paragraph.
    expect(section.items[0].answerHtml).toMatch(/^<p>/);
  });
});

describe('scheduled and effective versions', () => {
  it('a scheduled version is edited or deleted until its time, never after; every change is audited', async () => {
    const me = await operator();
    const admin2 = await operator('admin2');
    const start = Date.now();
    setClock(() => start);
    const base = (await latest('POLICY', 'shopping')).version;
    const inTwoDays = seoulDateTimeInput(new Date(start + 2 * DAY));
    const { row } = await createContentVersion(
      me,
      policy('shopping'),
      base,
      draft({ title: '도서·교재 구매 및 환불 약관', body: '예약 본문', when: 'at', effectiveAt: inTwoDays }),
      ORIGIN,
    );
    const [created] = await auditsOf(row.id);
    expect(created).toMatchObject({
      actorId: me.id,
      action: 'content.create',
      address: '203.0.113.7',
      after: { kind: 'POLICY', code: 'shopping', version: base + 1, title: '도서·교재 구매 및 환불 약관', chars: 5 },
    });

    // Another version cannot be written while one waits.
    await expect(createContentVersion(me, policy('shopping'), base + 1, draft({ body: '또 다른 본문' }), ORIGIN)).rejects.toMatchObject({
      message: '예약된 버전이 있습니다. 새 버전은 예약된 버전을 고치거나 삭제한 뒤에 쓸 수 있습니다.',
    });

    // Edited by another operator before its time.
    const edited = await updateScheduledVersion(
      admin2,
      policy('shopping'),
      base + 1,
      draft({ title: '도서·교재 구매 및 환불 약관', body: '고친 예약 본문', when: 'at', effectiveAt: inTwoDays }),
      ORIGIN,
    );
    expect(edited.changed).toBe(true);
    expect((await latest('POLICY', 'shopping')).body).toBe('고친 예약 본문');
    const [, update] = await auditsOf(row.id);
    expect(update).toMatchObject({ actorId: admin2.id, action: 'content.update', before: { chars: 5 }, after: { chars: 8 } });
    expect((update.before as { sha256: string }).sha256).not.toBe((update.after as { sha256: string }).sha256);

    // Once in effect: neither edited nor deleted.
    setClock(() => start + 3 * DAY);
    await expect(
      updateScheduledVersion(me, policy('shopping'), base + 1, draft({ body: '시행 뒤에 고친 본문' }), ORIGIN),
    ).rejects.toMatchObject({ message: '이미 시행된 버전은 고칠 수 없습니다. 새 버전을 써 주세요.', status: 409 });
    await expect(deleteScheduledVersion(me, policy('shopping'), base + 1, ORIGIN)).rejects.toMatchObject({
      message: '이미 시행된 버전은 삭제할 수 없습니다.',
    });
    expect((await latest('POLICY', 'shopping')).body).toBe('고친 예약 본문');
    expect(await auditsOf(row.id)).toHaveLength(2);

    // A new scheduled version, deleted before its time.
    const next = await createContentVersion(
      me,
      policy('shopping'),
      base + 1,
      draft({ body: '지울 예약 본문', when: 'at', effectiveAt: seoulDateTimeInput(new Date(start + 5 * DAY)) }),
      ORIGIN,
    );
    expect(await deleteScheduledVersion(me, policy('shopping'), base + 2, ORIGIN)).toEqual({ deleted: true });
    expect(await deleteScheduledVersion(me, policy('shopping'), base + 2, ORIGIN)).toEqual({ deleted: false });
    expect((await latest('POLICY', 'shopping')).version).toBe(base + 1);
    expect(await auditsOf(next.row.id)).toMatchObject([
      { action: 'content.create' },
      { action: 'content.delete', before: { version: base + 2 } },
    ]);
  });

  it('refuses a past time, a stale base and half-written pairs with Korean messages; a double submit writes once', async () => {
    const me = await operator();
    const current = await latest('FAQ', 'info');
    const past = seoulDateTimeInput(new Date(Date.now() - 60 * 60 * 1000));
    await expect(
      createContentVersion(
        me,
        faq('info'),
        current.version,
        draft({ title: ' ', entries: [{ question: '질문만', answer: '' }], when: 'at', effectiveAt: past }),
        ORIGIN,
      ),
    ).rejects.toMatchObject({
      errors: {
        title: '제목을 입력해 주세요.',
        entry: { 0: '답변을 입력해 주세요. 이 질문을 지우려면 질문도 비워 주세요.' },
        effectiveAt: "지난 시각으로는 시행할 수 없습니다. 바로 시행하려면 '지금 바로'를 고르세요.",
      },
    });
    await expect(
      createContentVersion(
        me,
        faq('info'),
        current.version,
        draft({ entries: [{ question: '', answer: '  ' }], when: 'at', effectiveAt: '2026-02-30T10:00' }),
        ORIGIN,
      ),
    ).rejects.toMatchObject({
      errors: { entries: '질문과 답변을 한 쌍 이상 입력해 주세요.', effectiveAt: '시행 일시를 올바르게 입력해 주세요.' },
    });
    // A time typed while '지금 바로' is still chosen is not taken as 'now'.
    const nextWeek = seoulDateTimeInput(new Date(Date.now() + 7 * DAY));
    await expect(
      createContentVersion(
        me,
        faq('info'),
        current.version,
        draft({ title: current.title, entries: current.entries, effectiveAt: nextWeek }),
        ORIGIN,
      ),
    ).rejects.toMatchObject({
      errors: {
        effectiveAt: "시행 일시를 적었습니다. 그 일시부터 시행하려면 '정한 일시부터'를 고르고, 바로 시행하려면 시행 일시를 비워 주세요.",
      },
    });

    // Emptying a pair deletes that question; the double submit answers with the version written the first time.
    const entries = [{ question: '', answer: '' }, ...current.entries.slice(1), { question: ' 새 질문 ', answer: '새 답변\r\n둘째 줄' }];
    const posted = draft({ title: current.title, entries });
    const first = await createContentVersion(me, faq('info'), current.version, posted, ORIGIN);
    const again = await createContentVersion(me, faq('info'), current.version, posted, ORIGIN);
    expect(again).toMatchObject({ repeated: true, row: { id: first.row.id } });
    const written = await latest('FAQ', 'info');
    expect(written.version).toBe(current.version + 1);
    expect(written.entries).toEqual([...current.entries.slice(1), { question: '새 질문', answer: '새 답변\n둘째 줄' }]);
    expect(await auditsOf(first.row.id)).toHaveLength(1);

    // Another operator's post on the old base is refused: a newer version was written meanwhile.
    await expect(createContentVersion(await operator('admin2'), faq('info'), current.version, posted, ORIGIN)).rejects.toMatchObject({
      message: '그사이 이 문서의 다른 버전이 저장되었습니다. 버전 목록을 확인하고 다시 써 주세요.',
      status: 409,
    });
  });
});

describe('the console pages', () => {
  it('lists the ten documents for ADMIN1 and ADMIN2 and sends PRODUCT away', async () => {
    const res = await respond(() =>
      contentList.loader({ request: makeRequest('/super/content', { cookie: '' }), params: {}, context: {} }),
    );
    expect(res.status).toBe(302);
    const listed = await respond(async () =>
      contentList.loader({ request: makeRequest('/super/content', { cookie: await sessionCookie('admin2') }), params: {}, context: {} }),
    );
    const { documents } = (await listed.json()) as { documents: { href: string; current: { version: number } | null }[] };
    expect(documents.map((d) => d.href)).toEqual([
      '/super/content/faq/operating',
      '/super/content/faq/agency',
      '/super/content/faq/info',
      ...POLICY_CODES.map((c) => `/super/content/policy/${c}`),
    ]);
    expect(documents.every((d) => d.current !== null)).toBe(true);
    const product = await respond(async () =>
      documentPage.loader({
        request: makeRequest('/super/content/policy/readin', { cookie: await sessionCookie('product') }),
        params: { slug: 'policy', code: 'readin' },
        context: {},
      }),
    );
    expect(product).toHaveRedirect('/super/books');
    const unknown = await respond(async () =>
      documentPage.loader({
        request: makeRequest('/super/content/policy/nope', { cookie: await sessionCookie('super') }),
        params: { slug: 'policy', code: 'nope' },
        context: {},
      }),
    );
    expect(unknown.status).toBe(404);
  });

  it('previews sanitised without saving, keeps what was typed, then saves; the public FAQ pages show it', async () => {
    const cookie = await sessionCookie('super');
    const current = await latest('FAQ', 'operating');
    const post = (form: Record<string, string>) =>
      respond(() =>
        documentPage.action({
          request: makeRequest('/super/content/faq/operating', { cookie, form }),
          params: { slug: 'faq', code: 'operating' },
          context: {},
        }),
      );
    const form: Record<string, string> = { base: String(current.version), title: current.title, when: 'now', effectiveAt: '' };
    current.entries.forEach((e, i) => {
      form[`entries[${i}].question`] = e.question;
      form[`entries[${i}].answer`] = e.answer;
    });
    const n = current.entries.length;
    form[`entries[${n}].question`] = '콘솔에서 쓴 질문';
    form[`entries[${n}].answer`] = '**굵은** 답변 <script>alert(1)</script>';
    form[`entries[${n + 1}].question`] = '';
    form[`entries[${n + 1}].answer`] = '';

    const preview = await post({ ...form, intent: 'preview', role: 'ADMIN1', createdBy: '1' });
    expect(preview.status).toBe(200);
    const { data: shown } = (await preview.json()) as {
      data: {
        values: { entries: { question: string; answer: string }[] };
        preview: { items: { question: string; answerHtml: string }[] };
      };
    };
    expect(shown.values.entries.slice(0, n + 1).at(-1)).toEqual({
      question: '콘솔에서 쓴 질문',
      answer: '**굵은** 답변 <script>alert(1)</script>',
    });
    expect(shown.values.entries).toHaveLength(n + 1 + 3);
    expect(shown.preview.items.at(-1)!.answerHtml.trim()).toBe('<p><strong>굵은</strong> 답변 </p>');
    expect((await latest('FAQ', 'operating')).version).toBe(current.version);

    const saved = await post({ ...form, intent: 'save' });
    expect(saved).toHaveRedirect('/super/content/faq/operating');
    await expect(saved).toHaveFlash({ kind: 'success', message: `새 버전(${current.version + 1})을 저장했습니다. 지금부터 시행합니다.` });
    const row = await latest('FAQ', 'operating');
    expect(row.createdBy).toBe((await operator()).id);
    expect(row.entries).toHaveLength(n + 1);

    const landing = await respond(() =>
      landingFaq.loader({ request: makeRequest('/landing/faq/operating'), params: { section: 'operating' }, context: {} }),
    );
    const items = ((await landing.json()) as { items: { question: string; answerHtml: string }[] }).items;
    expect(items.at(-1)!.question).toBe('콘솔에서 쓴 질문');
    expect(items.at(-1)!.answerHtml.trim()).toBe('<p><strong>굵은</strong> 답변 </p>');
    const user = await respond(async () =>
      userFaq.loader({
        request: makeRequest('/user/faq/operating', { cookie: await sessionCookie('student') }),
        params: { section: 'operating' },
        context: {},
      }),
    );
    expect(((await user.json()) as { items: { question: string }[] }).items.at(-1)!.question).toBe('콘솔에서 쓴 질문');

    // A past time is refused beside its field with what was typed kept.
    const refused = await post({ ...form, base: String(row.version), intent: 'save', when: 'at', effectiveAt: '2020-01-01T09:00' });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(replyErrors(body).effectiveAt).toBe("지난 시각으로는 시행할 수 없습니다. 바로 시행하려면 '지금 바로'를 고르세요.");
    expect(replyValues(body).effectiveAt).toBe('2020-01-01T09:00');
    expect((await latest('FAQ', 'operating')).version).toBe(row.version);
  });
});
