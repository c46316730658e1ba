import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { resultBooks } from '~/db/schema';
import { BookStatus, ReadMethod } from '~/domain/enums';
import * as first from '~/routes/api+/user.activity.bookDayRead.first.$id';
import * as teacherCall from '~/routes/api+/user.book.teacher.$a.$b';
import { submitBeforeReading } from '~/services/reading/before.server';
import { makeRequest } from '../support/auth';
import { useTestDatabase } from '../support/db';
import {
  assignBook,
  bearerFor,
  createAcademy,
  createClass,
  createStaff,
  createStudent,
  type Academy,
  type Member,
} from '../support/factories';

// POST /api/user/book/teacher/{resultBookId}/{readMethod} (docs/decisions/027): a teacher sets the read method of a
// student's book through the academy's service, with its rules.
useTestDatabase();

let academy: Academy;
let teacher: Member;
let student: Member;
beforeAll(async () => {
  academy = await createAcademy();
  teacher = await createStaff(academy);
  student = await createStudent({ academy });
  await createClass(academy, { teachers: [teacher], students: [student] });
});

type Route = { loader: (a: never) => Promise<Response>; action: (a: never) => Promise<Response> };
async function call(route: Route, who: Member, params: Record<string, string>, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Authorization: await bearerFor(who) };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const base = makeRequest('/api/x', { method: init.method ?? 'POST', headers });
  const request = new Request(base, init.body === undefined ? {} : { body: JSON.stringify(init.body) });
  const fn = (request.method === 'GET' ? route.loader : route.action) as (a: unknown) => Promise<Response>;
  const response = await fn({ request, params, context: {} });
  return { status: response.status, json: (await response.json()) as { data?: unknown; code?: string; message?: string } };
}

const readMethodOf = async (id: number) => (await db().select().from(resultBooks).where(eq(resultBooks.id, id)))[0].readMethod;

describe('POST user/book/teacher/{resultBookId}/{readMethod}', () => {
  it('sets the read method of a NONE book; the student can then start reading', async () => {
    const { id } = await assignBook({ student, by: teacher, readMethod: ReadMethod.NONE, status: BookStatus.WAITING });
    await submitBeforeReading(student.id, id, { prediction: '모험 이야기일 것 같아요.', whatIKnow: '바다에 대해 알아요.' });
    const refused = await call(first, student, { id: String(id) }, { body: { startPage: 1 } });
    expect(refused).toEqual({ status: 400, json: { code: 'READ_METHOD_NOT_FOUND', message: '독서활동을 설정해 주세요.' } });

    const set = await call(teacherCall, teacher, { a: String(id), b: String(ReadMethod.CLOCK) });
    expect(set).toEqual({ status: 200, json: { data: { resultBookId: id, readMethod: ReadMethod.CLOCK, readMethodLabel: '시계 읽기' } } });
    expect(await readMethodOf(id)).toBe(ReadMethod.CLOCK);
    const started = await call(first, student, { id: String(id) }, { body: { startPage: 1 } });
    expect(started.status).toBe(200);
  });

  it('follows the academy’s rules: reserved or unknown methods, ended readings, other academies, roles, payment', async () => {
    const { id } = await assignBook({ student, by: teacher, readMethod: ReadMethod.FREE });
    expect(await call(teacherCall, teacher, { a: String(id), b: '8' })).toEqual({
      status: 400,
      json: { code: 'INVALID_READ_METHOD', message: '읽기 방식을 목록에서 골라 주세요.' },
    });
    expect((await call(teacherCall, teacher, { a: String(id), b: 'x' })).json.code).toBe('INVALID_READ_METHOD');
    expect(await call(teacherCall, teacher, { a: String(id), b: '0' })).toMatchObject({ status: 200, json: { data: { readMethod: 0 } } });

    const ended = await assignBook({ student, by: teacher, status: BookStatus.DIAGNOSIS });
    expect(await call(teacherCall, teacher, { a: String(ended.id), b: '1' })).toEqual({
      status: 409,
      json: { code: 'READING_OVER', message: '읽기가 끝난 도서는 읽기 방식을 바꿀 수 없습니다.' },
    });

    const notFound = { status: 404, json: { code: 'BOOK_NOT_FOUND', message: '요청하신 도서를 찾을 수 없습니다.' } };
    const otherTeacher = await createStaff(await createAcademy());
    expect(await call(teacherCall, otherTeacher, { a: String(id), b: '1' })).toEqual(notFound);
    // A teacher of the same academy who does not teach the student's class.
    expect(await call(teacherCall, await createStaff(academy), { a: String(id), b: '1' })).toEqual(notFound);
    expect(await call(teacherCall, teacher, { a: 'abc', b: '1' })).toEqual(notFound);

    expect(await call(teacherCall, student, { a: String(id), b: '1' })).toMatchObject({ status: 403, json: { code: 'AUTHORIZED_ERROR' } });
    expect(await call(teacherCall, teacher, { a: String(id), b: '1' }, { method: 'GET' })).toMatchObject({
      status: 405,
      json: { code: 'METHOD_NOT_ALLOWED' },
    });
    const unpaid = await createStaff(await createAcademy({ paid: false }), 'HEAD');
    expect(await call(teacherCall, unpaid, { a: String(id), b: '1' })).toEqual({
      status: 403,
      json: { code: 'BASIC_PAY_REQUIRED', message: '이번 달 기본 결제를 해 주세요.' },
    });
    expect(await readMethodOf(id)).toBe(ReadMethod.NONE);
  });
});
