import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { myPageData } from '~/web/forms/my-page.server';
import { MyPageOverview } from '~/components/my-page';
import { formatKoreanDate } from '~/lib/dates';

export const meta: MetaFunction = () => [{ title: '마이페이지 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  return myPageData(user);
}

export default function MyPage() {
  const { me, recordViewers } = useLoaderData<typeof loader>();
  return (
    <>
      <MyPageOverview me={me} base="/user/my-page" />
      {recordViewers ? (
        <section className="card" aria-labelledby="record-viewers-title" data-testid="record-viewers">
          <h2 id="record-viewers-title">내 독서 기록을 볼 수 있는 보호자</h2>
          {recordViewers.length ? (
            <ul>
              {recordViewers.map((v) => (
                <li key={`${v.name}-${v.since}`}>
                  {v.name} {v.phone ? <span className="muted">{v.phone}</span> : null} · {formatKoreanDate(v.since)}부터 ·{' '}
                  {v.on ? '열람 중' : '학원이 열람을 중지함'}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">내 독서 기록을 볼 수 있는 보호자가 없습니다.</p>
          )}
          <p className="muted small">
            보호자는 독서 기록, 문제 분석 결과, 제출한 독서 노트와 선생님 의견, 월간 리포트를 볼 수 있습니다. 궁금한 점은 학원에 문의해
            주세요.
          </p>
        </section>
      ) : null}
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
