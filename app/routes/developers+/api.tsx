import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { ListTable, type Column } from '~/components/list-page';
import { PublicShell, LANDING_NAV } from '~/components/public-shell';
import { apiReference, type FieldRow } from '~/web/api-doc.server';
import type { RouteHandle } from '~/root';

// /developers/api: the JSON API's reference, rendered on the server from the same descriptions as
// /api/openapi.json (app/web/api-doc.server.ts). Public, like the document; it needs no JavaScript and ships none.
export const handle: RouteHandle = { hydrate: false };

export const meta: MetaFunction = () => [{ title: 'API 참조 | 리드인' }];

export function loader() {
  return { sections: apiReference() };
}

const FIELD_COLUMNS: Column<FieldRow>[] = [
  { header: '이름', rowHeader: true, cell: (r) => <code>{r.name}</code> },
  { header: '형식', cell: (r) => <code>{r.type}</code> },
  { header: '필수', cell: (r) => (r.required ? '예' : '아니오') },
  { header: '설명', cell: (r) => r.note ?? '' },
];

type ErrorRow = ReturnType<typeof useLoaderData<typeof loader>>['sections'][number]['calls'][number]['errors'][number];

const ERROR_COLUMNS: Column<ErrorRow>[] = [
  { header: '상태', cell: (e) => e.status },
  { header: '코드', rowHeader: true, cell: (e) => <code>{e.code}</code> },
  { header: '메시지', cell: (e) => e.message },
];

function Fields({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  return <ListTable caption={caption} columns={FIELD_COLUMNS} rows={rows} rowKey={(r) => r.name} empty="본문 없음." />;
}

export default function ApiReference() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <PublicShell
      base="/landing"
      nav={LANDING_NAV}
      actions={
        <p className="form-actions">
          <Link className="button" to="/member/login">
            로그인
          </Link>
        </p>
      }
    >
      <div className="container prose api-reference">
        <h1>리드인 API 참조</h1>
        <p>
          모든 호출은 <code>/api</code> 아래에 있고 JSON 으로 답합니다. 성공하면 <code>{'{ data }'}</code>, 실패하면{' '}
          <code>{'{ code, message }'}</code> 입니다. 로그인이 필요한 호출은 <code>Authorization: Bearer &lt;accessToken&gt;</code> 헤더를
          보냅니다 (브라우저의 세션 쿠키로 부르면 변경 요청에 <code>X-XSRF-TOKEN</code> 헤더가 필요합니다). 이 내용은 기계가 읽는 OpenAPI
          3.1 문서 <a href="/api/openapi.json">/api/openapi.json</a> 과 같은 출처에서 만들어집니다.
        </p>
        <nav aria-label="API 목차">
          <h2>목차</h2>
          <ul>
            {sections.map((s) => (
              <li key={s.tag}>
                {s.tag}
                <ul>
                  {s.calls.map((c) => (
                    <li key={c.id}>
                      <a href={`#${c.id}`}>
                        <code>
                          {c.method} {c.path}
                        </code>
                      </a>{' '}
                      {c.summary}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        {sections.map((s) => (
          <section key={s.tag} aria-labelledby={`tag-${s.tag}`}>
            <h2 id={`tag-${s.tag}`}>{s.tag}</h2>
            {s.calls.map((c) => (
              <article key={c.id} id={c.id} className="api-call" aria-labelledby={`${c.id}-title`}>
                <h3 id={`${c.id}-title`}>
                  <code>
                    {c.method} {c.path}
                  </code>{' '}
                  {c.summary}
                </h3>
                {c.description ? <p>{c.description}</p> : null}
                <p>
                  <strong>접근:</strong> {c.access}
                </p>
                {c.params.length ? (
                  <>
                    <h4>경로 변수</h4>
                    <Fields rows={c.params} caption={`${c.summary}: 경로 변수`} />
                  </>
                ) : null}
                {c.query.length ? (
                  <>
                    <h4>쿼리</h4>
                    <Fields rows={c.query} caption={`${c.summary}: 쿼리`} />
                  </>
                ) : null}
                {c.body ? (
                  <>
                    <h4>
                      요청 본문 <code>{c.body.type}</code>
                    </h4>
                    <Fields rows={c.body.fields} caption={`${c.summary}: 요청 본문`} />
                  </>
                ) : null}
                <h4>응답 {c.answer.status}</h4>
                {c.answer.fields.length ? <Fields rows={c.answer.fields} caption={`${c.summary}: 응답`} /> : <p>본문 없음.</p>}
                <h4>오류</h4>
                <ListTable
                  caption={`${c.summary}: 오류`}
                  columns={ERROR_COLUMNS}
                  rows={c.errors}
                  rowKey={(e) => `${e.status}-${e.code}`}
                  empty="오류 없음."
                />
              </article>
            ))}
          </section>
        ))}
      </div>
    </PublicShell>
  );
}
