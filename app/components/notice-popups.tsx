import { useLocation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useState, type FormEvent } from 'react';
import { AlertDialog } from '~/components/dialogs';
import { CsrfInput } from '~/components/csrf';
import { fileSizeLabel } from '~/domain/file-size';
import { formatKoreanDate } from '~/lib/dates';
import { SPEC_MESSAGES } from '~/messages';

// The notices the home pages and the popup window show: the popups, the newest notices, a notice's body and files.
// Apart from the lists and the editor (notices.tsx), so the students' pages do not load the operators' editor.

/** A notice's body: HTML rendered from Markdown and cleaned with an allowlist on the server (markdown.server.ts). */
export function NoticeBody({ html }: { html: string }) {
  return <div className="notice-body" data-testid="notice-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

export type FileLink = { id: number; fileName: string; href: string; size?: number };

/** Attachments as download links (our route sends them as attachments; plain links, no client routing). */
export function NoticeFiles({ files }: { files: FileLink[] }) {
  if (!files.length) return null;
  return (
    <section className="notice-files" aria-label="첨부 파일">
      <h3>첨부 파일</h3>
      <ul>
        {files.map((f) => (
          <li key={f.id}>
            <a href={f.href} download={f.fileName}>
              {f.fileName}
            </a>
            {f.size !== undefined ? <span className="muted"> ({fileSizeLabel(f.size)})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The newest notices on a dashboard. */
export function LatestNotices({ notices, base }: { notices: { id: number; title: string; publishedAt: string }[]; base: string }) {
  return (
    <section className="card latest-notices" aria-labelledby="latest-notices-title">
      <h2 id="latest-notices-title">공지사항</h2>
      {notices.length ? (
        <ul className="plain-list dashboard-list" data-testid="latest-notices">
          {notices.map((n) => (
            <li key={n.id}>
              <Link to={`${base}/${n.id}`}>{n.title}</Link> <span className="muted">· {formatKoreanDate(n.publishedAt)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">새 공지사항이 없어요.</p>
      )}
      <p>
        <Link to={base}>공지사항 전체 보기</Link>
      </p>
    </section>
  );
}

/** The 500 px window of spec §9. */
export const POPUP_FEATURES = 'width=500,height=640,scrollbars=yes,resizable=yes';

export type HomePopup = { id: number; title: string; html: string; files: FileLink[] };

/** '오늘 하루 보지 않기' and 닫기: the popup window and the inline panel post the same form. */
export function PopupHideForm({
  noticeId,
  userId,
  returnTo,
  onSubmit,
}: {
  noticeId: number;
  userId: number;
  returnTo?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form method="post" action={`/popup/${noticeId}/${userId}`} className="popup-hide-form" onSubmit={onSubmit}>
      <CsrfInput />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <label className="checkbox">
        <input type="checkbox" name="hideToday" value="on" />
        오늘 하루 보지 않기
      </label>
      <button type="submit" className="secondary small">
        닫기
      </button>
    </form>
  );
}

/**
 * The notice popups of a home page (spec §2, §8, §9). The server renders them as a panel at the top of the page: that
 * is what a browser without JavaScript shows. With JavaScript each opens in its own 500 px window and the panel goes;
 * a blocked window alerts '팝업 차단을 해제해주세요.' and the panel stays.
 */
export function NoticePopups({ popups, userId }: { popups: HomePopup[]; userId: number }) {
  const { pathname } = useLocation();
  const [mode, setMode] = useState<'panel' | 'windows' | 'closed'>('panel');
  const [blocked, setBlocked] = useState(false);
  const ids = popups.map((p) => p.id).join(',');
  useEffect(() => {
    if (!ids) return;
    let opened = true;
    for (const id of ids.split(',')) {
      if (!window.open(`/popup/${id}/${userId}`, `notice-popup-${id}`, POPUP_FEATURES)) {
        opened = false;
        break;
      }
    }
    setMode(opened ? 'windows' : 'panel');
    setBlocked(!opened);
  }, [ids, userId]);
  if (!popups.length || mode !== 'panel') return null;
  const closeUnlessHiding = (event: FormEvent<HTMLFormElement>) => {
    // Only '오늘 하루 보지 않기' needs the server; closing for now is done here.
    const hide = event.currentTarget.elements.namedItem('hideToday') as HTMLInputElement | null;
    if (hide?.checked) return;
    event.preventDefault();
    setMode('closed');
  };
  return (
    <>
      {blocked ? (
        <AlertDialog
          title={SPEC_MESSAGES.alertTitle}
          message={SPEC_MESSAGES.popupBlocked}
          onClose={() => setBlocked(false)}
          confirm={{ onClick: () => setBlocked(false) }}
        />
      ) : null}
      <div className="notice-popup-panel" data-testid="notice-popup-panel">
        {popups.map((p) => (
          <section key={p.id} className="card notice-popup" aria-labelledby={`notice-popup-${p.id}`}>
            <p className="notice-popup-kind">공지</p>
            <h2 id={`notice-popup-${p.id}`}>{p.title}</h2>
            <NoticeBody html={p.html} />
            <NoticeFiles files={p.files} />
            <PopupHideForm noticeId={p.id} userId={userId} returnTo={pathname} onSubmit={closeUnlessHiding} />
          </section>
        ))}
      </div>
    </>
  );
}
