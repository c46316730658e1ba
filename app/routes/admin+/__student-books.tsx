import { Form, useNavigation } from '@remix-run/react';
import { CsrfInput } from '~/components/csrf';
import { ListTable, type Column } from '~/components/list-page';
import { Pagination } from '~/components/pagination';
import { ReadMethodSelect } from '~/components/reading';
import type { StudentBooksPage } from './__student-books-page.server';
import { formatKoreanDate } from '~/lib/dates';

// The list of a student's books on their books page (./students_.$studentId.tsx): each book's status and progress,
// its read method (changed in place before the reading ends), the retake of a marked analysis, and 제외 (which asks
// first, through `?exclude=<id>`). Not a route: flat routes skip `__` files.

type Book = StudentBooksPage['books'][number];

export function StudentBooksList({
  data: { student, books, total, page, pages, methods },
  rowError,
}: {
  data: StudentBooksPage;
  /** A refusal of a row's form, shown in that row. */
  rowError: (resultBookId: number) => string | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const action = page > 1 ? `?page=${page}` : undefined;
  // A book already assigned shows "not set" plainly, with the choice to leave it for later.
  const rowMethods = methods.map((m) => (m.value === 0 ? { ...m, label: '미설정 (나중에 정하기)' } : m));
  const columns: Column<Book>[] = [
    {
      header: '도서',
      rowHeader: true,
      cell: (b) => {
        const error = rowError(b.resultBookId);
        return (
          <>
            <span className="book-title">{b.title}</span>
            <span className="muted small-text">
              레벨 {b.level} · {b.assignedAt} 배정
              {b.dueOn ? ` · 마감 ${formatKoreanDate(b.dueOn)}` : ''}
            </span>
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
          </>
        );
      },
    },
    { header: '상태', cell: (b) => <span className={`badge status-${b.status}`}>{b.statusLabel}</span> },
    { header: '진행', cell: (b) => (b.status === 999 ? '-' : b.progress.label) },
    {
      header: '읽기 방식',
      cell: (b) =>
        b.canChangeReadMethod ? (
          <Form method="post" action={action} className="row-form" aria-label={`${b.title} 읽기 방식 변경`}>
            <CsrfInput />
            <input type="hidden" name="intent" value="readMethod" />
            <input type="hidden" name="resultBookId" value={b.resultBookId} />
            <label className="sr-only" htmlFor={`method-${b.resultBookId}`}>
              {b.title} 읽기 방식
            </label>
            <ReadMethodSelect id={`method-${b.resultBookId}`} methods={rowMethods} defaultValue={b.readMethod} />
            <button type="submit" className="small secondary" disabled={busy}>
              저장
            </button>
          </Form>
        ) : (
          b.readMethodLabel
        ),
    },
    {
      header: '문제 분석',
      cell: (b) =>
        b.canAllowRetake ? (
          <Form method="post" action={action} className="row-form">
            <CsrfInput />
            <input type="hidden" name="intent" value="retake" />
            <input type="hidden" name="resultBookId" value={b.resultBookId} />
            <button type="submit" className="small secondary" disabled={busy} aria-label={`${b.title} 재응시 허용`}>
              재응시 허용
            </button>
          </Form>
        ) : b.retakeAllowed && b.status !== 999 ? (
          <span className="badge">재응시 허용됨</span>
        ) : b.marked ? (
          <span className="muted">채점 완료</span>
        ) : (
          <span className="muted">-</span>
        ),
    },
    {
      header: '제외',
      cell: (b) =>
        b.canExclude ? (
          <Form method="get" className="row-form">
            {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
            <input type="hidden" name="exclude" value={b.resultBookId} />
            <button type="submit" className="small secondary exclude" aria-label={`${b.title} 제외`}>
              제외
            </button>
          </Form>
        ) : (
          <span className="muted">제외됨</span>
        ),
    },
  ];
  return (
    <section aria-labelledby="books-title" className="stack student-books-list">
      <h2 id="books-title">배정된 도서 {total}권</h2>
      <ListTable
        caption={`${student.name} 학생의 도서 목록`}
        className="student-books"
        columns={columns}
        rows={books}
        rowKey={(b) => b.resultBookId}
        rowClassName={(b) => (b.status === 999 ? 'excluded' : undefined)}
        empty={<>아직 배정된 도서가 없습니다. 위의 &lsquo;도서 배정&rsquo;에서 첫 도서를 배정해 주세요.</>}
      />
      <Pagination page={page} pages={pages} base={`/admin/students/${student.id}`} />
    </section>
  );
}
