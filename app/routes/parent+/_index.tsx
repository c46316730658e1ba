import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { requireParent } from '~/web/guards.server';
import { pageData } from '~/web/http.server';
import { parentHome } from '~/services/parents/view.server';

export const meta: MetaFunction = () => [{ title: '자녀 독서 현황 | 리드인' }];

// The parents' home opens the first child's page (the switcher there leads to the others).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireParent(request);
  const { children } = await parentHome(user.id);
  if (children.length) throw redirect(`/parent/children/${children[0].id}`);
  return pageData({ children });
}

export default function ParentHome() {
  return (
    <div className="page">
      <h1>자녀 독서 현황</h1>
      <p className="muted">열람할 수 있는 자녀가 없습니다. 학원에 문의해 주세요.</p>
    </div>
  );
}
