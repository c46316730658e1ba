import type { ActionFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { z } from 'zod';
import { requireUser } from '~/web/guards.server';
import { setLike } from '~/services/library.server';

// Like / unlike a book (spec: like/unlike). Without JavaScript the form posts here and comes back to the page it
// came from; with JavaScript a fetcher posts and stays.
const schema = z.object({
  bookId: z.coerce.number().int().positive(),
  intent: z.enum(['like', 'unlike']),
  redirectTo: z.string().optional(),
});

export async function loader() {
  throw redirect('/user/recommend');
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ ok: false }, { status: 400 });
  await setLike(user.id, parsed.data.bookId, parsed.data.intent === 'like');
  const back = safeRedirectPath(parsed.data.redirectTo, '/user/recommend');
  // A fetcher (JavaScript, a `_data` request) gets data back and stays; a plain form post goes back to its page.
  if (new URL(request.url).searchParams.has('_data')) return json({ ok: true, liked: parsed.data.intent === 'like' });
  return redirect(back);
}
