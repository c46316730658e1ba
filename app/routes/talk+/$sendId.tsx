import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireTalkSender } from '~/web/talk-guard.server';
import { CsrfInput } from '~/components/csrf';
import { getFormProps, useForm } from '~/components/form-client';
import { FormErrors } from '~/components/form-fields';
import { TalkStateCounts } from '~/components/talk-state-counts';
import { SendState } from '~/domain/enums';
import { RECIPIENT_ROLE_LABELS, SEND_STATE_LABELS, TALK_MESSAGES } from '~/domain/talk';
import { formatDateTime } from '~/lib/dates';
import { formAction, z } from '~/web/form-action.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { isOperator } from '~/services/talk/sends.server';
import { getSend, retryFailed } from '~/services/talk/send-history.server';
import { FactList } from '~/components/fact-list';
import { ListTable, type Column } from '~/components/list-page';

export const meta: MetaFunction = () => [{ title: '알림톡 발송 결과 | 리드인' }];

// One send: its recipients with the state of each message and, for a failure, the reason; '실패한 메시지 다시 보내기'
// queues the failed ones again (not those whose number itself failed: a wrong number, opt-out, not on KakaoTalk).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireTalkSender(request);
  const id = idParam(params.sendId, TALK_MESSAGES.sendNotFound);
  const detail = await orRespond(() => getSend(user, id));
  return pageData({
    operator: isOperator(user),
    send: { ...detail.send, createdAt: formatDateTime(detail.send.createdAt) },
    counts: detail.counts,
    retryable: detail.retryable,
    failed: detail.failed,
    recipients: detail.recipients.map((r) => ({
      ...r,
      sentAt: r.sentAt ? formatDateTime(r.sentAt) : null,
      nextAttemptAt: r.sendState === SendState.WAITING && r.attempts > 0 ? formatDateTime(r.nextAttemptAt) : null,
    })),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireTalkSender(request),
    ids: ['sendId'],
    notFound: TALK_MESSAGES.sendNotFound,
    schema: z.object({}),
    run: async ({ user, ids: { sendId } }) => {
      const count = await retryFailed(user, sendId);
      return redirectWithFlash(`/talk/${sendId}`, TALK_MESSAGES.retried(count));
    },
  });
}

type Recipient = ReturnType<typeof useLoaderData<typeof loader>>['recipients'][number];

const RECIPIENT_COLUMNS: Column<Recipient>[] = [
  { header: '학생', rowHeader: true, cell: (r) => r.studentName ?? '-' },
  { header: '받는 사람', cell: (r) => (r.role ? RECIPIENT_ROLE_LABELS[r.role] : '-') },
  { header: '번호', cell: (r) => r.phone },
  {
    header: '상태',
    cell: (r) => (
      <>
        <span className={`badge talk-state-${r.sendState}`}>{SEND_STATE_LABELS[r.sendState]}</span>
        {r.replacedBySms ? <span className="muted"> (문자로 대체)</span> : null}
      </>
    ),
  },
  {
    header: '사유',
    cell: (r) => (
      <>
        {r.lastError ?? '-'}
        {r.nextAttemptAt ? <span className="muted"> · 다음 시도 {r.nextAttemptAt}</span> : null}
      </>
    ),
  },
  { header: '시도', cell: (r) => r.attempts },
  { header: '발송 시각', cell: (r) => r.sentAt ?? '-' },
];

export default function TalkSend() {
  const { send, counts, recipients, retryable, failed, operator } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form] = useForm({ id: 'retry', lastResult });
  return (
    <section className="stack" aria-labelledby="send-title">
      <header className="page-title">
        <h1 id="send-title">알림톡 발송 결과</h1>
        <p>
          <Link to="/talk">발송 내역으로</Link>
        </p>
      </header>
      <FactList
        facts={[
          ['보낸 시각', send.createdAt],
          ['템플릿', send.templateName],
          ['받는 사람', `${send.audience} (${send.recipientCount}건)`],
          operator && ['학원', send.academyName ?? '-'],
          ['보낸 사람', send.senderName],
          ['상태', <TalkStateCounts counts={counts} />],
        ]}
      />
      <p className="muted">
        대기·발송 중인 메시지는 발송사의 결과가 오면 바뀝니다. 새로 고치면 최신 상태를 볼 수 있습니다.{' '}
        <Link to={`/talk/${send.id}`}>새로 고침</Link>
      </p>
      <FormErrors errors={form.errors} id={form.errorId} />
      {failed ? (
        <Form method="post" className="card talk-retry" {...getFormProps(form)}>
          <CsrfInput />
          <p>
            실패한 메시지 {failed}건 중 다시 보낼 수 있는 메시지는 {retryable}건입니다.
            {failed > retryable
              ? ' 번호 오류·수신 거부·카카오톡 미사용처럼 번호 때문에 실패한 메시지는 번호를 고친 뒤 새로 보내 주세요.'
              : ''}
          </p>
          {retryable ? (
            <button type="submit" disabled={busy}>
              실패한 메시지 다시 보내기
            </button>
          ) : null}
        </Form>
      ) : null}
      <ListTable
        caption="받는 사람별 결과"
        showCaption
        className="talk-recipients"
        columns={RECIPIENT_COLUMNS}
        rows={recipients}
        rowKey={(r) => r.id}
        empty="받는 사람이 없습니다."
      />
    </section>
  );
}
