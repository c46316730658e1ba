import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { jinroProfiles, users } from '~/db/schema';
import * as jinroApi from '~/routes/api+/jinro.user';
import * as jinroPage from '~/routes/user+/jinro';
import { makeRequest, respond, sessionCookie } from '../support/auth';
import { useTestDatabase } from '../support/db';

useTestDatabase();

// A GET never writes: the career page and its API compute the profile on the fly until the student asks for a reload.
describe('GET /user/jinro and GET /api/jinro/user', () => {
  it('answer the profile without inserting it; the reload (POST) stores it', async () => {
    const [student] = await db().select().from(users).where(eq(users.loginId, 'student5'));
    await db().delete(jinroProfiles).where(eq(jinroProfiles.userId, student.id));
    const cookie = await sessionCookie('student5');
    const page = await respond(() => jinroPage.loader({ request: makeRequest('/user/jinro', { cookie }), params: {}, context: {} }));
    expect(page.status).toBe(200);
    expect((await page.json()).profile.fields.length).toBeGreaterThan(0);
    const api = await jinroApi.loader({
      request: makeRequest('/api/jinro/user', { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(api.status).toBe(200);
    expect(await db().select().from(jinroProfiles).where(eq(jinroProfiles.userId, student.id))).toHaveLength(0);

    const reload = await respond(() =>
      jinroPage.action({ request: makeRequest('/user/jinro', { cookie, form: {} }), params: {}, context: {} }),
    );
    expect(reload.status).toBe(302);
    expect(await db().select().from(jinroProfiles).where(eq(jinroProfiles.userId, student.id))).toHaveLength(1);
  });
});
