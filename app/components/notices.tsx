import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useState } from 'react';
import { NoticeBody, NoticeFiles, type FileLink } from '~/components/notice-popups';
import { CsrfInput } from '~/components/csrf';
import {
  firstError,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormReply,
} from '~/components/form-client';
import { FieldError, FormErrors } from '~/components/form-fields';
import { SubmitButton } from '~/components/form-actions';
import { ListPage, type Column } from '~/components/list-page';
import {
  AUDIENCE_AUTHORITIES,
  AUDIENCE_KIND_LABELS,
  MAX_NOTICE_FILES,
  NOTICE_FILE_ACCEPT,
  ORG_KIND_LABELS,
  audienceLabel,
  type NoticeAudience,
  type AudienceKind,
  type NoticeFormValues,
  type NoticePreview,
} from '~/domain/notices';
import { ORGANISATION_KINDS } from '~/domain/enums';
import { AUTHORITY_LABELS } from '~/domain/operators';
import { formatDateTime, formatKoreanDate } from '~/lib/dates';

// Notices on the pages: the lists and the editor with its server-rendered preview. The body, the attachments, the
// newest notices and the popups of the home pages are in notice-popups.tsx.

export type NoticeRow = {
  id: number;
  title: string;
  organisationId: number | null;
  organisationName: string | null;
  authorName: string;
  audience: NoticeAudience;
  popupFrom: string | null;
  popupUntil: string | null;
  publishedAt: string;
  fileCount: number;
};

const popupSpan = (from: string, until: string) =>
  `${formatKoreanDate(from)} ~ ${formatKoreanDate(new Date(new Date(until).getTime() - 1))}`;

/** The columns of a notice list; `staff` adds for whom it is and the popup period. */
function noticeColumns(base: string, staff: boolean, academyNames: Record<string, string>): Column<NoticeRow>[] {
  return [
    {
      header: '제목',
      cell: (n) => (
        <>
          <Link to={`${base}/${n.id}`}>{n.title}</Link>
          {n.fileCount > 0 ? <span className="muted"> · 첨부 {n.fileCount}</span> : null}
        </>
      ),
    },
    staff
      ? { header: '대상', cell: (n) => audienceLabel(n.audience, academyNames, n.organisationId !== null) }
      : { header: '보낸 곳', cell: (n) => n.organisationName ?? '리드인' },
    ...(staff
      ? [{ header: '팝업', cell: (n: NoticeRow) => (n.popupFrom && n.popupUntil ? popupSpan(n.popupFrom, n.popupUntil) : '-') }]
      : []),
    { header: '올린 때', cell: (n) => formatDateTime(n.publishedAt) },
  ];
}

/** One notice's page: title, who and when, the body, the attachments. */
export function NoticeArticle({
  notice,
  staff = false,
}: {
  notice: {
    title: string;
    organisationId: number | null;
    organisationName: string | null;
    authorName: string;
    audience: NoticeAudience;
    academyNames: Record<string, string>;
    popupFrom: string | null;
    popupUntil: string | null;
    publishedAt: string;
    html: string;
    files: FileLink[];
  };
  staff?: boolean;
}) {
  return (
    <article className="card notice-article">
      <h1>{notice.title}</h1>
      <p className="muted notice-meta">
        {notice.organisationName ?? '리드인'} · {formatDateTime(notice.publishedAt)}
        {staff ? (
          <>
            {' '}
            · 작성 {notice.authorName} · 대상 {audienceLabel(notice.audience, notice.academyNames, notice.organisationId !== null)}
            {notice.popupFrom && notice.popupUntil ? ` · 팝업 ${popupSpan(notice.popupFrom, notice.popupUntil)}` : ''}
          </>
        ) : null}
      </p>
      <NoticeBody html={notice.html} />
      <NoticeFiles files={notice.files} />
    </article>
  );
}

const invalid = (meta: FieldMetadata) => (meta.errors ? { 'aria-invalid': true as const, 'aria-describedby': meta.errorId } : {});

const AUDIENCE_HINTS: Partial<Record<AudienceKind, string>> = { ACADEMIES: ' (학원장·선생님·학생)' };

/** One kind of audience: its radio button and the choices it takes (checkboxes). */
function AudienceChoice({
  kind,
  radio,
  choices,
  options,
  empty,
}: {
  kind: AudienceKind;
  radio: FieldMetadata;
  choices: FieldMetadata;
  options: { value: string; label: string }[];
  empty?: string;
}) {
  return (
    <div className="audience-choice">
      <label className="checkbox">
        <input {...radioProps(radio, kind)} />
        {AUDIENCE_KIND_LABELS[kind]}
        {AUDIENCE_HINTS[kind] ?? ''}
      </label>
      <div className={`audience-options${kind === 'ACADEMIES' ? ' academy-options' : ''}`}>
        {options.length ? (
          options.map((o) => (
            <label key={o.value} className="checkbox">
              <input type="checkbox" name={choices.name} value={o.value} defaultChecked={checked(choices, o.value)} />
              {o.label}
            </label>
          ))
        ) : (
          <span className="muted">{empty}</span>
        )}
      </div>
    </div>
  );
}

