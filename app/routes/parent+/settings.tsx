import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { formAction, z } from '~/web/form-action.server';
import { requireParent } from '~/web/guards.server';
import { pageData, redirectWithFlash } from '~/web/http.server';
import { PARENT_MESSAGES, parentSettings, setParentTalk } from '~/services/parents/links.server';

export const meta: MetaFunction = () => [{ title: '알림 설정 | 리드인' }];

// The parent's 알림톡: on or off with one button (a plain post: works without JavaScript). Kakao's rule: a 알림톡 is
// information the recipient asked for, never advertising; a parent who does not want them turns them off here.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  return pageData(await parentSettings(user.id));
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireParent(request),
    schema: z.object({ talk: z.enum(['on', 'off']) }),
    run: async ({ user, value }) => {
      await setParentTalk(user.id, value.talk === 'on');
      return redirectWithFlash('/parent/settings', value.talk === 'on' ? PARENT_MESSAGES.optedIn : PARENT_MESSAGES.optedOut);
    },
  });
}

export default function ParentSettings() {
  const { talkOn, phone } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>알림 설정</h1>
      <section className="card" aria-labelledby="talk-title">
        <h2 id="talk-title">알림톡</h2>
        <p>
          {phone ? `${phone} 번호로 ` : ''}월간 리포트 발행, 선생님의 독서 노트 확인, 완독, 7일 동안 독서 기록이 없을 때 알림톡을 보내
          드립니다. 광고는 보내지 않습니다.
        </p>
        <p data-testid="talk-state">
          지금 상태: <strong>{talkOn ? '받음' : '받지 않음'}</strong>
        </p>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="talk" value={talkOn ? 'off' : 'on'} />
          <button type="submit" className={talkOn ? 'secondary' : undefined}>
            {talkOn ? '알림톡 받지 않기' : '알림톡 다시 받기'}
          </button>
        </Form>
      </section>
    </div>
  );
}
