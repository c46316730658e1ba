import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { formAction, z } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { HorizontalBarChart } from '~/components/charts/bar-chart';
import { bandLabel, careerFieldLabel, levelLabel } from '~/domain/catalogue';
import { formatKoreanDate } from '~/lib/dates';
import { jinroOverview, reloadJinro } from '~/services/jinro.server';
import { CsrfInput } from '~/components/csrf';

export const meta: MetaFunction = () => [{ title: '진로 탐색 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const overview = await jinroOverview(user.id);
  return json({ ...overview, computedAt: overview.computedAt.toISOString() });
}

// jinro/reload: recompute the profile from the latest reading.
export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireUser(request, { role: 'USER' }),
    schema: z.object({}),
    run: async ({ user }) => {
      await reloadJinro(user.id);
      return redirectWithFlash('/user/jinro', '최근 독서 기록으로 진로 분석을 새로 고쳤습니다.');
    },
  });
}

export default function Jinro() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const hasData = data.top.length > 0;
  return (
    <div className="page">
      <header className="page-title">
        <h1>진로 탐색</h1>
        <p>
          지금까지 읽은 책의 진로 분야를 모아 관심 분야를 보여 드려요. 끝까지 읽고 활동을 마친 책일수록 더 크게 반영됩니다. 다음에 읽어 볼
          책은 {data.needsLevelTest ? '기본 수준' : '지금 읽기 수준'} {levelLabel(data.level)}에 맞춰{' '}
          <strong>{bandLabel(data.usualBand)}</strong>에서 골라요.
        </p>
      </header>
      {data.needsLevelTest ? (
        <p className="alert info">
          내 수준에 꼭 맞는 책을 추천받으려면 먼저 수준 진단을 해 볼까요? <Link to="/user/activity/courseTest">수준 진단 하기 →</Link>
        </p>
      ) : null}
      <section className="card">
        {hasData ? (
          <HorizontalBarChart
            title="진로 관심도 (읽은 책 기준, %)"
            data={data.profile.fields.map((f) => ({ label: careerFieldLabel(f.code), value: f.share, display: `${f.share}%` }))}
            max={100}
          />
        ) : (
          <p>아직 분석할 독서 기록이 없습니다. 책을 읽기 시작하면 관심 분야가 나타나요.</p>
        )}
        <Form method="post" className="form-actions">
          <CsrfInput />
          <button type="submit" className="secondary" disabled={navigation.state === 'submitting'}>
            {navigation.state === 'submitting' ? '분석하는 중…' : '다시 분석하기'}
          </button>
          <span className="muted" style={{ alignSelf: 'center' }}>
            {formatKoreanDate(new Date(data.computedAt))} 기준 · 분석에 쓴 책 {data.profile.basis}권
          </span>
        </Form>
      </section>
      {data.top.map((field, i) => (
        <section key={field.code} className="card" style={{ marginTop: '1rem' }} aria-labelledby={`field-${field.code}`}>
          <h2 id={`field-${field.code}`}>
            {i + 1}. {field.label} <span className="badge">{field.share}%</span>
          </h2>
          <p>
            <strong>어울리는 직업</strong>: {field.careers.join(', ')}
          </p>
          <h3>다음에 읽어 볼 책</h3>
          {field.widened && field.nextBooks.length ? (
            <p className="muted">{bandLabel(data.usualBand)}에는 이 분야의 새 책이 없어서 바로 옆 수준의 책을 골랐어요.</p>
          ) : null}
          {field.widened && !field.nextBooks.length ? (
            <p className="muted">{bandLabel(data.usualBand)}에는 아직 이 분야의 새 책이 없어요.</p>
          ) : field.nextBooks.length ? (
            <ul>
              {field.nextBooks.map((b) => (
                <li key={b.id}>
                  <Link to={`/user/book/${b.id}`}>{b.title}</Link>{' '}
                  <span className="muted">
                    {b.author} · {levelLabel(b.level)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">이 분야의 책은 모두 읽었거나 배정받았어요.</p>
          )}
        </section>
      ))}
    </div>
  );
}
