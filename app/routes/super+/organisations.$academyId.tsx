import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { ConfirmDialog } from '~/components/dialogs';
import { ORGANISATION_MESSAGES, ORGANISATION_STATUS_LABELS } from '~/domain/operators';
import { firstError, replyFor } from '~/components/form-client';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { moveAcademy, setAcademyStatus, updateAcademyInfo } from '~/services/operators/organisations.server';
import { ACADEMY_FIELD_OF, academyIntents, savedOrUnchanged, UNKNOWN_INTENT } from './__organisation-forms.server';
import { AcademyBill } from './__academy';
import type { loader } from './__academy-page.server';
import { ACADEMY_INFO_CONSTRAINT, AcademyInfoFields, IntentForm, OrganisationTabs, PLACE_CONSTRAINT, PlaceFields } from './__organisations';
import { withParticle } from '~/domain/korean';

export { loader } from './__academy-page.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.academy.name ?? '학원'} | 기관 관리 | 리드인 운영` }];

// One academy as operators keep it: its record and this month's bill (its tier follows its active students), its
// members in the user console, editing its name and contacts, moving it to another branch and agency, and closing
// (해지) or reopening it after a confirmation (`?confirm=close`, a page of its own without JavaScript). Each form posts
// only the fields it shows; the action reads nothing else.

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    ids: ['academyId'],
    notFound: ORGANISATION_MESSAGES.academyNotFound,
    schema: academyIntents,
    fields: ACADEMY_FIELD_OF,
    unknownIntent: UNKNOWN_INTENT,
    run: async ({ user, ids: { academyId: id }, request, value }) => {
      const origin = requestOrigin(request);
      const here = `/super/organisations/${id}`;
      if (value.intent === 'info') {
        const { intent: _, ...info } = value;
        const done = await updateAcademyInfo(user, id, info, origin);
        return savedOrUnchanged(here, done.changed, `'${done.name}' 학원 정보를 저장했습니다.`);
      }
      if (value.intent === 'move') {
        const { intent: _, ...place } = value;
        const done = await moveAcademy(user, id, place, origin);
        return savedOrUnchanged(here, done.changed, `'${done.name}' 학원을 ${withParticle(done.branchName, '으로/로')} 옮겼습니다.`);
      }
      const close = value.intent === 'close';
      const done = await setAcademyStatus(user, id, close ? 'CLOSED' : 'ACTIVE', origin);
      if (!done.changed)
        return redirectWithFlash(here, close ? ORGANISATION_MESSAGES.alreadyClosed : ORGANISATION_MESSAGES.notClosed, 'info');
      return redirectWithFlash(
        here,
        close
          ? `'${done.name}' 학원을 해지했습니다. 학원 코드로 새로 가입할 수 없고 자동 결제도 멈춥니다.`
          : `'${done.name}' 학원의 해지를 취소했습니다. 다시 학원 코드로 가입할 수 있습니다.`,
      );
    },
  });
}

