import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { CsrfInput } from '~/components/csrf';
import { requireSuper } from '~/web/guards.server';
import { isSteppedUp } from '~/web/step-up.server';
import type { Authority } from '~/domain/enums';
import { AUTHORITY_LABELS, canChangeAuthority, ROLE_LABELS, STAFF_AUTHORITIES, STATUS_LABELS } from '~/domain/operators';
import { formatDateTime } from '~/lib/dates';
import { formAction } from '~/web/form-action.server';
import { idParam, notFound, redirectWithFlash } from '~/web/http.server';
import { stepUp, userIntents } from './__user-forms.server';
import { lockUser, setStaffAuthorities, startOperatorReset, unlockUser, userDetail, type Origin } from '~/services/operators/users.server';
import { Refused } from '~/components/form-actions';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.user.name ?? '회원'} | 회원 관리 | 리드인 운영` }];

// One user as operators see them, and the changes operators make: lock and unlock, a staff account's authorities,
// and a password reset by a one-time link. Locking, authorities and resets ask for the operator's password again
// when it was last entered more than 10 minutes ago (the forms then carry a password field). Each form posts only the
// fields it shows: the action reads nothing else, whatever else is posted.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const operator = await requireSuper(request);
  const id = idParam(params.userId);
  const user = await userDetail(id);
  if (!user) throw notFound('회원을 찾을 수 없습니다.');
  const grantable = STAFF_AUTHORITIES.filter((a) => canChangeAuthority(operator.authorities, a));
  return json({
    user: {
      ...user,
      createdAt: formatDateTime(user.createdAt),
      lastLoginAt: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : null,
    },
    isSelf: operator.id === user.id,
    grantable,
    steppedUp: await isSteppedUp(request, operator.id),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    ids: ['userId'],
    schema: userIntents,
    hideFields: ['stepUpPassword'],
    unknownIntent: '요청을 처리할 수 없습니다.',
    run: async ({ user: operator, ids: { userId: id }, request, formData, value }) => {
      const origin: Origin = requestOrigin(request);
      const here = `/super/user/${id}`;
      if (value.intent === 'unlock') {
        const target = await unlockUser(operator, id, origin);
        return redirectWithFlash(here, `${target.name} 계정의 잠금을 풀었습니다.`);
      }
      const headers = await stepUp(request, operator.id, formData);
      if (value.intent === 'lock') {
        const target = await lockUser(operator, id, origin);
        return redirectWithFlash(here, `${target.name} 계정을 잠갔습니다. 모든 로그인이 끝났습니다.`, 'success', headers);
      }
      if (value.intent === 'reset') {
        const target = await startOperatorReset(operator, id, origin);
        return redirectWithFlash(here, `${target.name}님의 휴대폰으로 비밀번호 재설정 링크를 보냈습니다.`, 'success', headers);
      }
      const { target, changed } = await setStaffAuthorities(operator, id, value.authority as Authority[], origin);
      return redirectWithFlash(here, changed ? `${target.name} 계정의 권한을 바꿨습니다.` : '바뀐 권한이 없습니다.', 'success', headers);
    },
  });
}

function StepUpField({ show, intent }: { show: boolean; intent: string }) {
  if (!show) return null;
  const id = `step-up-${intent}`;
  return (
    <div className="field">
      <label htmlFor={id}>내 비밀번호 (10분마다 다시 확인합니다)</label>
      <input id={id} name="stepUpPassword" type="password" autoComplete="current-password" required maxLength={200} />
    </div>
  );
}

export default function SuperUserDetail() {
  const { user, isSelf, grantable, steppedUp } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const needPassword = !steppedUp;
  return (
    <section aria-labelledby="user-title" className="stack">
      <p>
        <Link to="/super/user">‹ 회원 목록</Link>
      </p>
      <h1 id="user-title" className="page-title">
        {user.name} <span className="muted">({user.loginId})</span>
      </h1>
      <div className="card">
        <dl className="facts">
          <dt>구분</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
          <dt>권한</dt>
          <dd>{user.authorities.map((a) => AUTHORITY_LABELS[a]).join(', ') || '-'}</dd>
          <dt>상태</dt>
          <dd>{STATUS_LABELS[user.status]}</dd>
          <dt>소속</dt>
          <dd>{user.organisationName ?? '-'}</dd>
          {user.grade ? (
            <>
              <dt>학년</dt>
              <dd>{user.grade}</dd>
            </>
          ) : null}
          {user.level ? (
            <>
              <dt>읽기 수준</dt>
              <dd>L{user.level}</dd>
            </>
          ) : null}
          <dt>휴대폰</dt>
          <dd>{user.phone ?? '-'}</dd>
          <dt>이메일</dt>
          <dd>{user.email ?? '-'}</dd>
          <dt>가입일</dt>
          <dd>{user.createdAt}</dd>
          <dt>최근 로그인</dt>
          <dd>{user.lastLoginAt ?? '기록 없음'}</dd>
          <dt>로그인 중인 기기</dt>
          <dd>{user.liveSessions}곳</dd>
          {user.reading ? (
            <>
              <dt>독서</dt>
              <dd>
                배정된 책 {user.reading.assigned}권 · 완료 {user.reading.completed}권 ·{' '}
                <Link to={`/super/user/${user.id}/portfolio`}>독서 포트폴리오(정보 열람 요청)</Link>
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      {isSelf ? (
        <p className="card muted">내 계정입니다. 내 정보는 마이페이지에서 바꿀 수 있습니다.</p>
      ) : (
        <>
          <section className="card stack" aria-labelledby="lock-title">
            <h2 id="lock-title">계정 잠금</h2>
            {user.status === 'LOCKED' ? (
              <Form method="post" className="stack">
                <CsrfInput />
                <input type="hidden" name="intent" value="unlock" />
                <p>잠긴 계정입니다. 잠금을 풀면 다시 로그인할 수 있습니다.</p>
                <Refused intent="unlock" reply={reply} />
                <button type="submit" disabled={busy}>
                  잠금 풀기
                </button>
              </Form>
            ) : (
              <Form method="post" className="stack">
                <CsrfInput />
                <input type="hidden" name="intent" value="lock" />
                <p>잠그면 이 계정의 모든 로그인이 바로 끝나고, 잠금을 풀 때까지 로그인할 수 없습니다.</p>
                <Refused intent="lock" reply={reply} />
                <StepUpField show={needPassword} intent="lock" />
                <button type="submit" className="danger" disabled={busy}>
                  계정 잠그기
                </button>
              </Form>
            )}
          </section>

          {user.role === 'SUPER' ? (
            <section className="card stack" aria-labelledby="authorities-title">
              <h2 id="authorities-title">운영 권한</h2>
              <Form method="post" className="stack">
                <CsrfInput />
                <input type="hidden" name="intent" value="authorities" />
                <fieldset>
                  <legend>이 계정이 가질 권한</legend>
                  {STAFF_AUTHORITIES.map((a) => {
                    const allowed = grantable.includes(a);
                    const checked = user.authorities.includes(a);
                    return (
                      <label key={a} className="checkbox">
                        <input type="checkbox" name="authority" value={a} defaultChecked={checked} disabled={!allowed} />
                        {AUTHORITY_LABELS[a]}
                        {!allowed ? <span className="muted"> (최고 관리자만 바꿀 수 있음)</span> : null}
                        {/* A disabled box posts nothing: carry the current value so it stays as it is. */}
                        {!allowed && checked ? <input type="hidden" name="authority" value={a} /> : null}
                      </label>
                    );
                  })}
                </fieldset>
                <Refused intent="authorities" reply={reply} />
                <StepUpField show={needPassword} intent="authorities" />
                <button type="submit" disabled={busy}>
                  권한 저장
                </button>
              </Form>
            </section>
          ) : null}

          <section className="card stack" aria-labelledby="reset-title">
            <h2 id="reset-title">비밀번호 재설정</h2>
            {user.phone ? (
              <Form method="post" className="stack">
                <CsrfInput />
                <input type="hidden" name="intent" value="reset" />
                <p>{user.phone}로 24시간 동안 쓸 수 있는 재설정 링크를 보냅니다. 운영자는 비밀번호를 정하거나 볼 수 없습니다.</p>
                <Refused intent="reset" reply={reply} />
                <StepUpField show={needPassword} intent="reset" />
                <button type="submit" disabled={busy}>
                  재설정 링크 보내기
                </button>
              </Form>
            ) : (
              <p className="muted">
                휴대폰 번호가 없는 계정입니다. 학원 학생이면 소속 학원의 학생 관리에서 비밀번호를 초기화할 수 있습니다.
              </p>
            )}
          </section>
        </>
      )}
    </section>
  );
}
