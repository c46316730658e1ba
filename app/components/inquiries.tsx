import {
  firstError,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FormReply,
} from '~/components/form-client';
import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { ReactNode } from 'react';
import { LANDING_FAQ_SECTIONS } from '~/content/landing';
import { CsrfInput } from '~/components/csrf';
import { FormErrors } from '~/components/form-fields';
import { ConfirmDialog } from '~/components/dialogs';
import { When } from '~/components/notes';
import { ListPage, type Column } from '~/components/list-page';
import { InquiryStatus } from '~/domain/enums';
import {
  INQUIRY_CATEGORIES,
  INQUIRY_CONSTRAINTS,
  INQUIRY_LIMITS,
  INQUIRY_STATUS_TONES,
  inquiryCategoryLabel,
  inquiryStatusLabel,
} from '~/domain/inquiries';
import { Options } from '~/components/filter-select';

// 1:1 inquiry pages (1:1 문의): the asker's list, form and page in the user and admin areas, and the parts the
// operators' pages share (status badge, attachment).

export function InquiryStatusBadge({ status }: { status: number }) {
  return (
    <span className={`badge inquiry-status ${INQUIRY_STATUS_TONES[status as InquiryStatus] ?? ''}`}>{inquiryStatusLabel(status)}</span>
  );
}

/** The attachment: an image is shown (re-encoded on upload), a PDF is a download link. */
export function InquiryAttachment({ id, fileName, fileType }: { id: number; fileName: string | null; fileType: string | null }) {
  if (!fileName) return null;
  const href = `/resources/inquiry-file/${id}`;
  return (
    <div className="inquiry-file">
      <p>
        첨부 파일:{' '}
        <a href={href} download={fileName}>
          {fileName}
        </a>
      </p>
      {fileType?.startsWith('image/') ? <img src={href} alt={`첨부 이미지: ${fileName}`} loading="lazy" /> : null}
    </div>
  );
}

/** The badges above an inquiry: its category, its status, and when it was asked (or its number for operators). */
export function InquiryHead({ category, status, children }: { category: string; status: number; children: ReactNode }) {
  return (
    <div className="inbox-item-head">
      <span className="badge neutral">{inquiryCategoryLabel(category)}</span>
      <InquiryStatusBadge status={status} />
      <span className="muted">{children}</span>
    </div>
  );
}

/** The answer as the asker and the operators read it. */
export function InquiryAnswer({ heading, answer, answeredAt }: { heading: string; answer: string; answeredAt: string | null }) {
  return (
    <section className="card inquiry-answer" aria-labelledby="answer-title">
      <h2 id="answer-title" className="h3">
        {heading}
      </h2>
      {answeredAt ? (
        <p className="muted">
          <When at={answeredAt} />
        </p>
      ) : null}
      <p className="note-text">{answer}</p>
    </section>
  );
}

/** An inquiry's title in a list, opening its page, with a mark when it carries a file. */
export function InquiryTitleLink({ to, title, hasFile }: { to: string; title: string; hasFile: boolean }) {
  return (
    <>
      <Link to={to}>{title}</Link>
      {hasFile ? <span className="muted"> (첨부)</span> : null}
    </>
  );
}

export type MyInquiryRow = {
  id: number;
  category: string;
  title: string;
  status: number;
  hasFile: boolean;
  createdAt: string;
  answeredAt: string | null;
};

const inquiryColumns = (base: string): Column<MyInquiryRow>[] => [
  { header: '분류', cell: (r) => inquiryCategoryLabel(r.category) },
  { header: '제목', cell: (r) => <InquiryTitleLink to={`${base}/${r.id}`} title={r.title} hasFile={r.hasFile} /> },
  { header: '상태', cell: (r) => <InquiryStatusBadge status={r.status} /> },
  { header: '문의일', cell: (r) => <When at={r.createdAt} withTime={false} /> },
  { header: '답변일', cell: (r) => (r.answeredAt ? <When at={r.answeredAt} withTime={false} /> : '-') },
];

export function InquiryList({ list, base }: { list: { rows: MyInquiryRow[]; total: number; page: number; pages: number }; base: string }) {
  return (
    <div className="page stack">
      <header className="page-head">
        <div>
          <h1 className="page-title">1:1 문의</h1>
          <p className="muted">궁금한 점이나 불편한 점을 남겨 주시면 운영팀이 확인하고 답변해 드립니다.</p>
        </div>
        <Link to={`${base}/new`} className="button">
          문의하기
        </Link>
      </header>
      <ListPage
        base={base}
        list={{ rows: list.rows, page: list.page, pages: list.pages }}
        caption={`내 문의 목록 (${list.total}건)`}
        columns={inquiryColumns(base)}
        empty="아직 남긴 문의가 없습니다. 궁금한 점이 있으면 ‘문의하기’를 눌러 남겨 주세요."
      />
    </div>
  );
}

