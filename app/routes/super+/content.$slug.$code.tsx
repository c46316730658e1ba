import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { CONTENT_MESSAGES, seoulDateTimeInput } from '~/domain/content';
import { formatDateTime } from '~/lib/dates';
import { now } from '~/lib/clock.server';
import { done, formAction } from '~/web/form-action.server';
import { notFound, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import {
  contentDocumentPage,
  contentVersionText,
  createContentVersion,
  deleteScheduledVersion,
  renderDraft,
  updateScheduledVersion,
} from '~/services/operators/content.server';
import { contentSchema, documentOf, draftOf, formValues } from './__content-document.server';
import { ContentForm, VersionsTable, type PreviewReply } from './__content-document';
import { ContentPreview } from './__content-fields';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.doc.name ?? '문서'} | FAQ·약관 | 리드인 운영` }];

// One FAQ section or policy (ADMIN1, ADMIN2): its versions, the text of one of them (?v=), and the form that writes a
// new version (or edits the one waiting for its time). '미리보기' posts the form and shows it again with the text as
// the public page will render it, sanitised on the server: it works without JavaScript and keeps everything typed.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const doc = documentOf(params);
  const page = await contentDocumentPage(doc);
  const viewing = positiveInt(new URL(request.url).searchParams.get('v'));
  const view = viewing ? await contentVersionText(doc, viewing) : null;
  if (viewing && !view) throw notFound(CONTENT_MESSAGES.versionNotFound);
  const editing = page.scheduled;
  const source = editing?.content ?? page.current?.content ?? { title: doc.name, body: '', entries: [] };
  return pageData({
    doc,
    versions: page.versions.map((v) => ({
      version: v.version,
      title: v.title,
      from: formatDateTime(v.effectiveFrom),
      author: v.shipped ? '배포된 파일' : (v.author ?? '-'),
      writtenAt: v.createdAt ? formatDateTime(v.createdAt) : '-',
      state: v.state,
    })),
    form: {
      editing: editing?.version ?? null,
      base: page.latest,
      values: formValues({
        title: source.title,
        body: source.body,
        entries: source.entries,
        when: editing ? 'at' : 'now',
        effectiveAt: editing ? seoulDateTimeInput(editing.effectiveFrom) : '',
        effectiveShown: editing ? seoulDateTimeInput(editing.effectiveFrom) : '',
      }),
    },
    minEffective: seoulDateTimeInput(now()),
    view: view ? { ...view, effectiveFrom: view.effectiveFrom.toISOString() } : null,
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    schema: ({ params }) => contentSchema(documentOf(params)),
    run: async ({ user, request, params, value }) => {
      const doc = documentOf(params);
      const origin = requestOrigin(request);
      const here = `/super/content/${doc.slug}/${doc.code}`;
      const from = (at: Date) => (at <= now() ? '지금부터 시행합니다.' : `${formatDateTime(at)}부터 시행합니다.`);
      if (value.intent === 'delete') {
        if (!value.editing) throw notFound(CONTENT_MESSAGES.versionNotFound);
        const { deleted } = await deleteScheduledVersion(user, doc, value.editing, origin);
        return deleted
          ? redirectWithFlash(here, `예약된 버전(${value.editing})을 삭제했습니다.`)
          : redirectWithFlash(here, '이미 삭제된 버전입니다.', 'info');
      }
      const draft = draftOf(value);
      if (value.intent === 'preview') {
        return done({ values: formValues(draft), preview: { title: draft.title.trim(), ...renderDraft(doc, draft) } });
      }
      if (value.editing) {
        const { row, changed } = await updateScheduledVersion(user, doc, value.editing, draft, origin);
        return changed
          ? redirectWithFlash(here, `예약된 버전(${row.version})을 고쳤습니다. ${from(row.effectiveFrom)}`)
          : redirectWithFlash(here, '바뀐 내용이 없습니다.', 'info');
      }
      const { row } = await createContentVersion(user, doc, value.base, draft, origin);
      return redirectWithFlash(here, `새 버전(${row.version})을 저장했습니다. ${from(row.effectiveFrom)}`);
    },
  });
}

export default function ContentDocumentPage() {
  const { doc, versions, form, minEffective, view } = useLoaderData<typeof loader>();
  const reply: PreviewReply | undefined = useActionData<typeof action>();
  const here = `/super/content/${doc.slug}/${doc.code}`;
  return (
    <section aria-labelledby="doc-title" className="stack content-document">
      <p>
        <Link to="/super/content">‹ FAQ·약관</Link>
      </p>
      <h1 id="doc-title" className="page-title">
        {doc.name}
      </h1>
      <p className="muted">
        공개 화면: {doc.kind === 'FAQ' ? '자주 묻는 질문' : '약관 및 정책'} ({`/landing/${doc.slug}/${doc.code}`},{' '}
        {`/user/${doc.slug}/${doc.code}`}). 시각은 한국 시간입니다.
      </p>
      <VersionsTable here={here} versions={versions} />
      {view ? (
        <section className="card stack" aria-labelledby="view-title">
          <h2 id="view-title">
            버전 {view.version} 내용 <span className="muted">({formatDateTime(view.effectiveFrom)}부터)</span>
          </h2>
          <ContentPreview kind={doc.kind} title={view.title} html={view.html} items={view.items} level={3} />
          <p>
            <Link to={here}>내용 닫기</Link>
          </p>
        </section>
      ) : null}
      <ContentForm doc={doc} form={form} minEffective={minEffective} reply={reply} />
    </section>
  );
}
