import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { CsrfInput } from './csrf';
import { Link } from './link';
import { ListTable, type Column } from './list-page';
import { SubmitButton } from '~/components/form-actions';

// Pieces of the spreadsheet imports' pages (an academy's roster, the catalogue's books): the upload form, a plain
// multipart post that works without JavaScript, the heading and the table of a preview, and its rows' result cell.

const ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The upload form, with the refusal of the last upload above it. */
export function ImportFileForm({ label, error, busy }: { label: string; error: string | null | undefined; busy: boolean }) {
  return (
    <>
      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="card">
        <CsrfInput />
        <div className="field">
          <label htmlFor="file">{label}</label>
          <input id="file" name="file" type="file" accept={ACCEPT} required aria-invalid={error ? true : undefined} />
        </div>
        <div className="form-actions">
          <SubmitButton busy={busy} label={'파일 올리고 확인하기'} busyLabel="읽는 중…" />
        </div>
      </Form>
    </>
  );
}

/** What became of a row: created, skipped (with the reason), its errors, or the preview's check mark. */
export function ImportRowResult({
  outcome,
  skipReason,
  errors,
  ok = '확인',
}: {
  outcome: string | null;
  skipReason: string | null;
  errors: string[];
  ok?: string;
}) {
  if (outcome === 'CREATED') return <>등록함</>;
  if (outcome === 'SKIPPED') return <span className="field-error">건너뜀: {skipReason}</span>;
  if (errors.length)
    return (
      <ul className="field-error plain-list">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    );
  return <>{ok}</>;
}

/**
 * The counts of a preview, why rows with errors wait, the confirm's refusal, and the confirm form (`children`, shown
 * only when a row can be added).
 */
export function ImportSummary({
  counts,
  what,
  error,
  children,
}: {
  counts: { total: number; valid: number; invalid: number };
  /** What a valid row adds, with its counter: ['학생', '명'], ['책', '권']. */
  what: [string, string];
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="card">
      <p role="status">
        모두 {counts.total}줄 · 등록할 수 있는 {what[0]}{' '}
        <strong>
          {counts.valid}
          {what[1]}
        </strong>{' '}
        · 오류 <strong>{counts.invalid}줄</strong>
      </p>
      {counts.invalid > 0 ? (
        <p className="muted">오류가 있는 줄은 등록하지 않습니다. 고친 파일을 다시 올리거나, 오류 없는 줄만 먼저 등록할 수 있습니다.</p>
      ) : null}
      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}
      {counts.valid > 0 ? children : null}
    </div>
  );
}

/** The top of a preview: back to the list or to another upload, the title, the file and when it was uploaded and added. */
export function ImportPreviewHeading({
  back,
  again,
  title,
  file,
  createdAt,
  confirmedAt,
}: {
  back: { to: string; label: string };
  /** The upload page. */
  again: string;
  title: string;
  /** The file's name (and who uploaded it). */
  file: string;
  createdAt: string;
  confirmedAt: string | null;
}) {
  return (
    <>
      <p>
        <Link to={back.to}>‹ {back.label}</Link> · <Link to={again}>다른 파일 가져오기</Link>
      </p>
      <h1 id="preview-title" className="page-title">
        {title}
      </h1>
      <p className="muted">
        {file} · 올린 시각 {createdAt}
        {confirmedAt ? ` · 등록 시각 ${confirmedAt}` : ''}
      </p>
    </>
  );
}

type PreviewRow = { line: number; errors: string[]; outcome: string | null; skipReason: string | null };

/** A preview's rows: the line, the file's cells (`columns`), and what became of the row; a row with errors is marked. */
export function ImportPreviewTable<Row extends PreviewRow>({
  caption,
  columns,
  rows,
  ok,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** The check mark of a valid row ('확인' unless it says more). */
  ok?: (row: Row) => string;
}) {
  return (
    <ListTable
      caption={caption}
      columns={[
        { header: '줄', cell: (r) => r.line },
        ...columns,
        {
          header: '확인 결과',
          cell: (r) => <ImportRowResult outcome={r.outcome} skipReason={r.skipReason} errors={r.errors} ok={ok?.(r)} />,
        },
      ]}
      rows={rows}
      rowKey={(r) => r.line}
      rowClassName={(r) => (r.errors.length ? 'row-error' : undefined)}
      empty={caption}
    />
  );
}
