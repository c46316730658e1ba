import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireBasicPay } from '~/web/guards.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { CsrfInput } from '~/components/csrf';
import { ClassOrStudents } from '~/components/class-or-students';
import { StepList } from '~/components/step-list';
import { Pagination } from '~/components/pagination';
import { CAREER_FIELDS, GENRES, LEVELS, genreLabel } from '~/domain/catalogue';
import { isDomainError } from '~/lib/errors';
import { domainErrorResponse, pageData, pageParam, positiveInt, redirectWithFlash } from '~/web/http.server';
import {
  chosenBooks,
  confirmAssignment,
  previewAssignment,
  searchCatalogue,
  studentsForChoice,
  type AssignmentInput,
} from '~/services/academy/class-assignments.server';
import { ASSIGNABLE_READ_METHODS, readMethodChoiceLabel } from '~/services/assignments.server';

export const meta: MetaFunction = () => [{ title: '도서 배정 | 리드인 학원' }];

// Assigning books to a class or to chosen students in one go (product.md §3), in three steps that carry the choice
// in the URL (GET forms and hidden fields), so every step works without JavaScript: 1 books (catalogue filters,
// search, pages), 2 students, read method and due date, 3 preview (assigned or skipped per student × book) and the
// one confirm post, which assigns everything in one transaction and skips what is already open.

type Step = 'books' | 'target' | 'preview';

/** The choice carried between the steps. */
function selectionOf(params: URLSearchParams | FormData) {
  const ids = (name: string) => [
    ...new Set(
      params
        .getAll(name)
        .map((v) => positiveInt(v))
        .filter((v): v is number => v !== null),
    ),
  ];
  const target = params.get('target') === 'students' ? 'students' : 'class';
  return {
    bookIds: ids('book').slice(0, 50),
    target,
    classId: target === 'class' ? positiveInt(params.get('classId')) : null,
    studentIds: target === 'students' ? ids('student') : [],
    readMethod: String(params.get('readMethod') ?? ''),
    dueOn: String(params.get('dueOn') ?? ''),
  } as const;
}
type Selection = ReturnType<typeof selectionOf>;

const inputOf = (s: Selection): AssignmentInput => ({
  bookIds: s.bookIds,
  classId: s.classId,
  studentIds: s.studentIds,
  readMethod: s.readMethod,
  dueOn: s.dueOn,
});

