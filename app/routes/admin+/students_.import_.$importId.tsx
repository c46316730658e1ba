import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { requireBasicPay, requireHead } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { ImportPreviewHeading, ImportPreviewTable, ImportSummary } from '~/components/spreadsheet-import';
import type { Column } from '~/components/list-page';
import { formatDateTime } from '~/lib/dates';
import { firstError } from '~/components/form-client';
import { done, formAction } from '~/web/form-action.server';
import { orRespond, pageData, positiveInt } from '~/web/http.server';
import { confirmRosterImport, getRosterImport, IMPORT_MESSAGES, rosterConfirmSchema } from '~/services/academy/roster-import.server';
import { STUDENT_MESSAGES } from '~/services/academy/students.server';
import { SubmitButton } from '~/components/form-actions';
import { ChargeNotice } from '~/components/charge-notice';
import { studentCharge } from '~/services/payments/billing-state.server';

export const meta: MetaFunction = () => [{ title: '명단 확인 | 리드인' }];

// The preview of an uploaded roster: every row with its errors and the counts. 등록하기 saves the valid rows in one
// transaction and answers with the result on this page (the generated temporary passwords are shown only in that
// answer). A second confirm saves nothing again.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireHead(request, { basicPay: true });
  await requireBasicPay(request);
  const found = await orRespond(() => getRosterImport(user, positiveInt(params.importId) ?? 0));
  const charge =
    found.status === 'PREVIEW' ? await studentCharge(user.organisationId, found.counts.valid, `${found.counts.valid}명을 등록하면`) : null;
  return pageData({
    ...found,
    charge: charge?.message ?? null,
    consentLabel: STUDENT_MESSAGES.guardianConsent,
    createdAt: formatDateTime(found.createdAt),
    confirmedAt: found.confirmedAt ? formatDateTime(found.confirmedAt) : null,
    rows: found.rows.map((r) => ({
      line: r.line,
      name: r.name,
      loginId: r.loginId,
      grade: r.grade,
      className: r.className,
      parentPhone: r.parentPhone ?? (r.phoneText || null),
      generates: r.errors.length === 0 && !r.passwordHash && found.status === 'PREVIEW',
      errors: r.errors,
      outcome: r.outcome ?? null,
      skipReason: r.skipReason ?? null,
    })),
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: async ({ request }) => {
      const user = await requireHead(request, { basicPay: true });
      await requireBasicPay(request);
      return user;
    },
    ids: ['importId'],
    notFound: IMPORT_MESSAGES.notFound,
    schema: rosterConfirmSchema,
    run: async ({ user, ids: { importId }, value }) => done(await confirmRosterImport(user, importId, value.guardianConsent === 'on')),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const ROSTER_COLUMNS: Column<Row>[] = [
  { header: '이름', cell: (r) => r.name || '-' },
  { header: '아이디', cell: (r) => r.loginId || '-' },
  { header: '학년', cell: (r) => r.grade || '-' },
  { header: '반', cell: (r) => r.className || '-' },
  { header: '학부모 연락처', cell: (r) => r.parentPhone ?? '-' },
];

export default function RosterPreview() {
  const data = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const result = answered?.data;
  return (
    <section aria-labelledby="preview-title">
      <ImportPreviewHeading
        back={{ to: '/admin/students', label: '학생 관리' }}
        again="/admin/students/import"
        title={result || data.status === 'CONFIRMED' ? '명단 가져오기 결과' : '명단 확인'}
        file={data.fileName}
        createdAt={data.createdAt}
        confirmedAt={data.confirmedAt}
      />
      {result ? (
        <ResultSummary result={result} />
      ) : data.status === 'CONFIRMED' ? (
        <div className="alert info" role="status">
          이미 등록을 마친 명단입니다. {data.createdCount ?? 0}명을 등록했고 {data.counts.total - (data.createdCount ?? 0)}줄은
          건너뛰었습니다.
        </div>
      ) : (
        <ImportSummary counts={data.counts} what={['학생', '명']} error={firstError(answered)}>
          <Form method="post">
            <CsrfInput />
            <div className="field consent">
              <label className="checkbox">
                <input type="checkbox" name="guardianConsent" required />
                <span>{data.consentLabel}</span>
              </label>
            </div>
            <ChargeNotice message={data.charge} />
            <SubmitButton busy={busy} label={`${data.counts.valid}명 등록하기`} busyLabel="등록하는 중…" />
          </Form>
        </ImportSummary>
      )}
      <ImportPreviewTable
        caption="명단의 줄마다 확인한 결과"
        columns={ROSTER_COLUMNS}
        rows={data.rows}
        ok={(r) => `확인${r.generates ? ' (임시 비밀번호 자동 생성)' : ''}`}
      />
    </section>
  );
}

type Result = NonNullable<NonNullable<ReturnType<typeof useActionData<typeof action>>>['data']>;

function ResultSummary({ result }: { result: Result }) {
  const generated = result.created.filter((c) => c.generatedPassword);
  return (
    <div className="card">
      {result.alreadyConfirmed ? (
        <div className="alert info" role="status">
          이미 등록을 마친 명단입니다. 이번에는 아무도 새로 등록하지 않았습니다. (처음 등록한 학생 {result.created.length}명)
        </div>
      ) : (
        <div className="alert success" role="status">
          {result.created.length}명을 등록했습니다. 건너뛴 줄 {result.skipped.length}줄.
        </div>
      )}
      {generated.length > 0 ? (
        <>
          <h2>자동으로 만든 임시 비밀번호</h2>
          <p className="muted">이 화면에서만 한 번 보여 줍니다. 지금 적어 두거나 인쇄해 학생에게 알려 주세요.</p>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">이름</th>
                <th scope="col">아이디</th>
                <th scope="col">임시 비밀번호</th>
              </tr>
            </thead>
            <tbody>
              {generated.map((c) => (
                <tr key={c.line}>
                  <td>{c.name}</td>
                  <td>{c.loginId}</td>
                  <td>
                    <code>{c.generatedPassword}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {result.skipped.length > 0 ? (
        <>
          <h2>건너뛴 줄</h2>
          <ul>
            {result.skipped.map((s) => (
              <li key={s.line}>
                {s.line}줄 {s.name || '(이름 없음)'} {s.loginId ? `(${s.loginId})` : ''}: {s.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