/** Whether `value` is among a field's values (a repeated field comes back as one value or a list). */
const checked = (meta: FieldMetadata, value: string) =>
  Array.isArray(meta.initialValue) ? meta.initialValue.includes(value) : meta.initialValue === value;

const radioProps = (meta: FieldMetadata, value: string) => ({
  type: 'radio',
  name: meta.name,
  value,
  defaultChecked: checked(meta, value),
});

/**
 * The notice editor: title, Markdown body, '미리보기' (a submit that brings the form back with the body rendered by the
 * server, without JavaScript too), the audience (operators), the popup period and attachments.
 */
export function NoticeForm({
  reply,
  defaults,
  platform,
  academies = [],
  existingFiles = [],
  submitLabel,
}: {
  reply: FormReply<NoticePreview> | undefined;
  defaults: NoticeFormValues;
  platform: boolean;
  academies?: { id: number; name: string }[];
  existingFiles?: FileLink[];
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const [form, fields] = useForm<NoticeFormValues & { audience: string; popup: string; files: string }>({
    id: 'notice',
    lastResult: reply,
    defaultValue: defaults,
  });
  // A post larger than the limit is refused before its fields are read (nothing typed comes back): it is the files'.
  const cutOff = reply && !reply.initialValue ? firstError(reply) : null;
  const files = cutOff ? { ...fields.files, errors: [cutOff] } : fields.files;
  const preview = reply?.data;
  return (
    <Form method="post" encType="multipart/form-data" className="notice-form" {...getFormProps(form)}>
      <CsrfInput />
      <FormErrors errors={cutOff ? undefined : form.errors} id={form.errorId} />
      <div className="field">
        <label htmlFor={fields.title.id}>제목</label>
        <input {...getInputProps(fields.title, { type: 'text' })} maxLength={200} required />
        <FieldError meta={fields.title} />
      </div>
      <div className="field">
        <label htmlFor={fields.body.id}>내용</label>
        <textarea {...getTextareaProps(fields.body, { ariaDescribedBy: 'notice-body-hint' })} rows={12} required />
        <p className="muted field-hint" id="notice-body-hint">
          Markdown으로 씁니다: <code># 제목</code>, <code>**굵게**</code>, <code>- 목록</code>, <code>[링크](https://…)</code>. HTML 태그는
          지워집니다.
        </p>
        <FieldError meta={fields.body} />
      </div>
      {preview ? (
        <section className="notice-preview" aria-labelledby="notice-preview-title">
          <h2 id="notice-preview-title">미리보기</h2>
          <NoticeBody html={preview.preview} />
        </section>
      ) : null}

      {platform ? (
        <fieldset className="field notice-audience" aria-describedby={fields.audience.errors ? fields.audience.errorId : undefined}>
          <legend>공지 대상</legend>
          <FieldError meta={fields.audience} />
          <label className="checkbox">
            <input {...radioProps(fields.audienceKind, 'ALL')} />
            {AUDIENCE_KIND_LABELS.ALL}
          </label>
          <AudienceChoice
            kind="ORG_KINDS"
            radio={fields.audienceKind}
            choices={fields.orgKinds}
            options={ORGANISATION_KINDS.map((k) => ({ value: k, label: ORG_KIND_LABELS[k] }))}
          />
          <AudienceChoice
            kind="ACADEMIES"
            radio={fields.audienceKind}
            choices={fields.academyIds}
            options={academies.map((a) => ({ value: String(a.id), label: a.name }))}
            empty="등록된 학원이 없습니다."
          />
          <AudienceChoice
            kind="AUTHORITIES"
            radio={fields.audienceKind}
            choices={fields.authorities}
            options={AUDIENCE_AUTHORITIES.map((a) => ({ value: a, label: AUTHORITY_LABELS[a] }))}
          />
        </fieldset>
      ) : (
        <p className="muted">이 공지는 우리 학원 학생들에게 보입니다.</p>
      )}

      <fieldset className="field notice-popup-period">
        <legend>팝업 기간 (선택)</legend>
        <p className="muted field-hint" id="notice-popup-hint">
          정한 날짜 동안 대상 회원이 첫 화면을 열면 공지가 팝업으로 뜹니다. 비워 두면 팝업 없이 올립니다.
        </p>
        <div className="inline-fields">
          <label>
            시작일
            <input
              type="date"
              name={fields.popupFromDay.name}
              defaultValue={String(fields.popupFromDay.initialValue ?? '')}
              aria-describedby="notice-popup-hint"
              {...invalid(fields.popup)}
            />
          </label>
          <label>
            종료일
            <input
              type="date"
              name={fields.popupUntilDay.name}
              defaultValue={String(fields.popupUntilDay.initialValue ?? '')}
              {...invalid(fields.popup)}
            />
          </label>
        </div>
        <FieldError meta={fields.popup} />
      </fieldset>

      <fieldset className="field notice-attachments">
        <legend>첨부 파일 (선택)</legend>
        {existingFiles.length ? (
          <ul className="plain-list">
            {existingFiles.map((f) => (
              <li key={f.id}>
                <a href={f.href}>{f.fileName}</a>{' '}
                <label className="checkbox inline">
                  <input type="checkbox" name="removeFile" value={f.id} />
                  삭제
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <label htmlFor={files.id}>파일 추가</label>
        <input
          id={files.id}
          name={files.name}
          type="file"
          multiple
          accept={NOTICE_FILE_ACCEPT}
          aria-describedby="notice-files-hint"
          {...invalid(files)}
        />
        <p className="muted field-hint" id="notice-files-hint">
          PDF, 한글, 워드, 엑셀, 파워포인트, 이미지, 텍스트, ZIP. 공지 하나에 {MAX_NOTICE_FILES}개까지, 한 번에 10MB까지 올릴 수 있습니다.
        </p>
        {preview?.filesNotKept && !scripted ? (
          <p className="alert info">미리보기를 하면 고른 파일이 비워집니다. 저장하기 전에 다시 골라 주세요.</p>
        ) : null}
        <FieldError meta={files} />
      </fieldset>

      <div className="form-actions">
        <button
          type="submit"
          name="intent"
          value="preview"
          className="secondary"
          formEncType="application/x-www-form-urlencoded"
          disabled={busy}
        >
          미리보기
        </button>
        <SubmitButton busy={busy} label={submitLabel} name="intent" value="save" />
      </div>
    </Form>
  );
}

/** The page of the editor (new or edit) in the super and admin areas. */
export function NoticeFormPage({
  heading,
  back,
  ...form
}: Parameters<typeof NoticeForm>[0] & { heading: string; back: { href: string; label: string } }) {
  return (
    <section aria-labelledby="notice-form-title" className="stack">
      <p>
        <Link to={back.href}>‹ {back.label}</Link>
      </p>
      <h1 id="notice-form-title" className="page-title">
        {heading}
      </h1>
      <div className="card">
        <NoticeForm {...form} />
      </div>
    </section>
  );
}

/** A notice list page of any area: heading, the write button for those who write, the table. */
export function NoticeListPage({
  base,
  list,
  staff = false,
  write,
  intro,
}: {
  base: string;
  list: { rows: NoticeRow[]; academyNames: Record<string, string>; total: number; page: number; pages: number };
  staff?: boolean;
  /** The write button, or a sentence saying why there is none. */
  write?: { href: string } | { reason: string } | null;
  intro?: string;
}) {
  return (
    <section aria-labelledby="notices-title" className="stack">
      <div className="page-head">
        <h1 id="notices-title" className="page-title">
          공지사항
        </h1>
        {write && 'href' in write ? (
          <Link to={write.href} className="button">
            공지 쓰기
          </Link>
        ) : null}
      </div>
      {intro ? <p className="muted">{intro}</p> : null}
      {write && 'reason' in write ? <p className="alert warning">{write.reason}</p> : null}
      <ListPage
        base={base}
        list={{ rows: list.rows, page: list.page, pages: list.pages }}
        count={`공지 ${list.total}건`}
        caption="공지사항 목록"
        className="notice-table"
        columns={noticeColumns(base, staff, list.academyNames)}
        empty="아직 공지사항이 없어요."
      />
    </section>
  );
}

/** A notice's page of any area; its editors also get 고치기 and 삭제 (a two-step delete that works without JavaScript). */
export function NoticeView({
  notice,
  base,
  staff = false,
}: {
  notice: Parameters<typeof NoticeArticle>[0]['notice'] & { id: number; canManage: boolean };
  base: string;
  staff?: boolean;
}) {
  return (
    <div className="stack notice-page">
      <p>
        <Link to={base}>‹ 공지사항 목록</Link>
      </p>
      <NoticeArticle notice={notice} staff={staff} />
      {notice.canManage ? (
        <div className="form-actions notice-manage">
          <Link to={`${base}/${notice.id}/edit`} className="button secondary">
            고치기
          </Link>
          <details className="notice-delete">
            <summary>삭제</summary>
            <p>삭제하면 목록과 팝업, 첨부 파일 내려받기에서 모두 사라집니다.</p>
            <Form method="post">
              <CsrfInput />
              <button type="submit" name="intent" value="delete" className="danger">
                삭제하기
              </button>
            </Form>
          </details>
        </div>
      ) : null}
    </div>
  );
}
