import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { InboxList } from '~/components/inbox';
import { inboxListAction, inboxListData } from '~/web/forms/inbox.server';
import { requireMember } from '~/web/forms/member-area.server';

export const meta: MetaFunction = () => [{ title: '메시지 | 리드인' }];

// The inbox (spec user/message): what this member received, newest first, with unread marks. The admin area's
// /admin/message is this module too.
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, area } = await requireMember(request);
  return inboxListData(request, user, area);
}

export async function action(args: ActionFunctionArgs) {
  return inboxListAction(args);
}

export default function Inbox() {
  const { list, base } = useLoaderData<typeof loader>();
  return <InboxList list={list} base={base} />;
}
