import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireTalkSender } from '~/web/talk-guard.server';
import { WizardPage } from '~/components/wizard';
import { TALK_MESSAGES } from '~/domain/talk';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { sendTalk } from '~/services/talk/sends.server';
import { sendInput, talkSendSchema } from './__new.server';
import { PreviewStep, RecipientsStep, TALK_STEP_LABELS, TemplateStep } from './__new-steps';
import type { loader } from './__new-page.server';

export { loader } from './__new-page.server';

export const meta: MetaFunction = () => [{ title: '알림톡 보내기 | 리드인' }];

// Composing a 알림톡 from an approved template, in three steps that carry the choice in the URL (GET forms and hidden
// fields: app/web/wizard.server.ts, app/components/wizard.tsx), so every step works without JavaScript: 1 the
// template (operators also choose the academy), 2 the recipients (a class or chosen students; students, parents or
// both) and the values of the template's other variables, 3 the preview with the variables filled for the first
// recipient and the one send post. The send's key is made when the preview is shown: posting that page twice sends
// once.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireTalkSender(request),
    schema: talkSendSchema,
    run: async ({ user, value }) => {
      const result = await sendTalk(user, sendInput(value), value.key);
      return redirectWithFlash(
        `/talk/${result.sendId}`,
        result.created ? TALK_MESSAGES.sent(result.count) : TALK_MESSAGES.alreadySent,
        result.created ? 'success' : 'info',
      );
    },
  });
}

export default function TalkCompose() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <WizardPage
      id="compose-title"
      title="알림톡 보내기"
      lead="승인된 템플릿을 반 전체나 고른 학생, 또는 그 학부모에게 보냅니다."
      steps={TALK_STEP_LABELS}
      current={data.step}
      stepsLabel="보내기 단계"
      error={data.error}
    >
      {data.step === 'template' ? <TemplateStep data={data} /> : null}
      {data.step === 'recipients' ? <RecipientsStep data={data} /> : null}
      {data.step === 'preview' ? <PreviewStep data={data} lastResult={lastResult} /> : null}
    </WizardPage>
  );
}
