import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';

/** What the app knows of the signed-in user on every request. */
export type AuthUser = Awaited<ReturnType<typeof findAuthUser>> & {};

export async function findAuthUser(id: number) {
  const [row] = await db()
    .select({
      id: users.id,
      loginId: users.loginId,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      authorities: users.authorities,
      organisationId: users.organisationId,
      status: users.status,
      profileImage: users.profileImage,
      level: users.level,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
