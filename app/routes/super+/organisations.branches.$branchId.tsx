import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { rateLabel } from '~/domain/operator-payments';
import { ORGANISATION_MESSAGES, ratePercentText } from '~/domain/operators';
import { idParam, notFound, pageData, redirectWithFlash } from '~/web/http.server';
import { branchDetail, createAgency, updateBranch } from '~/services/operators/branches.server';
import { AGENCY_FIELD_OF, agencySchema, BRANCH_FIELD_OF, branchSchema, savedOrUnchanged, submitForm } from './__organisation-forms.server';
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

type Failure = { intent: string; result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const operator = await requireSuper(request);
  const id = idParam(params.branchId, ORGANISATION_MESSAGES.branchNotFound);
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const origin = { address: clientIp(request), origin: new URL(request.url).origin };
  const here = `/super/organisations/branches/${id}`;
  const wrap = (result: SubmissionResult<string[]>): Failure => ({ intent, result });
  if (intent === 'branch')
    return submitForm(
      formData,
      branchSchema,
      BRANCH_FIELD_OF,
      async (value) => {
        const done = await updateBranch(operator, id, value, origin);
        return savedOrUnchanged(here, done.changed, `'${done.name}' 지사 정보를 저장했습니다.`);
      },
      wrap,
    );
  if (intent === 'agency')
    return submitForm(
      formData,
      agencySchema,
      AGENCY_FIELD_OF,
      async (value) => {
        const done = await createAgency(operator, id, value, origin);
        return redirectWithFlash(here, `'${done.name}' 대리점을 등록했습니다.`);
      },
      wrap,
    );
  return json(wrap({ status: 'error', error: { '': ['요청을 처리할 수 없습니다.'] } }), { status: 400 });
}

export default function BranchPage() {
  const { branch, agencies, academies, staff } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const resultOf = (intent: string) => (failed?.intent === intent ? failed.result : undefined);
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
          lastResult={resultOf('agency')}
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
          lastResult={resultOf('branch')}
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
