import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { formatDateTime } from '~/lib/dates';
import { pageData } from '~/web/http.server';
import { contentOverview } from '~/services/operators/content.server';

export const meta: MetaFunction = () => [{ title: 'FAQ·약관 | 리드인 운영' }];

// The texts operators keep (ADMIN1, ADMIN2): the three FAQ sections and the seven policies, each with the version in
// effect and the one waiting for its time. Each document's page lists its versions and writes a new one.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const documents = await contentOverview();
  return pageData({
    documents: documents.map((d) => ({
      kind: d.kind,
      href: `/super/content/${d.slug}/${d.code}`,
      name: d.name,
      versions: d.versions,
      current: d.current
        ? { version: d.current.version, title: d.current.title, from: formatDateTime(d.current.effectiveFrom), shipped: d.current.shipped }
        : null,
      scheduled: d.scheduled ? { version: d.scheduled.version, from: formatDateTime(d.scheduled.effectiveFrom) } : null,
    })),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['documents'][number];

function DocumentTable({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <div className="table-wrap">
      <table className="table content-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">문서</th>
            <th scope="col">시행 중인 버전</th>
            <th scope="col">예약된 버전</th>
            <th scope="col">버전 수</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.href}>
              <th scope="row">
                <Link to={r.href}>{r.name}</Link>
              </th>
              <td>
                {r.current ? (
                  <>
                    버전 {r.current.version} · {r.current.from}부터
                    {r.current.shipped ? <span className="muted"> (배포된 파일)</span> : null}
                  </>
                ) : (
                  <span className="muted">없음 (공개 화면에 질문이 없습니다)</span>
                )}
              </td>
              <td>
                {r.scheduled ? (
                  <span className="badge content-scheduled">
                    버전 {r.scheduled.version} · {r.scheduled.from}부터
                  </span>
                ) : (
                  <span className="muted">없음</span>
                )}
              </td>
              <td>{r.versions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ContentList() {
  const { documents } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="content-title" className="stack">
      <h1 id="content-title" className="page-title">
        FAQ·약관
      </h1>
      <p className="muted">
        자주 묻는 질문과 약관은 버전으로 관리합니다. 시행일이 지난 버전은 고치거나 지울 수 없고, 바꿀 내용은 새 버전으로 씁니다. 공개
        화면에는 시행일이 지난 가장 새 버전이 보입니다. 시각은 모두 한국 시간입니다.
      </p>
      <DocumentTable caption="자주 묻는 질문" rows={documents.filter((d) => d.kind === 'FAQ')} />
      <DocumentTable caption="약관 및 정책" rows={documents.filter((d) => d.kind === 'POLICY')} />
    </section>
  );
}
