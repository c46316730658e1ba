import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay, requireHead } from '~/web/guards.server';
import { ImportFileForm } from '~/components/spreadsheet-import';
import { firstError } from '~/components/form-client';
import { formAction } from '~/web/form-action.server';
import { pageData } from '~/web/http.server';
import {
  IMPORT_COLUMNS,
  MAX_ROSTER_BYTES,
  previewRoster,
  rosterTooLarge,
  rosterUploadSchema,
} from '~/services/academy/roster-import.server';

export const meta: MetaFunction = () => [{ title: '명단 가져오기 | 리드인' }];

// The head uploads a roster (.xlsx, or CSV in UTF-8 or CP949) with a plain multipart form; the rows are checked and
// kept as a preview, shown on /admin/students/import/{id} before anything is saved.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireHead(request, { basicPay: true });
  await requireBasicPay(request);
  return pageData({ headers: IMPORT_COLUMNS.map((c) => c.header).join(', ') });
}

/** The head of an academy that has paid this month. */
async function guard({ request }: ActionFunctionArgs) {
  const user = await requireHead(request, { basicPay: true });
  await requireBasicPay(request);
  return user;
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard,
    schema: rosterUploadSchema,
    hideFields: ['file'],
    upload: { maxBytes: MAX_ROSTER_BYTES, tooLarge: rosterTooLarge },
    run: async ({ user, value: { file } }) => {
      const importId = await previewRoster(user, file.name || '명단', new Uint8Array(await file.arrayBuffer()));
      return redirect(`/admin/students/import/${importId}`);
    },
  });
}

export default function ImportRoster() {
  const { headers } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <section aria-labelledby="import-title" className="narrow">
      <p>
        <Link to="/admin/students">‹ 학생 관리</Link>
      </p>
      <h1 id="import-title" className="page-title">
        명단 가져오기
      </h1>
      <div className="card">
        <p>
          엑셀(.xlsx) 또는 CSV 파일로 여러 학생을 한 번에 등록합니다. 첫 줄에 열 이름(
          {headers})을 적고, 그 아래에 학생을 한 줄에 한 명씩 적어 주세요. 열의 순서는 상관없습니다.
        </p>
        <ul className="muted">
          <li>학년은 초1~고3 (예: 초4), 반은 운영 중인 반의 이름을 적습니다. 반과 학부모 연락처는 비워 둘 수 있습니다.</li>
          <li>임시 비밀번호를 비워 두면 읽기 쉬운 비밀번호를 만들어 등록 결과 화면에 한 번만 보여 줍니다.</li>
          <li>학생은 처음 로그인할 때 자기 비밀번호를 새로 정합니다.</li>
          <li>파일을 올리면 먼저 확인 화면이 나옵니다. 확인하기 전에는 아무도 등록되지 않습니다.</li>
        </ul>
        <p>
          양식 내려받기: <a href="/admin/students/import/template.xlsx">엑셀 양식</a> ·{' '}
          <a href="/admin/students/import/template.csv">CSV 양식</a>
        </p>
      </div>
      <ImportFileForm label="명단 파일 (.xlsx, .csv, 2MB 이하)" error={firstError(reply)} busy={busy} />
    </section>
  );
}
