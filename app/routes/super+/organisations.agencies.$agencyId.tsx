import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { rateLabel } from '~/domain/operator-payments';
import { ORGANISATION_MESSAGES, ratePercentText } from '~/domain/operators';
import { formAction } from '~/web/form-action.server';
import { idParam, notFound, pageData } from '~/web/http.server';
import { agencyDetail, updateAgency } from '~/services/operators/branches.server';
import { AGENCY_FIELD_OF, agencySchema, savedOrUnchanged } from './__organisation-forms.server';
import { AGENCY_CONSTRAINT, AgencyFields, IntentForm, OrganisationTabs } from './__organisations';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.agency.name ?? '대리점'} | 기관 관리 | 리드인 운영` }];

// One agency (대리점): editing its name, contact and settlement rate. It stays under its branch.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const id = idParam(params.agencyId, ORGANISATION_MESSAGES.agencyNotFound);
  const detail = await agencyDetail(id);
  if (!detail) throw notFound(ORGANISATION_MESSAGES.agencyNotFound);
  const { agency } = detail;
  return pageData({
    agency: {
      id: agency.id,
      name: agency.name,
      contactName: agency.contactName,
      phone: agency.phone,
      settlementRate: agency.settlementRate,
      branchId: agency.branchId,
    },
    branchName: detail.branchName,
    academies: detail.academies,
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    ids: ['agencyId'],
    notFound: ORGANISATION_MESSAGES.agencyNotFound,
    schema: agencySchema,
    fields: AGENCY_FIELD_OF,
    run: async ({ user, ids: { agencyId: id }, request, value }) => {
      const done = await updateAgency(user, id, value, requestOrigin(request));
      return savedOrUnchanged(`/super/organisations/agencies/${id}`, done.changed, `'${done.name}' 대리점 정보를 저장했습니다.`);
    },
  });
}

export default function AgencyPage() {
  const { agency, branchName, academies } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="agency-title" className="stack">
      <p>
        <Link to={`/super/organisations/branches/${agency.branchId}`}>‹ {branchName}</Link>
      </p>
      <h1 id="agency-title" className="page-title">
        {agency.name}
      </h1>
      <OrganisationTabs />
      <div className="card">
        <dl className="facts">
          <dt>지사</dt>
          <dd>
            <Link to={`/super/organisations/branches/${agency.branchId}`}>{branchName}</Link>
          </dd>
          <dt>정산 비율</dt>
          <dd>{rateLabel(agency.settlementRate)}</dd>
          <dt>학원</dt>
          <dd>
            <Link to={`/super/organisations?${new URLSearchParams({ agency: String(agency.id) })}`}>{academies}곳</Link>
          </dd>
        </dl>
      </div>
      <section className="card stack" aria-labelledby="agency-edit-title">
        <h2 id="agency-edit-title">대리점 정보 수정</h2>
        <IntentForm
          id="agency-edit"
          intent="agency"
          lastResult={lastResult}
          constraint={AGENCY_CONSTRAINT}
          defaultValue={{
            name: agency.name,
            contactName: agency.contactName ?? '',
            phone: agency.phone ?? '',
            settlementRate: ratePercentText(agency.settlementRate),
          }}
          submitLabel="대리점 정보 저장"
        >
          {(fields) => <AgencyFields fields={fields} />}
        </IntentForm>
      </section>
    </section>
  );
}
