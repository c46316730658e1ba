import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { requireUser } from '~/web/guards.server';
import { done, formAction, z } from '~/web/form-action.server';
import { setLike } from '~/services/library.server';

// Like / unlike a book (spec: like/unlike). Without JavaScript the form posts here and comes back to the page it
// came from; with JavaScript a fetcher posts and stays, and reads `data.liked` of the reply (components/book-card.tsx).

export async function loader() {
  throw redirect('/user/recommend');
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    schema: z.object({
      bookId: z.number().int().positive(),
      intent: z.enum(['like', 'unlike']),
      redirectTo: z.string().optional(),
    }),
    run: async ({ user, request, value: { bookId, intent, redirectTo } }) => {
      const liked = intent === 'like';
      await setLike(user.id, bookId, liked);
      // A fetcher (JavaScript, a `_data` request) gets the reply and stays; a plain form post goes back to its page.
      if (new URL(request.url).searchParams.has('_data')) return done({ liked });
      return redirect(safeRedirectPath(redirectTo, '/user/recommend'));
    },
  });
}
