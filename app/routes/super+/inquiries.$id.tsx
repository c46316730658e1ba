import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { roleLabel } from '~/components/app-shell';
import { CsrfInput } from '~/components/csrf';
import { InquiryAnswer, InquiryAttachment, InquiryHead } from '~/components/inquiries';
import { When } from '~/components/notes';
import { InquiryStatus } from '~/domain/enums';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES, OPEN_INQUIRY_STATUSES } from '~/domain/inquiries';
import { isDomainError } from '~/lib/errors';
import { idParam, notFound, orRespond, pageData, redirectWithFlash } from '~/web/http.server';
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

type Failure = { intent: string; error: string; answer?: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireSuper(request);
  const id = idParam(params.id, INQUIRY_MESSAGES.notFound);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const here = `/super/inquiries/${id}`;
  const origin = { address: clientIp(request) };
  try {
    if (intent === 'check') {
      const { changed } = await checkInquiry(operator, id, origin);
      return redirectWithFlash(here, changed ? INQUIRY_MESSAGES.checked : INQUIRY_MESSAGES.alreadyChecked, changed ? 'success' : 'info');
    }
    if (intent === 'answer') {
      const answer = String(form.get('answer') ?? '');
      await answerInquiry(operator, id, answer, origin);
      return redirectWithFlash(here, INQUIRY_MESSAGES.answered);
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.status === 404) throw notFound(error.message);
    return json<Failure>({ intent, error: error.message, answer: String(form.get('answer') ?? '') }, { status: error.status });
  }
  throw notFound();
}

export default function OperatorInquiry() {
  const { inquiry, asker, organisationName, answererName } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const busy = useNavigation().state === 'submitting';
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
          {failed?.intent === 'check' ? (
            <p className="alert error" role="alert">
              {failed.error}
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
          <Form method="post" className="stack">
            <CsrfInput />
            <input type="hidden" name="intent" value="answer" />
            <div className="field">
              <label htmlFor="answer">답변</label>
              <textarea
                id="answer"
                name="answer"
                rows={8}
                required
                maxLength={INQUIRY_LIMITS.answerMax}
                defaultValue={failed?.intent === 'answer' ? failed.answer : ''}
                aria-invalid={failed?.intent === 'answer' ? true : undefined}
                aria-describedby={failed?.intent === 'answer' ? 'answer-error' : undefined}
              />
              {failed?.intent === 'answer' ? (
                <p className="field-error" id="answer-error">
                  {failed.error}
                </p>
              ) : null}
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
