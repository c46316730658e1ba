import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { InboxItemPage } from '~/components/inbox';
import { inboxItemAction, inboxItemData, inboxItemId } from '~/web/forms/inbox.server';
import { requireMember } from '~/web/forms/member-area.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.item.title ?? '메시지'} | 리드인` }];

// One message of the inbox (also /admin/message/{id}). Reading the page changes nothing; opening (a post) marks it
// read and goes to its page of the app.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, area } = await requireMember(request);
  return inboxItemData(user, inboxItemId(params), area);
}

export async function action(args: ActionFunctionArgs) {
  return inboxItemAction(args);
}

export default function InboxMessage() {
  const { item, base } = useLoaderData<typeof loader>();
  return <InboxItemPage item={item} base={base} />;
}
