import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { messages, users } from '~/db/schema';
import { CODE_REQUESTS_PER_HOUR, startPasswordRecovery } from '~/services/account-recovery.server';
import { useTestDatabase } from '../support/db';

useTestDatabase();

describe('finding a password', () => {
  it('sends a phone at most five codes an hour', async () => {
    for (let i = 0; i < CODE_REQUESTS_PER_HOUR; i++) {
      await startPasswordRecovery('student', 'student10', '서하람');
    }
    await expect(startPasswordRecovery('student', 'student10', '서하람')).rejects.toMatchObject({
      code: 'TOO_MANY_CODE_REQUESTS',
      status: 429,
      message: '인증번호 요청이 너무 많습니다. 1시간 뒤에 다시 시도해 주세요.',
    });
    const [user] = await db().select().from(users).where(eq(users.loginId, 'student10'));
    const sent = await db().select().from(messages).where(eq(messages.recipientUserId, user.id));
    expect(sent).toHaveLength(CODE_REQUESTS_PER_HOUR);
  });
});
