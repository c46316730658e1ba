import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireTalkSender } from '~/web/talk-guard.server';
import { orRespond, pageData } from '~/web/http.server';
import { talkStep } from './__new.server';

// The server side of 알림톡 보내기 (new.tsx): its loader, re-exported by the route. The steps (__new-steps.tsx) read
// its type from here, so neither imports the route.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireTalkSender(request);
  return pageData(await orRespond(() => talkStep(user, request)));
}
