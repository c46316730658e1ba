import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { CsrfInput } from '~/components/csrf';
import { When } from '~/components/notes';
import { Pagination } from '~/components/pagination';
import { INBOX_MESSAGES, inboxKindLabel } from '~/domain/inbox';

// The inbox pages of the user and admin areas (spec user/message): the list with unread marks, one item. Opening an
// item is a small post form (its title is the button), so it works without JavaScript and a GET never marks anything.

export type InboxItemView = {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
};

export type InboxListView = { items: InboxItemView[]; total: number; unread: number; page: number; pages: number };

function preview(text: string, max = 120) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** An item's kind, its unread mark and when it came. */
function InboxItemHead({ item }: { item: InboxItemView }) {
  return (
    <div className="inbox-item-head">
      <span className="badge neutral">{inboxKindLabel(item.kind)}</span>
      {item.readAt ? null : <span className="badge new-mark">새 메시지</span>}
      <span className="muted">
        <When at={item.createdAt} />
      </span>
    </div>
  );
}

export function InboxList({ list, base }: { list: InboxListView; base: string }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="page stack">
      <header className="page-head">
        <div>
          <h1 className="page-title">메시지</h1>
          <p className="muted" role="status">
            받은 메시지 {list.total}건
            {list.unread > 0 ? (
              <>
                {' '}
                · <strong className="new-mark">읽지 않음 {list.unread}건</strong>
              </>
            ) : null}
          </p>
        </div>
        {list.unread > 0 ? (
          <Form method="post" action={base}>
            <CsrfInput />
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="secondary small" disabled={busy}>
              모두 읽음으로 표시
            </button>
          </Form>
        ) : null}
      </header>
      {list.items.length === 0 ? (
        <p className="card empty">{INBOX_MESSAGES.empty}</p>
      ) : (
        <ul className="inbox-list plain-list">
          {list.items.map((item) => (
            <li key={item.id} className={`card inbox-item${item.readAt ? '' : ' unread'}`}>
              <InboxItemHead item={item} />
              <Form method="post" action={`${base}/${item.id}`} className="inbox-open">
                <CsrfInput />
                <input type="hidden" name="intent" value="open" />
                <button type="submit" className="link-button" disabled={busy}>
                  {item.title}
                </button>
              </Form>
              <p className="note-excerpt">{preview(item.body)}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pages={list.pages} href={(p) => `${base}?page=${p}`} />
    </div>
  );
}

export function InboxItemPage({ item, base }: { item: InboxItemView; base: string }) {
  return (
    <div className="page stack">
      <p>
        <Link to={base}>‹ 메시지 목록</Link>
      </p>
      <article className="card stack" aria-labelledby="message-title">
        <InboxItemHead item={item} />
        <h1 id="message-title" className="h3">
          {item.title}
        </h1>
        <p className="note-text">{item.body}</p>
        <div className="form-actions">
          {item.link ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="open" />
              <button type="submit">관련 화면으로 이동</button>
            </Form>
          ) : null}
          {item.readAt ? null : (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="read" />
              <button type="submit" className="secondary">
                읽음으로 표시
              </button>
            </Form>
          )}
        </div>
      </article>
    </div>
  );
}
