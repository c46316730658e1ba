import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { z } from 'zod';
import type { SignedIn } from '~/web/guards.server';
import { INBOX_MESSAGES } from '~/domain/inbox';
import { formAction } from '~/web/form-action.server';
import { notFound, orRespond, pageData, pageParam, positiveInt, redirectWithFlash } from '~/web/http.server';
import { getInboxItem, inboxTarget, listInbox, markAllInboxRead, openInboxItem } from '~/services/inbox.server';
import { requireMember, type MemberArea } from '~/web/forms/member-area.server';

// The inbox pages of the user and admin areas (/user/message, /admin/message). Opening an item is a post (reading
// changes nothing).

const inboxBase = (area: MemberArea) => `${area}/message`;

export async function inboxListData(request: Request, user: SignedIn, area: MemberArea) {
  return pageData({ list: await listInbox(user.id, pageParam(request)), base: inboxBase(area) });
}

/** '모두 읽음' of the list. */
export async function inboxListAction(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireMember(request),
    schema: z.object({ intent: z.literal('read-all') }),
    run: async ({ user: { user, area } }) => {
      const changed = await markAllInboxRead(user.id);
      return redirectWithFlash(inboxBase(area), changed ? INBOX_MESSAGES.allRead : INBOX_MESSAGES.nothingUnread);
    },
  });
}

export function inboxItemId(params: { id?: string }) {
  const id = positiveInt(params.id);
  if (id === null) throw notFound(INBOX_MESSAGES.notFound);
  return id;
}

export async function inboxItemData(user: SignedIn, id: number, area: MemberArea) {
  return pageData({ item: await orRespond(() => getInboxItem(user.id, id)), base: inboxBase(area) });
}

/** 'open' (from the list): marks the item read and goes to its page of the app; 'read' (on the item's page): marks it read. */
export async function inboxItemAction(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireMember(request),
    ids: ['id'],
    notFound: INBOX_MESSAGES.notFound,
    schema: z.object({ intent: z.enum(['open', 'read']) }),
    run: async ({ user: { user, area }, ids: { id }, value: { intent } }) => {
      const base = inboxBase(area);
      const item = await openInboxItem(user.id, id);
      if (intent === 'read') return redirectWithFlash(`${base}/${id}`, INBOX_MESSAGES.read);
      return redirect(inboxTarget(item, base));
    },
  });
}
