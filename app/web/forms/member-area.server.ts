import { requireUser } from '~/web/guards.server';

// The inbox and inquiry pages are the same pages in the user area (students, adult members) and the admin area
// (academy staff): one route module serves both addresses and takes its area, and so its guard, from its own address.

export type MemberArea = '/user' | '/admin';

/** The signed-in member of the area the request is for (a wrong role is signed out, as every area guard does). */
export async function requireMember(request: Request) {
  const area: MemberArea = new URL(request.url).pathname.startsWith('/admin/') ? '/admin' : '/user';
  const user = await requireUser(request, { role: area === '/admin' ? 'ADMIN' : 'USER' });
  return { user, area };
}
