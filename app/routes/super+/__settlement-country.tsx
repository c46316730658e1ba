import type { SerializeFrom } from '@remix-run/node';
import { Link } from '~/components/link';
import { monthLabel } from '~/domain/payments';
import type { loader } from './__settlement-page.server';
import { ReadingCells } from './__settlement';

// The operators' view of every branch's month (/super/tax/u/region/agency without a branch, decision 049): the
// reading of each branch's academies, a row per branch; each branch's name opens its own month, where its academies
// with their students and bills, its agencies and its lines are.

type CountryPage = Extract<SerializeFrom<typeof loader>, { view: 'country' }>;

const count = (n: number) => n.toLocaleString('ko-KR');

/** Each branch's academies and their students' reading in the month, with the country's total. */
export function CountryReading({ reading, month }: Pick<CountryPage, 'reading' | 'month'>) {
  if (reading.rows.length === 0) return <p className="card muted">등록된 학원이 아직 없습니다.</p>;
  return (
    <>
      <p className="muted">지사를 고르면 그 지사 학원별 학생 수와 이달 요금, 대리점별 정산, 정산 내역을 볼 수 있습니다.</p>
      <div className="table-wrap">
        <table className="table">
          <caption>{monthLabel(month)} 지사별 학생 독서활동</caption>
          <thead>
            <tr>
              <th scope="col">지사</th>
              <th scope="col">학원</th>
              <th scope="col">읽은 학생</th>
              <th scope="col">독서 시간(분)</th>
              <th scope="col">읽은 쪽수</th>
              <th scope="col">완독한 책</th>
            </tr>
          </thead>
          <tbody>
            {reading.rows.map((b) => (
              <tr key={b.branchId ?? 'none'}>
                <th scope="row">
                  {b.branchId == null ? (
                    '지사 없음'
                  ) : (
                    <Link to={`/super/tax/u/region/agency?${new URLSearchParams({ month, branch: String(b.branchId) })}`}>
                      {b.branchName}
                    </Link>
                  )}
                </th>
                <td>{count(b.academies)}곳</td>
                <ReadingCells figures={b} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">합계</th>
              <td>{count(reading.total.academies)}곳</td>
              <ReadingCells figures={reading.total} />
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