export default function AcademyPage() {
  const data = useLoaderData<typeof loader>();
  const { academy, bill, state, places, confirm } = data;
  const reply = useActionData<typeof action>();
  // A refusal of closing or reopening (or of a stale form) is shown above the page.
  const statusError = reply && !replyFor(reply, 'info') && !replyFor(reply, 'move') ? firstError(reply) : null;
  const busy = useNavigation().state === 'submitting';
  const here = `/super/organisations/${academy.id}`;
  const closed = academy.status === 'CLOSED';
  const userLink = (role: string) => `/super/user?${new URLSearchParams({ org: String(academy.id), role })}`;
  return (
    <section aria-labelledby="academy-title" className="stack">
      <p>
        <Link to="/super/organisations">‹ 학원 목록</Link>
      </p>
      <h1 id="academy-title" className="page-title">
        {academy.name} <span className={`badge${closed ? ' neutral' : ''}`}>{ORGANISATION_STATUS_LABELS[academy.status]}</span>
      </h1>
      <OrganisationTabs />
      {statusError ? (
        <div className="alert error" role="alert">
          {statusError}
        </div>
      ) : null}

      {confirm ? (
        <ConfirmDialog
          title={confirm === 'close' ? '학원 해지' : '해지 취소'}
          icon={confirm === 'close' ? 'warning' : 'info'}
          message={
            confirm === 'close' ? (
              <>
                <p>&lsquo;{academy.name}&rsquo; 학원을 해지할까요?</p>
                <p>
                  학원 코드 {academy.code}로는 새로 가입하거나 가입 승인을 받을 수 없고, 등록된 카드로 자동 결제하지 않습니다.
                  학원장·선생님·학생은 계속 로그인할 수 있고 지난 독서·결제 기록은 그대로 남습니다.
                </p>
              </>
            ) : (
              <p>
                &lsquo;{academy.name}&rsquo; 학원의 해지를 취소할까요? 학원 코드로 다시 가입할 수 있고, 등록된 카드가 있으면 자동 결제도
                다시 됩니다.
              </p>
            )
          }
          close={{ label: '취소', href: here }}
          confirm={{
            form: (
              <Form method="post" action={here}>
                <CsrfInput />
                <input type="hidden" name="intent" value={confirm} />
                <button type="submit" className={confirm === 'close' ? 'button danger' : 'button'} disabled={busy}>
                  {confirm === 'close' ? '해지하기' : '해지 취소하기'}
                </button>
              </Form>
            ),
          }}
        />
      ) : null}

      {closed ? (
        <div className="alert info" role="status">
          {data.closedAt ? `${data.closedAt}에 ${data.closedBy ?? '운영자'}님이 해지한 학원입니다. ` : '해지된 학원입니다. '}
          학원 코드로는 새로 가입할 수 없고 자동 결제도 멈췄습니다. 학원장·선생님·학생은 계속 로그인할 수 있고 지난 기록은 그대로 남습니다.
        </div>
      ) : null}

      <div className="card">
        <dl className="facts">
          <dt>학원 코드</dt>
          <dd className="mono">{academy.code ?? '-'}</dd>
          <dt>지사</dt>
          <dd>
            {academy.branchId ? <Link to={`/super/organisations/branches/${academy.branchId}`}>{data.branchName}</Link> : '-'}
            {data.branchRegion ? ` (${data.branchRegion})` : ''}
          </dd>
          <dt>대리점</dt>
          <dd>{academy.agencyId ? <Link to={`/super/organisations/agencies/${academy.agencyId}`}>{data.agencyName}</Link> : '-'}</dd>
          <dt>담당자</dt>
          <dd>{academy.contactName ?? '-'}</dd>
          <dt>전화번호</dt>
          <dd>{academy.phone ?? '-'}</dd>
          <dt>주소</dt>
          <dd>{academy.address ?? '-'}</dd>
          <dt>등록일</dt>
          <dd>{academy.createdAt}</dd>
          <dt>구성원</dt>
          <dd>
            <Link to={userLink('ADMIN')}>학원장·선생님 {data.staff}명</Link> · <Link to={userLink('USER')}>학생 {data.students}명</Link>{' '}
            (이용 중 {bill.activeStudents}명)
          </dd>
        </dl>
      </div>

      <AcademyBill
        bill={bill}
        state={state}
        closed={closed}
        payments={`/super/payments?${new URLSearchParams({ academy: academy.name })}`}
      />

      <section className="card stack" aria-labelledby="info-title">
        <h2 id="info-title">학원 정보 수정</h2>
        <IntentForm
          id="academy-info"
          intent="info"
          lastResult={replyFor(reply, 'info')}
          constraint={ACADEMY_INFO_CONSTRAINT}
          defaultValue={{
            name: academy.name,
            contactName: academy.contactName ?? '',
            phone: academy.phone ?? '',
            address: academy.address ?? '',
          }}
          submitLabel="정보 저장"
        >
          {(fields) => <AcademyInfoFields fields={fields} />}
        </IntentForm>
      </section>

      <section className="card stack" aria-labelledby="move-title">
        <h2 id="move-title">지사 이동</h2>
        <p className="muted">
          지금: {data.branchName ?? '지사 없음'} · {data.agencyName ?? '대리점 없음'}. 옮긴 뒤 완료되는 결제부터 새 지사와 대리점으로
          정산되고, 이미 만들어진 정산 내역은 그대로입니다.
        </p>
        <IntentForm
          id="academy-move"
          intent="move"
          lastResult={replyFor(reply, 'move')}
          constraint={PLACE_CONSTRAINT}
          defaultValue={{
            branchId: academy.branchId ? String(academy.branchId) : '',
            agencyId: academy.agencyId ? String(academy.agencyId) : '',
          }}
          submitLabel="지사 옮기기"
        >
          {(fields) => <PlaceFields branchMeta={fields.branchId} agencyMeta={fields.agencyId} branches={places} />}
        </IntentForm>
      </section>

      <section className="card stack" aria-labelledby="status-title">
        <h2 id="status-title">{closed ? '해지 취소' : '학원 해지'}</h2>
        {closed ? (
          <>
            <p>해지를 취소하면 학원 코드로 다시 가입할 수 있고, 등록된 카드가 있으면 자동 결제도 다시 됩니다.</p>
            <p>
              <Link to={`${here}?confirm=reopen`} className="button secondary">
                해지 취소…
              </Link>
            </p>
          </>
        ) : (
          <>
            <p>
              해지하면 학원 코드로 새로 가입할 수 없고 자동 결제가 멈춥니다. 학원장·선생님·학생은 계속 로그인할 수 있고 지난 기록은 그대로
              남습니다.
            </p>
            <p>
              <Link to={`${here}?confirm=close`} className="button danger">
                해지…
              </Link>
            </p>
          </>
        )}
      </section>
    </section>
  );
}