/** The inquiry form: category, title, text, one optional file; the FAQ of the area beside it. */
export function InquiryForm({ area, lastResult }: { area: string; lastResult: FormReply | undefined }) {
  const base = `${area}/inquiry`;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'inquiry',
    lastResult: navigation.state === 'idle' ? lastResult : null,
    // Native constraints only (docs/decisions/011): the server's zod reply is the one validation.
    constraint: INQUIRY_CONSTRAINTS,
  });
  // A body larger than the limit is refused before any field is read (nothing typed comes back): it is the file's.
  const cutOff = lastResult && !lastResult.initialValue ? firstError(lastResult) : null;
  const fileError = fields.file.errors ?? (cutOff ? [cutOff] : undefined);
  const formErrors = cutOff ? undefined : form.errors;
  return (
    <div className="page stack">
      <p>
        <Link to={base}>‹ 1:1 문의</Link>
      </p>
      <h1 className="page-title">문의하기</h1>
      <aside className="card inquiry-faq" aria-labelledby="faq-title">
        <h2 id="faq-title" className="h3">
          먼저 자주 묻는 질문을 확인해 보세요
        </h2>
        <ul>
          {LANDING_FAQ_SECTIONS.map((s) => (
            <li key={s.code}>
              <Link to={`${area}/faq/${s.code}`}>{s.title}</Link>
            </li>
          ))}
        </ul>
      </aside>
      <section className="card">
        <FormErrors errors={formErrors} id={form.errorId} />
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
          <CsrfInput />
          <div className="field">
            <label htmlFor={fields.category.id}>분류</label>
            <select {...getSelectProps(fields.category)}>
              <option value="">골라 주세요</option>
              <Options options={Object.entries(INQUIRY_CATEGORIES).map(([code, label]) => [code, label] as const)} />
            </select>
            <FieldError errors={fields.category.errors} id={fields.category.errorId} />
          </div>
          <div className="field">
            <label htmlFor={fields.title.id}>제목</label>
            <input {...getInputProps(fields.title, { type: 'text' })} />
            <FieldError errors={fields.title.errors} id={fields.title.errorId} />
          </div>
          <div className="field">
            <label htmlFor={fields.body.id}>내용</label>
            <textarea
              {...getTextareaProps(fields.body, { ariaDescribedBy: 'inquiry-body-hint' })}
              rows={10}
              placeholder="언제, 어느 화면에서, 어떤 일이 있었는지 적어 주시면 빨리 도와드릴 수 있어요."
            />
            <p className="field-hint" id="inquiry-body-hint">
              {INQUIRY_LIMITS.bodyMin}자 이상, {INQUIRY_LIMITS.bodyMax.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.
            </p>
            <FieldError errors={fields.body.errors} id={fields.body.errorId} />
          </div>
          <div className="field">
            <label htmlFor="inquiry-file">첨부 파일 (선택)</label>
            <input
              id="inquiry-file"
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
              aria-describedby="inquiry-file-hint"
              aria-invalid={fileError ? true : undefined}
            />
            <p className="field-hint" id="inquiry-file-hint">
              이미지(JPG, PNG, WEBP, GIF) 또는 PDF 1개 · 10MB 이하. 사진은 위치 정보 등을 지우고 다시 저장합니다.
            </p>
            <FieldError errors={fileError} />
          </div>
          <div className="form-actions">
            <button type="submit" disabled={navigation.state === 'submitting'}>
              문의 보내기
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function FieldError({ errors, id }: { errors?: string[]; id?: string }) {
  return errors?.length ? (
    <p className="field-error" id={id}>
      {errors[0]}
    </p>
  ) : null;
}

export type MyInquiry = {
  id: number;
  category: string;
  title: string;
  body: string;
  fileName: string | null;
  fileType: string | null;
  status: number;
  answer: string | null;
  createdAt: string;
  checkedAt: string | null;
  answeredAt: string | null;
};

/** The asker's page: the question, its status, the answer, and delete (a confirm step that works without JavaScript). */
export function MyInquiryPage({ inquiry, base, confirmDelete }: { inquiry: MyInquiry; base: string; confirmDelete: boolean }) {
  const here = `${base}/${inquiry.id}`;
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="page stack">
      <p>
        <Link to={base}>‹ 1:1 문의</Link>
      </p>
      {confirmDelete ? (
        <ConfirmDialog
          title="문의 삭제"
          icon="warning"
          message={<p>‘{inquiry.title}’ 문의를 삭제할까요? 삭제한 문의는 목록에서 사라지고 다시 볼 수 없습니다.</p>}
          close={{ label: '취소', href: here }}
          confirm={{
            form: (
              <Form method="post" action={here}>
                <CsrfInput />
                <input type="hidden" name="intent" value="delete" />
                <button type="submit" className="button danger" disabled={busy}>
                  삭제
                </button>
              </Form>
            ),
          }}
        />
      ) : null}
      <article className="card stack" aria-labelledby="inquiry-title">
        <InquiryHead category={inquiry.category} status={inquiry.status}>
          <When at={inquiry.createdAt} />
        </InquiryHead>
        <h1 id="inquiry-title" className="h3">
          {inquiry.title}
        </h1>
        <p className="note-text">{inquiry.body}</p>
        <InquiryAttachment id={inquiry.id} fileName={inquiry.fileName} fileType={inquiry.fileType} />
      </article>
      {inquiry.answer ? (
        <InquiryAnswer heading="운영팀 답변" answer={inquiry.answer} answeredAt={inquiry.answeredAt} />
      ) : (
        <p className="card muted">
          {inquiry.status === InquiryStatus.CHECK
            ? '운영팀이 문의를 확인하고 답변을 준비하고 있습니다.'
            : '아직 답변 전입니다. 답변이 등록되면 메시지로 알려 드릴게요.'}
        </p>
      )}
      <p>
        <Link to={`${here}?delete=1`} className="button secondary small">
          문의 삭제
        </Link>
      </p>
    </div>
  );
}
