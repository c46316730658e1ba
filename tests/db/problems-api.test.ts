import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { problemAnswers, problemAttempts, problems, problemSets, resultBooks, users } from '~/db/schema';
import { BookStatus } from '~/domain/enums';
import { loader as reportApi } from '~/routes/api+/bookCommon.report.$id';
import { loader as analysisApi } from '~/routes/api+/user.activity.problemAnalysis.$id';
import { loader as infoApi } from '~/routes/api+/user.activity.problemAnalysisInfo.$id';
import { loader as itemApi } from '~/routes/api+/user.activity.problemAnalysisItem.$id';
import { action as resultApi } from '~/routes/api+/user.activity.problemAnalysisResult.$id';
import { action as selfApi } from '~/routes/api+/user.activity.readingBookAnalysis.$a.$b.$c.$d.$e';
import { loader as analysisPage } from '~/routes/user+/activity_.readingBook.analysis.$resultBookId';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';
import { bearerFor, cookieFor, createStudent } from '../support/factories';

useTestDatabase();

async function bearer(loginId: string) {
  const [u] = await db().select().from(users).where(eq(users.loginId, loginId));
  return { id: u.id, auth: await bearerFor(u) };
}

const ctx = (params: Record<string, string>) =>
  ({ params, context: {} }) as { params: Record<string, string>; context: Record<string, never> };

