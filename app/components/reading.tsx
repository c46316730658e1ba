import { BOOK_STATUS_LABELS, READ_METHOD_LABELS } from '~/domain/reading';
import type { BookStatus, ReadMethod } from '~/domain/enums';

/** The generated cover of a book, served by /resources/covers/$bookId (long cache). */
export function BookCover({ bookId, title, size = 'md' }: { bookId: number; title: string; size?: 'sm' | 'md' | 'lg' }) {
  const width = size === 'sm' ? 60 : size === 'md' ? 96 : 150;
  return (
    <img
      className={`book-cover ${size}`}
      src={`/resources/covers/${bookId}`}
      alt={`『${title}』 표지`}
      width={width}
      height={Math.round(width * 1.4)}
      loading="lazy"
      decoding="async"
    />
  );
}

export function StatusBadge({ status }: { status: BookStatus }) {
  return <span className={`badge status-${status}`}>{BOOK_STATUS_LABELS[status]}</span>;
}

export function MethodBadge({ method }: { method: ReadMethod }) {
  return <span className="badge method">{READ_METHOD_LABELS[method]}</span>;
}

/** An accessible progress bar with its text label ('120 / 240쪽'). */
export function ProgressBar({ percent, label, name }: { percent: number; label: string; name: string }) {
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label} (${percent}%)`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="progress-label">
        {label} · {percent}%
      </span>
    </div>
  );
}

/** The read-method choice of an assignment form (`methods` come from the loader, labelled for the audience). */
export function ReadMethodSelect({
  id,
  methods,
  defaultValue,
}: {
  id: string;
  methods: { value: number; label: string }[];
  defaultValue?: number;
}) {
  return (
    <select id={id} name="readMethod" defaultValue={defaultValue}>
      {methods.map((m) => (
        <option key={m.value} value={m.value}>
          {m.label}
        </option>
      ))}
    </select>
  );
}
