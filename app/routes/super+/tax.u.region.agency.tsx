import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireSuper } from '~/auth/guards.server';
import { Welcome } from '~/components/area-home';

export const meta: MetaFunction = () => [{ title: '지사 정산 | 리드인 운영' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  return json({ user: { name: user.name, role: user.role, authorities: user.authorities } });
}

export default function SuperTaxURegionAgency() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <Welcome user={user}>
      <p className="muted">지사 정산 내역 화면은 준비 중입니다.</p>
    </Welcome>
  );
}