function api(path: string, auth: string, body?: unknown) {
  return new Request(new URL(path, 'http://localhost'), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('problem analysis API', () => {
  it('hides the correct answers until marking, marks once and reports the result', async () => {
    const me = await bearer('student4');
    const [rb] = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, me.id), eq(resultBooks.status, BookStatus.DIAGNOSIS)));
    const res = await analysisApi({ request: api(`/api/user/activity/problemAnalysis/${rb.id}`, me.auth), ...ctx({ id: String(rb.id) }) });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.problems.length).toBe(6);
    for (const p of data.problems) {
      expect(Object.keys(p).sort()).toEqual([
        'answer',
        'category',
        'examMethod',
        'multiple',
        'order',
        'points',
        'problemId',
        'question',
        'saved',
      ]);
      expect(Array.isArray(p.answer)).toBe(true);
    }
    const text = JSON.stringify(data);
    const [set] = await db().select().from(problemSets).where(eq(problemSets.bookId, rb.bookId));
    const list = await db().select().from(problems).where(eq(problems.setId, set.id)).orderBy(asc(problems.order));
    for (const p of list) expect(text).not.toContain(p.explanation);
    expect(text).not.toContain('correctAnswer');

    const item = await itemApi({
      request: api(`/api/user/activity/problemAnalysisItem/${list[0].id}`, me.auth),
      ...ctx({ id: String(list[0].id) }),
    });
    expect((await item.json()).data).toMatchObject({ problemId: list[0].id, examMethod: list[0].examMethod, answer: list[0].options });

    const notYet = await infoApi({
      request: api(`/api/user/activity/problemAnalysisInfo/${rb.id}`, me.auth),
      ...ctx({ id: String(rb.id) }),
    });
    expect(notYet.status).toBe(409);
    expect(await notYet.json()).toEqual({ code: 'PROBLEM_NOT_MARKED', message: '아직 채점하지 않았습니다.' });

    const bad = await resultApi({
      request: api(`/api/user/activity/problemAnalysisResult/${rb.id}`, me.auth, { answers: [{ problemId: list[0].id, answer: '1;2' }] }),
      ...ctx({ id: String(rb.id) }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('INVALID_ANSWER');

    // Multiple choice as reversed positions, short answers as text: all right.
    const answers = list.map((p) => ({
      problemId: p.id,
      answer: p.examMethod === 'm' ? p.correctAnswer.split(',').reverse().join(',') : p.correctAnswer,
    }));
    const post = () =>
      resultApi({ request: api(`/api/user/activity/problemAnalysisResult/${rb.id}`, me.auth, { answers }), ...ctx({ id: String(rb.id) }) });
    const first = await (await post()).json();
    expect(first.data.result).toMatchObject({ score: 100, medal: 'GOLD', correctCount: list.length });
    const second = await (await post()).json();
    expect(second.data.result).toEqual(first.data.result);
    const [moved] = await db().select().from(resultBooks).where(eq(resultBooks.id, rb.id));
    expect(moved.status).toBe(BookStatus.NOTE);
    const attempts = await db().select().from(problemAttempts).where(eq(problemAttempts.resultBookId, rb.id));
    expect(attempts).toHaveLength(1);
    const stored = await db().select().from(problemAnswers).where(eq(problemAnswers.attemptId, attempts[0].id));
    const multi = list.find((p) => p.correctAnswer.includes(','))!;
    expect(stored.find((a) => a.problemId === multi.id)!.answer).toBe(multi.correctAnswer.split(',').reverse().join(','));

    const info = await (
      await infoApi({ request: api(`/api/user/activity/problemAnalysisInfo/${rb.id}`, me.auth), ...ctx({ id: String(rb.id) }) })
    ).json();
    expect(info.data.score).toBe(100);
    expect(info.data.answers[0]).toHaveProperty('correctAnswer');
    expect(info.data.categories).toHaveLength(5);

    // Self-analysis: ratings in the path, the book in the body.
    const self = await selfApi({
      request: api('/api/user/activity/readingBookAnalysis/5/2/4/4/3', me.auth, { resultBookId: rb.id }),
      ...ctx({ a: '5', b: '2', c: '4', d: '4', e: '3' }),
    });
    expect((await self.json()).data).toMatchObject({ interest: 5, difficulty: 2, understanding: 4, usefulness: 4, recommend: 3 });
    const outOfRange = await selfApi({
      request: api(`/api/user/activity/readingBookAnalysis/6/2/4/4/3?resultBookId=${rb.id}`, me.auth, {}),
      ...ctx({ a: '6', b: '2', c: '4', d: '4', e: '3' }),
    });
    expect(outOfRange.status).toBe(400);
    expect((await outOfRange.json()).code).toBe('SELF_ANALYSIS_RANGE');

    const report = await (
      await reportApi({ request: api(`/api/bookCommon/report/${rb.id}`, me.auth), ...ctx({ id: String(rb.id) }) })
    ).json();
    expect(report.data).toMatchObject({
      resultBookId: rb.id,
      status: BookStatus.NOTE,
      result: { score: 100, medal: 'GOLD' },
      selfAnalysis: { interest: 5 },
    });
    // The seeded reading records of the book show in the report.
    expect(report.data.reading.readingMinutes).toBeGreaterThan(0);
    expect(report.data.reading.pagesRead).toBeGreaterThan(0);

    // Another student's book is not found; no token is INVALID_TOKEN.
    const other = await bearerFor(await createStudent());
    const foreign = await reportApi({ request: api(`/api/bookCommon/report/${rb.id}`, other), ...ctx({ id: String(rb.id) }) });
    expect(foreign.status).toBe(404);
    const anonymous = await analysisApi({
      request: new Request(`http://localhost/api/user/activity/problemAnalysis/${rb.id}`),
      ...ctx({ id: String(rb.id) }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("the analysis page never sends correct answers before marking and 404s on another student's book", async () => {
    const cookie = await sessionCookie('student');
    const [me] = await db().select().from(users).where(eq(users.loginId, 'student'));
    const [rb] = await db()
      .select()
      .from(resultBooks)
      .where(and(eq(resultBooks.userId, me.id), eq(resultBooks.status, BookStatus.DIAGNOSIS)));
    const res = await respond(() =>
      analysisPage({
        request: makeRequest(`/user/activity/readingBook/analysis/${rb.id}`, { cookie }),
        ...ctx({ resultBookId: String(rb.id) }),
      }),
    );
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body).not.toContain('correctAnswer');
    const other = await cookieFor(await createStudent());
    const foreign = await respond(() =>
      analysisPage({
        request: makeRequest(`/user/activity/readingBook/analysis/${rb.id}`, { cookie: other }),
        ...ctx({ resultBookId: String(rb.id) }),
      }),
    );
    expect(foreign.status).toBe(404);
  });
});
