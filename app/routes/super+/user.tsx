import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/auth/guards.server';
import { Welcome } from '~/components/area-home';

export const meta: MetaFunction = () => [{ title: '회원 관리 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['PRODUCT'] });
  return json({ user: { name: user.name, role: user.role, authorities: user.authorities } });
}

export default function SuperUser() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <Welcome user={user}>
      <p className="muted">회원 관리 화면은 준비 중입니다. 위 메뉴에서 다른 업무를 이용해 주세요.</p>
    </Welcome>
  );
}
