import { BOOK_STATUS_LABELS, READ_METHOD_LABELS } from '~/domain/reading';
import type { BookStatus, ReadMethod } from '~/domain/enums';
import { coverDataUri } from '~/lib/cover-svg';
import { Options } from '~/components/filter-select';

// React 18 knows no `fetchPriority` prop; the lowercase attribute passes through as written.
const HIGH_PRIORITY = { fetchpriority: 'high' } as object;

/**
 * A book's cover. Below the fold (the default) it loads lazily from the cover route. The one cover above the fold
 * passes `above` with what the cover is drawn from: a generated cover is then written into the page as a data URI
 * (no request: it paints with the document, app/lib/cover-svg.ts), an uploaded one is requested at high priority.
 */
export function BookCover({
  bookId,
  title,
  size = 'md',
  above,
}: {
  bookId: number;
  title: string;
  size?: 'sm' | 'md' | 'lg';
  above?: { author: string; coverColor: string; uploaded: boolean };
}) {
  const width = size === 'sm' ? 60 : size === 'md' ? 96 : 150;
  const common = { className: `book-cover ${size}`, alt: `『${title}』 표지`, width, height: Math.round(width * 1.4) };
  if (above && !above.uploaded)
    return <img {...common} src={coverDataUri({ title, author: above.author, coverColor: above.coverColor })} />;
  if (above) return <img {...common} {...HIGH_PRIORITY} src={`/resources/covers/${bookId}`} />;
  return <img {...common} src={`/resources/covers/${bookId}`} loading="lazy" decoding="async" />;
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
      <Options options={methods.map((m) => [m.value, m.label] as const)} />
    </select>
  );
}
