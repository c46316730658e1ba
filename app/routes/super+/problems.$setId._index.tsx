import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { replyFor } from '~/components/form-client';
import { ItemStatus } from '~/domain/enums';
import { withParticle } from '~/domain/korean';
import { ITEM_STATUS_LABELS } from '~/domain/operators';
import { SET_KIND_LABELS } from '~/domain/problem-bank';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { deleteProblem, discardDraft, moveProblem, publishDraft, startDraft } from '~/services/operators/problem-drafts.server';
import { setProblemSetStatus, updateProblemSet } from '~/services/operators/problem-sets.server';
import { SET_FIELDS, SET_PAGE_UNKNOWN, setPageSchema } from './__problem-forms.server';
import { SetForm } from './__problem-forms';
import { ProblemsSection, StatusSection, VersionsSection } from './__problem-set';
import type { loader } from './__problem-set-page.server';

export { loader } from './__problem-set-page.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.set.title ?? '문제 세트'} | 문제 관리 | 리드인 운영` }];

// One problem set: its versions (published when, by whom, attempts on each), its problems, its details and status.
// Problems are only ever edited on the draft: "편집 시작" copies the current version, and "게시" makes the draft the
// version new attempts take. Every button is a plain post form (one intent each); a repeated post changes nothing twice.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request, { allow: ['PRODUCT'] }),
    ids: ['setId'],
    schema: setPageSchema,
    fields: SET_FIELDS,
    unknownIntent: SET_PAGE_UNKNOWN,
    run: async ({ user, request, ids: { setId }, value }) => {
      const here = `/super/problems/${setId}`;
      const origin = requestOrigin(request);
      switch (value.intent) {
        case 'details': {
          const { intent: _, ...details } = value;
          const result = await updateProblemSet(user, setId, details, origin);
          return redirectWithFlash(here, result.changed ? `'${result.title}' 문제 세트 정보를 저장했습니다.` : '바뀐 내용이 없습니다.');
        }
        case 'status': {
          const result = await setProblemSetStatus(user, setId, value.status, origin);
          return redirectWithFlash(
            here,
            result.changed
              ? `'${result.title}' 문제 세트를 ${withParticle(`'${ITEM_STATUS_LABELS[value.status]}'`, '으로/로')} 바꿨습니다.`
              : '바뀐 상태가 없습니다.',
          );
        }
        case 'edit': {
          const draft = await startDraft(user, setId, origin);
          return redirectWithFlash(
            here,
            draft.created
              ? `v${draft.version} 초안을 만들었습니다. 게시하기 전까지 학생 화면은 바뀌지 않습니다.`
              : `v${draft.version} 초안을 편집 중입니다.`,
          );
        }
        case 'publish': {
          const result = await publishDraft(user, setId, value.version, origin);
          return redirectWithFlash(
            here,
            result.changed
              ? `v${result.version} 게시를 마쳤습니다. 이제 새로 푸는 학생은 이 버전을 풉니다.`
              : `v${result.version}: 이미 게시한 버전입니다.`,
            result.changed ? 'success' : 'info',
          );
        }
        case 'discard': {
          const result = await discardDraft(user, setId, value.version, origin);
          return redirectWithFlash(
            here,
            result.changed ? `v${value.version} 초안을 버렸습니다.` : '버릴 초안이 없습니다.',
            result.changed ? 'success' : 'info',
          );
        }
        case 'delete': {
          const result = await deleteProblem(user, setId, value.problemId, origin);
          return redirectWithFlash(
            here,
            result.changed ? `${result.order}번 문제를 삭제했습니다.` : '이미 삭제된 문제입니다.',
            result.changed ? 'success' : 'info',
          );
        }
        case 'up':
        case 'down': {
          const result = await moveProblem(user, setId, value.problemId, value.order, value.intent, origin);
          return redirectWithFlash(
            here,
            result.changed ? `${value.order}번 문제를 ${result.to}번으로 옮겼습니다.` : '순서가 이미 바뀌었습니다.',
            result.changed ? 'success' : 'info',
          );
        }
      }
    },
  });
}

export default function ProblemSetPage() {
  const page = useLoaderData<typeof loader>();
  const { set, draft, current } = page;
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const here = `/super/problems/${set.id}`;
  const shown = draft ?? current;
  return (
    <section aria-labelledby="set-title" className="stack">
      <p>
        <Link to="/super/problems">‹ 문제 세트 목록</Link>
      </p>
      <div className="page-head">
        <div>
          <h1 id="set-title" className="page-title">
            {set.title}
          </h1>
          <p className="muted">
            {SET_KIND_LABELS[set.kind]}
            {set.bookId ? (
              <>
                {' · '}
                <Link to={`/super/books/${set.bookId}`}>{set.bookTitle}</Link>
              </>
            ) : null}
            {' · '}
            {ITEM_STATUS_LABELS[set.status]} · 학생이 푸는 버전: {current ? `v${current.version}` : '아직 게시 전'}
          </p>
        </div>
        {shown ? (
          <Link to={`${here}/preview`} className="button secondary">
            학생 화면 미리보기
          </Link>
        ) : null}
      </div>
      {set.status === ItemStatus.INACTIVE ? (
        <p className="alert info">사용 안 함 상태입니다. 학생에게 제공되지 않고, 이미 푼 학생의 결과만 남아 있습니다.</p>
      ) : null}
      <ProblemsSection page={page} reply={reply} busy={busy} />
      <VersionsSection page={page} />
      <StatusSection status={set.status} reply={reply} busy={busy} />
      <section className="card" aria-labelledby="details-title">
        <h2 id="details-title">세트 정보</h2>
        <SetForm
          lastResult={replyFor(reply, 'details')}
          kind={set.kind}
          submitLabel="저장하기"
          defaults={{
            title: set.title,
            description: set.description,
            subject: set.subject ?? '',
            passage: set.passage ?? '',
            level: set.level ?? '',
          }}
        />
      </section>
    </section>
  );
}
