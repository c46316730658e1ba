import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requireUser } from '~/auth/guards.server';
import { Welcome } from '~/components/area-home';

export const meta: MetaFunction = () => [{ title: '학원 대시보드 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'ADMIN' });
  return json({ user: { name: user.name, role: user.role, authorities: user.authorities } });
}

export default function AdminDashboard() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <Welcome user={user}>
      {/* Worded apart from the menu's labels, so a link name stays unique on the page. */}
      <h2 className="h3">바로 가기</h2>
      <ul className="shortcuts">
        <li>
          <Link to="/admin/notes?state=WRITE">새로 제출된 노트 검토하기</Link>
        </li>
        <li>
          <Link to="/admin/students">학생에게 책 배정하기</Link>
        </li>
        {user.authorities.includes('HEAD') ? (
          <li>
            <Link to="/admin/teachers">선생님 계정 보기</Link>
          </li>
        ) : null}
      </ul>
    </Welcome>
  );
}
