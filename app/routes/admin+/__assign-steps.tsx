import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { ClassOrStudents } from '~/components/class-or-students';
import type { FormReply } from '~/components/form-client';
import { ListTable, type Column } from '~/components/list-page';
import { PageButtons } from '~/components/page-buttons';
import { FactList } from '~/components/fact-list';
import { CarryChoices, NextStep, WizardConfirm, choicePairs, wizardHref } from '~/components/wizard';
import { CAREER_FIELDS, GENRES, LEVELS, genreLabel } from '~/domain/catalogue';
import type { AssignStep } from './__assign.server';
import type { loader } from './__assign-page.server';
import { Options } from '~/components/filter-select';
import { formatKoreanDate } from '~/lib/dates';

// The three steps of 도서 배정 (/admin/assign): each a GET form that carries what the other steps chose.

export const ASSIGN_STEP_LABELS: { key: AssignStep; label: string }[] = [
  { key: 'books', label: '도서 선택' },
  { key: 'target', label: '대상·읽기 방식' },
  { key: 'preview', label: '확인' },
];

const HERE = '/admin/assign';

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Book = NonNullable<Data['catalogue']>['books'][number];

const chosenLine = (chosen: Data['chosen']) => `고른 도서 ${chosen.length}권: ${chosen.map((b) => `『${b.title}』`).join(', ')}`;

function bookColumns(picked: Set<number>): Column<Book>[] {
  return [
    {
      header: '선택',
      cell: (b) => (
        <input
          type="checkbox"
          id={`book-${b.id}`}
          name="book"
          value={b.id}
          defaultChecked={picked.has(b.id)}
          aria-label={`${b.title} 선택`}
        />
      ),
    },
    { header: '제목', rowHeader: true, cell: (b) => <label htmlFor={`book-${b.id}`}>{b.title}</label> },
    { header: '저자', cell: (b) => b.author },
    { header: '레벨', cell: (b) => b.level },
    { header: '장르', cell: (b) => genreLabel(b.genre) },
  ];
}

export function BooksStep({ data }: { data: Data }) {
  const { catalogue, choices, chosen } = data;
  if (!catalogue) return null;
  const onPage = new Set(catalogue.books.map((b) => b.id));
  const caption = `도서 ${catalogue.total}권 (사용 중인 도서만 배정할 수 있습니다)`;
  return (
    <Form method="get" className="stack assign-books">
      <CarryChoices choices={choices} names={['target', 'classId', 'student', 'readMethod', 'dueOn', 'book']} shown={{ book: onPage }} />
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
              <Options options={GENRES.map((g) => [g.code, g.label] as const)} />
            </select>
          </div>
          <div className="field">
            <label htmlFor="field">진로 분야</label>
            <select id="field" name="field" defaultValue={catalogue.query.field}>
              <option value="">전체</option>
              <Options options={CAREER_FIELDS.map((f) => [f.code, f.label] as const)} />
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
          {chosenLine(chosen)}
        </p>
      ) : null}
      <p className="muted" role="status">
        {caption}
      </p>
      <ListTable
        caption={caption}
        columns={bookColumns(new Set(choices.book))}
        rows={catalogue.books}
        rowKey={(b) => b.id}
        empty="조건에 맞는 도서가 없습니다."
      />
      {/* The pages are this form's buttons: another page keeps every choice, the filters, the books chosen on other
          pages and the ones ticked on this one. */}
      <PageButtons page={catalogue.page} pages={catalogue.pages} />
      <p className="muted">다른 쪽으로 넘어가거나 검색하기 전에 고른 도서는 그대로 유지됩니다.</p>
      <NextStep step="target" label="다음: 대상 선택" />
    </Form>
  );
}

export function TargetStep({ data }: { data: Data }) {
  const { target, choices, chosen, methods } = data;
  if (!target) return null;
  const visible = new Set(target.students.map((s) => s.id));
  return (
    <Form method="get" className="stack assign-target">
      <CarryChoices choices={choices} names={['book', 'student']} shown={{ student: visible }} />
      <p className="card">
        {chosenLine(chosen)} <Link to={wizardHref(HERE, choicePairs(choices), { step: 'books' })}>도서 다시 고르기</Link>
      </p>
      <ClassOrStudents
        legend="배정 대상"
        classes={target.classes}
        students={target.students}
        target={choices.target}
        classId={choices.classId}
        studentIds={choices.student}
        narrow={
          <div className="filter-form">
            <label htmlFor="filterClass">반으로 좁히기</label>
            <select id="filterClass" name="filterClass" defaultValue={target.filterClass ?? ''}>
              <option value="">전체 학생</option>
              <Options options={target.classes.map((c) => [c.id, c.name] as const)} />
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
          <select id="readMethod" name="readMethod" defaultValue={choices.readMethod}>
            <option value="">읽기 방식을 고르세요</option>
            <Options options={methods.map((m) => [m.value, m.label] as const)} />
          </select>
          <p className="field-hint">
            &lsquo;나중에 정하기&rsquo;로 배정하면 읽기 방식이 정해질 때까지 학생은 독서 기록을 저장할 수 없습니다.
          </p>
        </div>
        <div className="field">
          <label htmlFor="dueOn">마감일 (선택)</label>
          <input id="dueOn" name="dueOn" type="date" defaultValue={choices.dueOn} />
        </div>
      </fieldset>
      <NextStep step="preview" label="다음: 미리 보기" />
    </Form>
  );
}

type PreviewRow = NonNullable<Data['preview']>['rows'][number];

const PREVIEW_COLUMNS: Column<PreviewRow>[] = [
  { header: '학생', rowHeader: true, cell: (r) => `${r.studentName} (${r.loginId})` },
  { header: '도서', cell: (r) => r.title },
  {
    header: '결과',
    cell: (r) => (r.skip ? <span className="badge">건너뜀 (이미 있음)</span> : <span className="badge status-1">배정</span>),
  },
];

export function PreviewStep({ data, lastResult }: { data: Data; lastResult: FormReply | undefined }) {
  const { preview, choices } = data;
  if (!preview) return null;
  return (
    <div className="stack assign-preview">
      <FactList
        facts={[
          ['대상', preview.className ? `${preview.className} (${preview.students.length}명)` : `고른 학생 ${preview.students.length}명`],
          ['도서', preview.books.map((b) => `『${b.title}』`).join(', ')],
          ['읽기 방식', preview.readMethodLabel],
          ['마감일', preview.dueOn ? formatKoreanDate(preview.dueOn) : '없음'],
        ]}
      />
      <p role="status">
        새로 배정 <strong>{preview.toAssign}건</strong>, 이미 있어 건너뜀 <strong>{preview.skipped}건</strong>
      </p>
      <WizardConfirm
        choices={choices}
        backHref={wizardHref(HERE, choicePairs(choices), { step: 'target' })}
        label={`${preview.toAssign}건 배정하기`}
        disabled={preview.toAssign === 0}
        lastResult={lastResult}
      />
      <ListTable
        caption="학생별 배정 미리 보기"
        showCaption
        className="assign-preview-table"
        columns={PREVIEW_COLUMNS}
        rows={preview.rows}
        rowKey={(r) => `${r.studentId}-${r.bookId}`}
        rowClassName={(r) => (r.skip ? 'muted' : undefined)}
        empty="배정할 학생이 없습니다."
      />
    </div>
  );
}
