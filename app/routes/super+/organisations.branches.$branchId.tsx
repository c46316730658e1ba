import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { replyFor } from '~/components/form-client';
import { rateLabel } from '~/domain/operator-payments';
import { ORGANISATION_MESSAGES, ratePercentText } from '~/domain/operators';
import { formAction } from '~/web/form-action.server';
import { idParam, notFound, pageData, redirectWithFlash } from '~/web/http.server';
import { branchDetail, createAgency, updateBranch } from '~/services/operators/branches.server';
import { AGENCY_FIELD_OF, BRANCH_FIELD_OF, branchIntents, savedOrUnchanged, UNKNOWN_INTENT } from './__organisation-forms.server';
import { AGENCY_CONSTRAINT, AgencyFields, BRANCH_CONSTRAINT, BranchFields, IntentForm, OrganisationTabs } from './__organisations';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.branch.name ?? '지사'} | 기관 관리 | 리드인 운영` }];

// One branch (지사): editing its name, region, contact and settlement rate, its agencies (대리점) and adding one.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const id = idParam(params.branchId, ORGANISATION_MESSAGES.branchNotFound);
  const detail = await branchDetail(id);
  if (!detail) throw notFound(ORGANISATION_MESSAGES.branchNotFound);
  const { branch } = detail;
  return pageData({
    branch: {
      id: branch.id,
      name: branch.name,
      region: branch.region,
      contactName: branch.contactName,
      phone: branch.phone,
      settlementRate: branch.settlementRate,
    },
    agencies: detail.agencies.map((a) => ({
      id: a.id,
      name: a.name,
      contactName: a.contactName,
      phone: a.phone,
      settlementRate: a.settlementRate,
      academies: a.academies,
    })),
    academies: detail.academies,
    staff: detail.staff,
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    ids: ['branchId'],
    notFound: ORGANISATION_MESSAGES.branchNotFound,
    schema: branchIntents,
    fields: { ...BRANCH_FIELD_OF, ...AGENCY_FIELD_OF },
    unknownIntent: UNKNOWN_INTENT,
    run: async ({ user, ids: { branchId: id }, request, value }) => {
      const here = `/super/organisations/branches/${id}`;
      if (value.intent === 'branch') {
        const { intent: _, ...branch } = value;
        const done = await updateBranch(user, id, branch, requestOrigin(request));
        return savedOrUnchanged(here, done.changed, `'${done.name}' 지사 정보를 저장했습니다.`);
      }
      const { intent: _, ...agency } = value;
      const done = await createAgency(user, id, agency, requestOrigin(request));
      return redirectWithFlash(here, `'${done.name}' 대리점을 등록했습니다.`);
    },
  });
}

export default function BranchPage() {
  const { branch, agencies, academies, staff } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section aria-labelledby="branch-title" className="stack">
      <p>
        <Link to="/super/organisations/branches">‹ 지사 목록</Link>
      </p>
      <h1 id="branch-title" className="page-title">
        {branch.name} {branch.region ? <span className="muted">({branch.region})</span> : null}
      </h1>
      <OrganisationTabs />
      <div className="card">
        <dl className="facts">
          <dt>정산 비율</dt>
          <dd>{branch.settlementRate === null ? '정하지 않음' : rateLabel(branch.settlementRate)}</dd>
          <dt>학원</dt>
          <dd>
            <Link to={`/super/organisations?${new URLSearchParams({ branch: String(branch.id) })}`}>{academies}곳</Link> ·{' '}
            <Link to={`/super/organisations/new?${new URLSearchParams({ branch: String(branch.id) })}`}>이 지사에 학원 등록</Link>
          </dd>
          <dt>지사 계정</dt>
          <dd>
            <Link to={`/super/user?${new URLSearchParams({ org: String(branch.id) })}`}>{staff}명</Link>
          </dd>
        </dl>
      </div>

      <section className="card stack" aria-labelledby="agencies-title">
        <h2 id="agencies-title">대리점</h2>
        {agencies.length === 0 ? (
          <p className="muted">
            아직 대리점이 없습니다. 학원은 지사의 대리점 중 하나에 속하므로, 학원을 옮기거나 등록하려면 대리점을 먼저 추가하세요.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="sr-only">{branch.name}의 대리점</caption>
              <thead>
                <tr>
                  <th scope="col">대리점</th>
                  <th scope="col">담당자·연락처</th>
                  <th scope="col">정산 비율</th>
                  <th scope="col">학원</th>
                </tr>
              </thead>
              <tbody>
                {agencies.map((a) => (
                  <tr key={a.id}>
                    <td>
                      <Link to={`/super/organisations/agencies/${a.id}`}>{a.name}</Link>
                    </td>
                    <td>
                      {a.contactName ?? '-'}
                      {a.phone ? <div className="muted">{a.phone}</div> : null}
                    </td>
                    <td>{rateLabel(a.settlementRate)}</td>
                    <td>
                      <Link to={`/super/organisations?${new URLSearchParams({ agency: String(a.id) })}`}>{a.academies}곳</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3>대리점 추가</h3>
        <IntentForm
          id="new-agency"
          intent="agency"
          lastResult={replyFor(reply, 'agency')}
          constraint={AGENCY_CONSTRAINT}
          defaultValue={{ name: '', contactName: '', phone: '', settlementRate: '' }}
          submitLabel="대리점 추가"
        >
          {(fields) => <AgencyFields fields={fields} />}
        </IntentForm>
      </section>

      <section className="card stack" aria-labelledby="branch-edit-title">
        <h2 id="branch-edit-title">지사 정보 수정</h2>
        <IntentForm
          id="branch-edit"
          intent="branch"
          lastResult={replyFor(reply, 'branch')}
          constraint={BRANCH_CONSTRAINT}
          defaultValue={{
            name: branch.name,
            region: branch.region ?? '',
            contactName: branch.contactName ?? '',
            phone: branch.phone ?? '',
            settlementRate: branch.settlementRate === null ? '' : ratePercentText(branch.settlementRate),
          }}
          submitLabel="지사 정보 저장"
        >
          {(fields) => <BranchFields fields={fields} />}
        </IntentForm>
      </section>
    </section>
  );
}
