import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { Passage, ProblemFieldset } from '~/components/problem-fieldset';
import { SET_KIND_LABELS } from '~/domain/problem-bank';
import { idParam, orRespond, pageData, positiveInt } from '~/web/http.server';
import { previewVersion } from '~/services/operators/problem-drafts.server';
import { AnswerKey } from './__problem-forms';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `학생 화면 미리보기 | ${data?.set.title ?? '문제 세트'} | 리드인 운영` },
];

// A version of a set (the draft by default) drawn with the student's own problem component, read-only, so what the
// operator checks is what a student will get, with or without JavaScript. Under each problem, for the operator only,
// its answer and explanation.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request, { allow: ['PRODUCT'] });
  const version = positiveInt(new URL(request.url).searchParams.get('version'));
  return pageData(await orRespond(() => previewVersion(idParam(params.setId), version)));
}

const versionLabel = (v: { version: number; isDraft: boolean; isCurrent: boolean }) =>
  `v${v.version}${v.isDraft ? ' (초안)' : v.isCurrent ? ' (학생에게 제공 중)' : ''}`;

export default function ProblemSetPreview() {
  const { set, version, versions, problems } = useLoaderData<typeof loader>();
  const here = `/super/problems/${set.id}`;
  return (
    <section aria-labelledby="preview-title" className="stack">
      <p>
        <Link to={here}>‹ {set.title}</Link>
      </p>
      <h1 id="preview-title" className="page-title">
        학생 화면 미리보기: {versionLabel(version)}
      </h1>
      {versions.length > 1 ? (
        <nav aria-label="버전" className="version-switch">
          {versions.map((v) =>
            v.version === version.version ? (
              <span key={v.version} aria-current="page" className="badge">
                {versionLabel(v)}
              </span>
            ) : (
              <Link key={v.version} to={`${here}/preview?version=${v.version}`}>
                {versionLabel(v)}
              </Link>
            ),
          )}
        </nav>
      ) : null}
      <p className="alert info">
        학생이 문제를 풀 때 보는 화면입니다. 회색 상자의 정답과 해설은 운영자에게만 보입니다.
        {version.isDraft ? ' 이 초안은 게시하기 전까지 학생에게 보이지 않습니다.' : ''}
      </p>
      <section className="preview-frame stack" aria-label="학생 화면">
        <p className="muted">
          {SET_KIND_LABELS[set.kind]}
          {set.subject ? ` · ${set.subject}` : ''}
        </p>
        <h2>{set.title}</h2>
        {set.description ? <p>{set.description}</p> : null}
        <p className="muted">모두 {problems.length}문항</p>
        <Passage text={set.passage} />
        {problems.length === 0 ? <p className="card muted">이 버전에는 아직 문제가 없습니다.</p> : null}
        {problems.map((p) => (
          <div key={p.id} className="preview-item stack">
            <ProblemFieldset problem={p} disabled />
            <aside className="operator-key" aria-label={`${p.order}번 정답과 해설`}>
              <AnswerKey problem={p} />
            </aside>
          </div>
        ))}
      </section>
    </section>
  );
}