/** The selection as query parameters (for links back and forth). */
function selectionQuery(s: Selection, extra: Record<string, string> = {}) {
  const q = new URLSearchParams();
  for (const id of s.bookIds) q.append('book', String(id));
  q.set('target', s.target);
  if (s.classId) q.set('classId', String(s.classId));
  for (const id of s.studentIds) q.append('student', String(id));
  if (s.readMethod) q.set('readMethod', s.readMethod);
  if (s.dueOn) q.set('dueOn', s.dueOn);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireBasicPay(request);
  const params = new URL(request.url).searchParams;
  const selection = selectionOf(params);
  const readMethods = ASSIGNABLE_READ_METHODS.map((m) => ({ value: m, label: readMethodChoiceLabel(m) }));
  let step: Step = (['books', 'target', 'preview'] as const).find((s) => s === params.get('step')) ?? 'books';
  let error: string | null = null;
  try {
    if (step !== 'books' && !selection.bookIds.length) {
      step = 'books';
      error = '배정할 도서를 한 권 이상 골라 주세요.';
    }
    if (step === 'preview') {
      try {
        const preview = await previewAssignment(staff, inputOf(selection));
        return pageData({ step, selection, error, preview, methods: readMethods, catalogue: null, chosen: preview.books, target: null });
      } catch (e) {
        if (!isDomainError(e) || e.status === 404 || e.status === 403) throw e;
        step = 'target';
        error = e.message;
      }
    }
    const chosen = selection.bookIds.length ? await chosenBooks(selection.bookIds) : [];
    if (step === 'target') {
      const filterClass = positiveInt(params.get('filterClass'));
      const [classes, students] = await Promise.all([openClassesInScope(staff), studentsForChoice(staff, filterClass)]);
      return pageData({
        step,
        selection,
        error,
        preview: null,
        methods: readMethods,
        catalogue: null,
        chosen,
        target: { classes, students, filterClass },
      });
    }
    const level = positiveInt(params.get('level'));
    const catalogue = await searchCatalogue({
      q: params.get('q') ?? '',
      level,
      genre: params.get('genre') ?? '',
      field: params.get('field') ?? '',
      page: pageParam(request),
    });
    return pageData({ step, selection, error, preview: null, methods: readMethods, catalogue, chosen, target: null });
  } catch (e) {
    if (isDomainError(e)) throw domainErrorResponse(e);
    throw e;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireBasicPay(request);
  const form = await request.formData();
  const selection = selectionOf(form);
  try {
    const result = await confirmAssignment(staff, inputOf(selection));
    return redirectWithFlash('/admin/assign', result.message);
  } catch (e) {
    if (isDomainError(e)) {
      if (e.status === 404 || e.status === 403) throw domainErrorResponse(e);
      return json({ error: e.message }, { status: e.status });
    }
    throw e;
  }
}

const STEPS: { key: Step; label: string }[] = [
  { key: 'books', label: '도서 선택' },
  { key: 'target', label: '대상·읽기 방식' },
  { key: 'preview', label: '확인' },
];

/** Hidden fields carrying the selection (except what the current form asks again). */
function Carry({ selection, only }: { selection: Selection; only: ('books' | 'target' | 'method')[] }) {
  return (
    <>
      {only.includes('books') ? selection.bookIds.map((id) => <input key={`b${id}`} type="hidden" name="book" value={id} />) : null}
      {only.includes('target') ? (
        <>
          <input type="hidden" name="target" value={selection.target} />
          {selection.classId ? <input type="hidden" name="classId" value={selection.classId} /> : null}
          {selection.studentIds.map((id) => (
            <input key={`s${id}`} type="hidden" name="student" value={id} />
          ))}
        </>
      ) : null}
      {only.includes('method') ? (
        <>
          {selection.readMethod ? <input type="hidden" name="readMethod" value={selection.readMethod} /> : null}
          {selection.dueOn ? <input type="hidden" name="dueOn" value={selection.dueOn} /> : null}
        </>
      ) : null}
    </>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function BooksStep({ data }: { data: Data }) {
  const { catalogue, selection, chosen } = data;
  if (!catalogue) return null;
  const onPage = new Set(catalogue.books.map((b) => b.id));
  const picked = new Set(selection.bookIds);
  const pageHref = (p: number) => {
    const q = new URLSearchParams(selectionQuery(selection, { step: 'books' }));
    for (const [k, v] of Object.entries(catalogue.query)) if (v) q.set(k, String(v));
    if (p > 1) q.set('page', String(p));
    return `/admin/assign?${q.toString()}`;
  };
  return (
    <Form method="get" className="stack assign-books">
      <Carry selection={selection} only={['target', 'method']} />
      {selection.bookIds
        .filter((id) => !onPage.has(id))
        .map((id) => (
          <input key={id} type="hidden" name="book" value={id} />
        ))}
      <fieldset className="card filters">
        <legend>도서 찾기</legend>
        <div className="filter-form">
          <div className="field">
            <label htmlFor="q">제목·저자</label>
            <input id="q" name="q" type="search" defaultValue={catalogue.query.q} maxLength={100} />
          </div>
          <div className="field">
            <label htmlFor="level">레벨</label>
            <select id="level" name="level" defaultValue={catalogue.query.level ?? ''}>
              <option value="">전체</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  레벨 {l}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="genre">장르</label>
            <select id="genre" name="genre" defaultValue={catalogue.query.genre}>
              <option value="">전체</option>
              {GENRES.map((g) => (
                <option key={g.code} value={g.code}>
                  {g.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="field">진로 분야</label>
            <select id="field" name="field" defaultValue={catalogue.query.field}>
              <option value="">전체</option>
              {CAREER_FIELDS.map((f) => (
                <option key={f.code} value={f.code}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <div className="form-actions">
            <button type="submit" name="step" value="books" className="secondary">
              검색
            </button>
          </div>
        </div>
      </fieldset>
      {chosen.length ? (
        <p className="card" aria-live="polite">
          고른 도서 {chosen.length}권: {chosen.map((b) => `『${b.title}』`).join(', ')}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="table">
          <caption>도서 {catalogue.total}권 (사용 중인 도서만 배정할 수 있습니다)</caption>
          <thead>
            <tr>
              <th scope="col">선택</th>
              <th scope="col">제목</th>
              <th scope="col">저자</th>
              <th scope="col">레벨</th>
              <th scope="col">장르</th>
            </tr>
          </thead>
          <tbody>
            {catalogue.books.length === 0 ? (
              <tr>
                <td colSpan={5}>조건에 맞는 도서가 없습니다.</td>
              </tr>
            ) : (
              catalogue.books.map((b) => (
                <tr key={b.id}>
                  <td>
                    <input
                      type="checkbox"
                      id={`book-${b.id}`}
                      name="book"
                      value={b.id}
                      defaultChecked={picked.has(b.id)}
                      aria-label={`${b.title} 선택`}
                    />
                  </td>
                  <th scope="row">
                    <label htmlFor={`book-${b.id}`}>{b.title}</label>
                  </th>
                  <td>{b.author}</td>
                  <td>{b.level}</td>
                  <td>{genreLabel(b.genre)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={catalogue.page} pages={catalogue.pages} href={pageHref} />
      <p className="muted">다른 쪽으로 넘어가거나 검색하기 전에 고른 도서는 그대로 유지됩니다.</p>
      <div className="form-actions">
        <button type="submit" name="step" value="target">
          다음: 대상 선택
        </button>
      </div>
    </Form>
  );
}

function TargetStep({ data }: { data: Data }) {
  const { target, selection, chosen, methods } = data;
  if (!target) return null;
  const visible = new Set(target.students.map((s) => s.id));
  const backHref = `/admin/assign?${selectionQuery(selection, { step: 'books' })}`;
  return (
    <Form method="get" className="stack assign-target">
      <Carry selection={selection} only={['books']} />
      {selection.studentIds
        .filter((id) => !visible.has(id))
        .map((id) => (
          <input key={id} type="hidden" name="student" value={id} />
        ))}
      <p className="card">
        고른 도서 {chosen.length}권: {chosen.map((b) => `『${b.title}』`).join(', ')} <Link to={backHref}>도서 다시 고르기</Link>
      </p>
      <ClassOrStudents
        legend="배정 대상"
        classes={target.classes}
        students={target.students}
        target={selection.target}
        classId={selection.classId}
        studentIds={selection.studentIds}
        narrow={
          <div className="filter-form">
            <label htmlFor="filterClass">반으로 좁히기</label>
            <select id="filterClass" name="filterClass" defaultValue={target.filterClass ?? ''}>
              <option value="">전체 학생</option>
              {target.classes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <button type="submit" name="step" value="target" className="small secondary">
              학생 목록 보기
            </button>
          </div>
        }
      />
      <fieldset className="card stack">
        <legend>읽기 방식과 마감일</legend>
        <div className="field">
          <label htmlFor="readMethod">읽기 방식</label>
          <select id="readMethod" name="readMethod" defaultValue={selection.readMethod}>
            <option value="">읽기 방식을 고르세요</option>
            {methods.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
          <p className="field-hint">
            &lsquo;나중에 정하기&rsquo;로 배정하면 읽기 방식이 정해질 때까지 학생은 독서 기록을 저장할 수 없습니다.
          </p>
        </div>
        <div className="field">
          <label htmlFor="dueOn">마감일 (선택)</label>
          <input id="dueOn" name="dueOn" type="date" defaultValue={selection.dueOn} />
        </div>
      </fieldset>
      <div className="form-actions">
        <button type="submit" name="step" value="preview">
          다음: 미리 보기
        </button>
      </div>
    </Form>
  );
}

function PreviewStep({ data, busy, failed }: { data: Data; busy: boolean; failed?: string }) {
  const { preview, selection } = data;
  if (!preview) return null;
  const backHref = `/admin/assign?${selectionQuery(selection, { step: 'target' })}`;
  return (
    <div className="stack assign-preview">
      <dl className="card student-facts">
        <div>
          <dt>대상</dt>
          <dd>{preview.className ? `${preview.className} (${preview.students.length}명)` : `고른 학생 ${preview.students.length}명`}</dd>
        </div>
        <div>
          <dt>도서</dt>
          <dd>{preview.books.map((b) => `『${b.title}』`).join(', ')}</dd>
        </div>
        <div>
          <dt>읽기 방식</dt>
          <dd>{preview.readMethodLabel}</dd>
        </div>
        <div>
          <dt>마감일</dt>
          <dd>{preview.dueOn ?? '없음'}</dd>
        </div>
      </dl>
      <p role="status">
        새로 배정 <strong>{preview.toAssign}건</strong>, 이미 있어 건너뜀 <strong>{preview.skipped}건</strong>
      </p>
      {failed ? (
        <div className="alert error" role="alert">
          {failed}
        </div>
      ) : null}
      <Form method="post" className="form-actions">
        <CsrfInput />
        <Carry selection={selection} only={['books', 'target', 'method']} />
        <Link className="button secondary" to={backHref}>
          이전 단계
        </Link>
        <button type="submit" disabled={busy || preview.toAssign === 0}>
          {preview.toAssign}건 배정하기
        </button>
      </Form>
      <div className="table-wrap">
        <table className="table assign-preview-table">
          <caption>학생별 배정 미리 보기</caption>
          <thead>
            <tr>
              <th scope="col">학생</th>
              <th scope="col">도서</th>
              <th scope="col">결과</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={`${r.studentId}-${r.bookId}`} className={r.skip ? 'muted' : undefined}>
                <th scope="row">
                  {r.studentName} ({r.loginId})
                </th>
                <td>{r.title}</td>
                <td>{r.skip ? <span className="badge">건너뜀 (이미 있음)</span> : <span className="badge status-1">배정</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default function AssignPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <section className="page stack" aria-labelledby="assign-title">
      <header className="page-title">
        <h1 id="assign-title">도서 배정</h1>
        <p>여러 학생이나 반 전체에 도서를 한 번에 배정합니다. 이미 읽고 있는 도서는 건너뜁니다.</p>
      </header>
      <StepList steps={STEPS} current={data.step} label="배정 단계" />
      {data.error ? (
        <div className="alert error" role="alert">
          {data.error}
        </div>
      ) : null}
      {data.step === 'books' ? <BooksStep data={data} /> : null}
      {data.step === 'target' ? <TargetStep data={data} /> : null}
      {data.step === 'preview' ? (
        <PreviewStep data={data} busy={navigation.state === 'submitting'} failed={failed && 'error' in failed ? failed.error : undefined} />
      ) : null}
    </section>
  );
}
