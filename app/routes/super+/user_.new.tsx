import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requestOrigin } from '~/web/origin.server';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { staffSchema } from '~/auth/account-schemas.server';
import { getFormProps, useForm } from '~/components/form-client';
import { CsrfInput } from '~/components/csrf';
import { requireSuper } from '~/web/guards.server';
import { FormErrors, SelectField, TextField } from '~/components/form-fields';
import { CONSTRAINTS } from '~/domain/account-constraints';
import { AUTHORITY_LABELS, canChangeAuthority, STAFF_AUTHORITIES } from '~/domain/operators';
import { formAction } from '~/web/form-action.server';
import { redirectWithFlash } from '~/web/http.server';
import { createStaff } from '~/services/operators/users.server';

export const meta: MetaFunction = () => [{ title: '운영 계정 만들기 | 리드인 운영' }];

// A staff account (운영, 첨삭 코치, 지사, 도서·문제 관리) made by an operator. The new staff member sets their own password
// through a one-time link sent to their phone: the operator never knows it.

export async function loader({ request }: LoaderFunctionArgs) {
  const operator = await requireSuper(request);
  return json({ grantable: STAFF_AUTHORITIES.filter((a) => canChangeAuthority(operator.authorities, a)) });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireSuper(request),
    schema: staffSchema,
    fields: { LOGIN_ID_TAKEN: 'loginId', ONLY_ADMIN1: 'authority' },
    run: async ({ user, request, value }) => {
      const created = await createStaff(user, value, requestOrigin(request));
      return redirectWithFlash(
        `/super/user/${created.id}`,
        `${created.name}(${created.loginId}) 운영 계정을 만들었습니다. 비밀번호를 정할 링크를 휴대폰으로 보냈습니다.`,
      );
    },
  });
}

export default function NewStaff() {
  const { grantable } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<keyof typeof CONSTRAINTS.staff | 'authority', string>>({
    lastResult,
    constraint: CONSTRAINTS.staff,
  });
  return (
    <section aria-labelledby="staff-title" className="stack">
      <p>
        <Link to="/super/user">‹ 회원 목록</Link>
      </p>
      <h1 id="staff-title" className="page-title">
        운영 계정 만들기
      </h1>
      <div className="card">
        <FormErrors errors={form.errors} id={form.errorId} />
        <Form method="post" {...getFormProps(form)}>
          <CsrfInput />
          <TextField label="아이디" meta={fields.loginId} hint="영문 소문자와 숫자 4~20자" autoComplete="off" />
          <TextField label="이름" meta={fields.name} autoComplete="off" />
          <TextField label="휴대폰 번호" meta={fields.phone} type="tel" inputMode="tel" hint="비밀번호를 정할 링크를 이 번호로 보냅니다." />
          <TextField label="이메일 (선택)" meta={fields.email} type="email" />
          <SelectField
            label="권한"
            meta={fields.authority}
            empty="권한을 선택해 주세요"
            options={grantable.map((a) => ({ value: a, label: AUTHORITY_LABELS[a] }))}
          />
          <div className="form-actions">
            <button type="submit" disabled={navigation.state === 'submitting'}>
              {navigation.state === 'submitting' ? '만드는 중…' : '계정 만들기'}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
