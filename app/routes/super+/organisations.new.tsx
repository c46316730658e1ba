import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireSuper } from '~/web/guards.server';
import { formAction } from '~/web/form-action.server';
import { TextField } from '~/components/form-fields';
import { pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import { placeChoices } from '~/services/operators/branches.server';
import { createAcademy } from '~/services/operators/organisations.server';
import { ACADEMY_FIELD_OF, newAcademySchema } from './__organisation-forms.server';
import {
  ACADEMY_CODE_CONSTRAINT,
  ACADEMY_INFO_CONSTRAINT,
  ContactFields,
  IntentForm,
  OrganisationTabs,
  PLACE_CONSTRAINT,
  PlaceFields,
} from './__organisations';
import { withParticle } from '~/domain/korean';

export const meta: MetaFunction = () => [{ title: '학원 등록 | 기관 관리 | 리드인 운영' }];

// Adding an academy: its name, its code (students register with it: unique, a letter then letters and digits), its
// branch and one of that branch's agencies, and its contact. `?branch=` preselects a branch (from a branch's page).

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const branch = positiveInt(new URL(request.url).searchParams.get('branch'));
  return pageData({ places: await placeChoices(), branch: branch ? String(branch) : '' });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    schema: newAcademySchema,
    fields: ACADEMY_FIELD_OF,
    run: async ({ user, request, value }) => {
      const academy = await createAcademy(user, value, requestOrigin(request));
      return redirectWithFlash(
        `/super/organisations/${academy.id}`,
        `'${academy.name}' 학원을 등록했습니다. 학생은 학원 코드 ${withParticle(value.code, '으로/로')} 가입할 수 있습니다.`,
      );
    },
  });
}

export default function NewAcademy() {
  const { places, branch } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-academy-title" className="stack">
      <p>
        <Link to="/super/organisations">‹ 학원 목록</Link>
      </p>
      <h1 id="new-academy-title" className="page-title">
        학원 등록
      </h1>
      <OrganisationTabs />
      <div className="card">
        {places.length === 0 ? (
          <p className="muted">
            등록된 지사가 없습니다. <Link to="/super/organisations/branches/new">지사를 먼저 등록</Link>해 주세요.
          </p>
        ) : (
          <IntentForm
            id="new-academy"
            intent="create"
            lastResult={lastResult}
            constraint={{ ...ACADEMY_INFO_CONSTRAINT, ...ACADEMY_CODE_CONSTRAINT, ...PLACE_CONSTRAINT }}
            defaultValue={{ name: '', code: '', branchId: branch, agencyId: '', contactName: '', phone: '', address: '' }}
            submitLabel="학원 등록"
          >
            {(fields) => (
              <>
                <TextField label="학원 이름" meta={fields.name} />
                <TextField
                  label="학원 코드"
                  meta={fields.code}
                  autoComplete="off"
                  hint="학생이 가입할 때 입력하는 코드입니다. 영문자로 시작하는 영문·숫자 3~20자 (대문자로 저장합니다, 예: HAEORUM)."
                />
                <PlaceFields branchMeta={fields.branchId} agencyMeta={fields.agencyId} branches={places} />
                <ContactFields fields={fields} who="학원" />
                <TextField label="주소 (선택)" meta={fields.address} />
              </>
            )}
          </IntentForm>
        )}
      </div>
    </section>
  );
}
