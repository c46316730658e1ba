import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { requireUser } from '~/web/guards.server';
import { BookCover, MethodBadge } from '~/components/reading';
import { Pagination } from '~/components/pagination';
import { BookStatus } from '~/domain/enums';
import { listBooks } from '~/services/reading/overview.server';

export const meta: MetaFunction = () => [{ title: '읽기 전 활동 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: 'USER' });
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const list = await listBooks(user.id, [BookStatus.WAITING], page, 12);
  return json(
    {
      page: list.page,
      pages: list.pages,
      books: list.items.map((b) => ({ id: b.resultBookId, bookId: b.bookId, title: b.title, author: b.author, method: b.readMethod })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export default function BeforeList() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page stack">
      <div className="page-title">
        <h1>읽기 전 활동</h1>
        <p>책을 펼치기 전에 표지와 제목을 보고 내용을 예측하고, 이미 알고 있는 것을 적어 보세요.</p>
      </div>
      {data.books.length === 0 ? (
        <p className="card empty">
          읽기 전 활동을 기다리는 책이 없어요. <Link to="/user/activity">독서활동</Link>에서 읽고 있는 책을 확인해 보세요.
        </p>
      ) : (
        <ul className="recommend-grid">
          {data.books.map((b) => (
            <li key={b.id} className="card">
              <BookCover bookId={b.bookId} title={b.title} size="sm" />
              <div className="stack">
                <div>
                  <strong>{b.title}</strong>
                  <p className="muted">{b.author}</p>
                  <MethodBadge method={b.method} />
                </div>
                <Link className="button small" to={`/user/before/${b.id}`} aria-label={`『${b.title}』 읽기 전 활동 하기`}>
                  읽기 전 활동 하기
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={data.pages} base="/user/before" />
    </div>
  );
}
