import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireHead } from '~/auth/guards.server';
import { roleLabel } from '~/components/app-shell';
import { formatDateTime } from '~/lib/dates';
import { listAcademyStaff } from '~/services/academy-members.server';

export const meta: MetaFunction = () => [{ title: '선생님 관리 | 리드인' }];

// HEAD only (spec §5): a teacher gets '알림' / '학원장만 접근 가능합니다.'.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHead(request);
  const staff = user.organisationId ? await listAcademyStaff(user.organisationId) : [];
  return json({
    staff: staff.map((s) => ({
      ...s,
      role: roleLabel({ role: 'ADMIN', authorities: s.authorities }),
      lastLoginAt: s.lastLoginAt ? formatDateTime(s.lastLoginAt) : null,
    })),
  });
}

export default function AdminTeachers() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="teachers-title">
      <h1 id="teachers-title" className="page-title">
        선생님 관리
      </h1>
      {staff.length === 0 ? (
        <p className="card muted">등록된 선생님이 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">학원 선생님 목록</caption>
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">아이디</th>
                <th scope="col">구분</th>
                <th scope="col">연락처</th>
                <th scope="col">최근 로그인</th>
              </tr>
            </thead>
            <tbody>
              {staff.map((t) => (
                <tr key={t.id}>
                  <td>{t.name}</td>
                  <td>{t.loginId}</td>
                  <td>
                    <span className="badge">{t.role}</span>
                  </td>
                  <td>{t.phone ?? '-'}</td>
                  <td>{t.lastLoginAt ?? '기록 없음'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
