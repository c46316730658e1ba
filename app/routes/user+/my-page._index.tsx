import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { myPageData } from '~/web/forms/my-page.server';
import { MyPageOverview } from '~/components/my-page';

export const meta: MetaFunction = () => [{ title: '마이페이지 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return myPageData(user);
}

export default function MyPage() {
  const { me } = useLoaderData<typeof loader>();
  return (
    <>
      <MyPageOverview me={me} base="/user/my-page" />
      {/* An individual member pays their own monthly fee; an academy's students are covered by their academy. */}
      {me.organisationKind === 'student' ? (
        <section className="card" aria-labelledby="my-payments-title">
          <h2 id="my-payments-title">이용료 결제</h2>
          <p>{me.basicPay ? '이번 달 기본 이용료가 결제되었습니다.' : '이번 달 기본 결제를 해 주세요.'}</p>
          <p>
            <Link className="button" to="/user/my-page/payments">
              결제 및 결제 내역
            </Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
