import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { roleLabel } from '~/domain/roles';
import { CsrfInput } from '~/components/csrf';
import { firstError, getFormProps, getTextareaProps, replyFor, useForm } from '~/components/form-client';
import { FieldError } from '~/components/form-fields';
import { InquiryAnswer, InquiryAttachment, InquiryHead } from '~/components/inquiries';
import { When } from '~/components/notes';
import { InquiryStatus } from '~/domain/enums';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES, OPEN_INQUIRY_STATUSES } from '~/domain/inquiries';
import { formAction, z } from '~/web/form-action.server';
import { idParam, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { answerInquiry, checkInquiry, inquiryForOperator } from '~/services/operators/inquiries.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.inquiry.title ?? '1:1 문의'} | 리드인 운영` }];

// One inquiry for the operators (ADMIN1, ADMIN2), deleted ones too. Opening the page changes nothing (a GET never
// writes): '확인' is a post that moves WAIT → CHECK once; the answer moves it to COMPLETE and tells the asker.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const id = idParam(params.id, INQUIRY_MESSAGES.notFound);
  const { inquiry, asker, organisationName, answererName } = await orRespond(() => inquiryForOperator(id));
  return pageData({
    inquiry: {
      id: inquiry.id,
      category: inquiry.category,
      title: inquiry.title,
      body: inquiry.body,
      fileName: inquiry.fileName,
      fileType: inquiry.fileType,
      status: inquiry.status,
      answer: inquiry.answer,
      createdAt: inquiry.createdAt,
      checkedAt: inquiry.checkedAt,
      answeredAt: inquiry.answeredAt,
      deletedAt: inquiry.deletedAt,
    },
    asker,
    organisationName,
    answererName,
  });
}

/** A refusal of the answer is shown beside it. */
const ANSWER_FIELD_OF = {
  INQUIRY_ANSWER_REQUIRED: 'answer',
  INQUIRY_ANSWER_TOO_LONG: 'answer',
  INQUIRY_ALREADY_ANSWERED: 'answer',
  INQUIRY_DELETED: 'answer',
};

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    ids: ['id'],
    notFound: INQUIRY_MESSAGES.notFound,
    // The page's two forms: 확인 (WAIT → CHECK) and the answer, which the inquiry service checks (its Korean messages).
    // Built here, not when the module loads: in the browser the page-action module (and its z) is empty.
    schema: z.discriminatedUnion('intent', [
      z.object({ intent: z.literal('check') }),
      z.object({ intent: z.literal('answer'), answer: z.string().optional().default('') }),
    ]),
    fields: ANSWER_FIELD_OF,
    run: async ({ user: operator, ids: { id }, request, value }) => {
      const here = `/super/inquiries/${id}`;
      const origin = requestOrigin(request);
      if (value.intent === 'check') {
        const { changed } = await checkInquiry(operator, id, origin);
        return redirectWithFlash(here, changed ? INQUIRY_MESSAGES.checked : INQUIRY_MESSAGES.alreadyChecked, changed ? 'success' : 'info');
      }
      await answerInquiry(operator, id, value.answer, origin);
      return redirectWithFlash(here, INQUIRY_MESSAGES.answered);
    },
  });
}

export default function OperatorInquiry() {
  const { inquiry, asker, organisationName, answererName } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const checkError = firstError(replyFor(reply, 'check'));
  // A post of neither form (a stale or forged page) is refused above the page.
  const otherError = reply && !replyFor(reply, 'check') && !replyFor(reply, 'answer') ? firstError(reply) : null;
  const [answerForm, fields] = useForm({ id: 'answer-form', lastResult: replyFor(reply, 'answer') });
  const open = (OPEN_INQUIRY_STATUSES as number[]).includes(inquiry.status);
  return (
    <section className="stack" aria-labelledby="inquiry-title">
      <p>
        <Link to="/super/inquiries">‹ 1:1 문의 목록</Link>
      </p>
      <InquiryHead category={inquiry.category} status={inquiry.status}>
        #{inquiry.id}
      </InquiryHead>
      <h1 id="inquiry-title" className="page-title">
        {inquiry.title}
      </h1>
      {otherError ? (
        <p className="alert error" role="alert">
          {otherError}
        </p>
      ) : null}
      {inquiry.status === InquiryStatus.DELETE ? (
        <p className="alert warning" role="note">
          문의한 회원이 <When at={inquiry.deletedAt} />에 삭제한 문의입니다. 회원에게는 보이지 않고 기록으로만 남습니다.
        </p>
      ) : null}
      <div className="card">
        <dl className="facts">
          <dt>문의한 회원</dt>
          <dd>
            <Link to={`/super/user/${asker.id}`}>
              {asker.name} ({asker.loginId})
            </Link>{' '}
            · {roleLabel(asker)}
            {organisationName ? ` · ${organisationName}` : ''}
          </dd>
          <dt>문의</dt>
          <dd>
            <When at={inquiry.createdAt} />
          </dd>
          <dt>확인</dt>
          <dd>
            <When at={inquiry.checkedAt} />
          </dd>
          <dt>답변</dt>
          <dd>
            {inquiry.answeredAt ? (
              <>
                <When at={inquiry.answeredAt} /> · {answererName ?? '(계정 없음)'}
              </>
            ) : (
              '-'
            )}
          </dd>
        </dl>
      </div>
      <article className="card stack" aria-label="문의 내용">
        <p className="note-text">{inquiry.body}</p>
        <InquiryAttachment id={inquiry.id} fileName={inquiry.fileName} fileType={inquiry.fileType} />
      </article>

      {inquiry.answer ? <InquiryAnswer heading="등록한 답변" answer={inquiry.answer} answeredAt={null} /> : null}

      {inquiry.status === InquiryStatus.WAIT ? (
        <Form method="post" className="card stack">
          <CsrfInput />
          <input type="hidden" name="intent" value="check" />
          <p>답변을 준비하는 동안 ‘확인’을 누르면 회원에게 ‘확인 중’으로 보입니다.</p>
          {checkError ? (
            <p className="alert error" role="alert">
              {checkError}
            </p>
          ) : null}
          <p>
            <button type="submit" className="secondary" disabled={busy}>
              확인
            </button>
          </p>
        </Form>
      ) : null}

      {open ? (
        <section className="card" aria-labelledby="answer-form-title">
          <h2 id="answer-form-title" className="h3">
            답변하기
          </h2>
          <Form method="post" className="stack" {...getFormProps(answerForm)}>
            <CsrfInput />
            <input type="hidden" name="intent" value="answer" />
            <div className="field">
              <label htmlFor={fields.answer.id}>답변</label>
              <textarea {...getTextareaProps(fields.answer)} rows={8} required maxLength={INQUIRY_LIMITS.answerMax} />
              <FieldError meta={fields.answer} />
              <p className="field-hint">
                등록하면 회원의 메시지함에 알림이 가고, 휴대폰 번호가 있으면 문자로도 알려 드립니다. 등록한 답변은 고칠 수 없습니다.
              </p>
            </div>
            <p>
              <button type="submit" disabled={busy}>
                답변 등록
              </button>
            </p>
          </Form>
        </section>
      ) : null}
    </section>
  );
}
