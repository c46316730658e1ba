import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { alertResponse, requireSuper, type SignedIn } from '~/web/guards.server';
import { clientIp } from '~/auth/rate-limit.server';
import { CsrfInput } from '~/components/csrf';
import { rateLabel } from '~/domain/operator-payments';
import { PAYMENT_METHOD_LABELS, SETTLEMENT_STATUS_LABELS, TIER_LABELS, monthLabel, won } from '~/domain/payments';
import { now } from '~/lib/clock.server';
import { formatDateTime } from '~/lib/dates';
import { isDomainError } from '~/lib/errors';
import { pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import { branchActivity } from '~/services/operators/branch.server';
import { branchChoices, markPaidOut, settlementReport, settlementScope } from '~/services/payments/settlement-report.server';

export const meta: MetaFunction = () => [{ title: '지사 | 리드인 운영' }];

// BRANCH's home (spec §2): the academies of its region, their students' reading in a Seoul month, and the month's
// settlement: the region's academies and agencies with the payments' base and the branch's and agencies' shares, the
// lines (all, or one academy's), the figures of the tax invoice, and the same table as a spreadsheet. A BRANCH user
// sees only its own branch; operators (ADMIN1, ADMIN2) see every branch, or one, and mark a branch's month paid out.

const isOperator = (user: SignedIn) => user.authorities.includes('ADMIN1') || user.authorities.includes('ADMIN2');

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  const url = new URL(request.url);
  const { month, months, allBranches, branchId, academyId } = settlementScope(user, url, now());
  const [rows, report, branches] = await Promise.all([
    branchActivity(branchId, month),
    settlementReport({ branchId, month, academyId }),
    allBranches ? branchChoices() : Promise.resolve([]),
  ]);
  const total = rows.reduce(
    (t, r) => ({
      students: t.students + r.students,
      readers: t.readers + r.readers,
      minutes: t.minutes + r.minutes,
      pages: t.pages + r.pages,
      completed: t.completed + r.completed,
    }),
    { students: 0, readers: 0, minutes: 0, pages: 0, completed: 0 },
  );
  const query = new URLSearchParams({ month, ...(allBranches && branchId ? { branch: String(branchId) } : {}) }).toString();
  return pageData({
    rows,
    total,
    month,
    months,
    allBranches,
    branchId,
    branches,
    academyId,
    query,
    report: {
      ...report,
      lines: report.lines.map((l) => ({
        ...l,
        approvedAt: l.approvedAt ? formatDateTime(l.approvedAt) : null,
        paidOutAt: l.paidOutAt ? formatDateTime(l.paidOutAt) : null,
      })),
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuper(request, { allow: ['BRANCH'] });
  if (!isOperator(user)) throw alertResponse('정산 지급은 운영 관리자만 처리할 수 있습니다.');
  const form = await request.formData();
  const branchId = positiveInt(form.get('branch'));
  const month = String(form.get('month') ?? '');
  if (String(form.get('intent')) !== 'payout' || !branchId || !/^\d{4}-\d{2}$/.test(month))
    return json({ error: '요청을 처리할 수 없습니다.' }, { status: 400 });
  try {
    const done = await markPaidOut(user, branchId, month, { address: clientIp(request), origin: new URL(request.url).origin });
    return redirectWithFlash(
      `/super/tax/u/region/agency?${new URLSearchParams({ month, branch: String(branchId) })}`,
      `${monthLabel(month)} 정산 ${done.lines}건을 지급 완료로 표시했습니다. (지사 ${won(done.branch)}, 대리점 ${won(done.agency)})`,
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
}

export default function BranchHome() {
  const { rows, total, month, months, allBranches, branchId, branches, academyId, query, report } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const single = !allBranches || branchId !== null;
  const drillAcademy = academyId ? report.academies.find((a) => a.academyId === academyId) : null;
  return (
    <section aria-labelledby="branch-title" className="stack">
      <h1 id="branch-title" className="page-title">
        {allBranches ? '지사별 학원 현황과 정산' : '우리 지사 학원 현황과 정산'}
      </h1>
      <Form method="get" className="inline-form" aria-label="달 선택">
        <label htmlFor="month">달</label>
        <select id="month" name="month" defaultValue={month}>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </select>
        {allBranches ? (
          <>
            <label htmlFor="branch">지사</label>
            <select id="branch" name="branch" defaultValue={branchId ?? ''}>
              <option value="">모든 지사</option>
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button type="submit" className="small">
          보기
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="card muted">이 지사에 속한 학원이 아직 없습니다.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>{monthLabel(month)} 학원별 학생 독서 활동</caption>
            <thead>
              <tr>
                <th scope="col">학원</th>
                {allBranches ? <th scope="col">지사</th> : null}
                <th scope="col">대리점</th>
                <th scope="col">학생</th>
                <th scope="col">읽은 학생</th>
                <th scope="col">독서 시간(분)</th>
                <th scope="col">읽은 쪽수</th>
                <th scope="col">완독한 책</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.academyId}>
                  <th scope="row">{r.academyName}</th>
                  {allBranches ? <td>{r.branchName ?? '-'}</td> : null}
                  <td>{r.agencyName ?? '-'}</td>
                  <td>{r.students}명</td>
                  <td>{r.readers}명</td>
                  <td>{r.minutes.toLocaleString('ko-KR')}</td>
                  <td>{r.pages.toLocaleString('ko-KR')}</td>
                  <td>{r.completed}권</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">합계</th>
                {allBranches ? <td /> : null}
                <td />
                <td>{total.students}명</td>
                <td>{total.readers}명</td>
                <td>{total.minutes.toLocaleString('ko-KR')}</td>
                <td>{total.pages.toLocaleString('ko-KR')}</td>
                <td>{total.completed}권</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      <h2 id="settlement-title">{monthLabel(month)} 정산</h2>
      {failed?.error ? (
        <p className="alert error" role="alert">
          {failed.error}
        </p>
      ) : null}
      <div className="card settlement-summary" aria-labelledby="settlement-title">
        <dl className="facts">
          <dt>정산 대상 결제</dt>
          <dd data-testid="settlement-count">{report.totals.count}건</dd>
          <dt>결제 금액 합계</dt>
          <dd data-testid="settlement-base">{won(report.totals.base)}</dd>
          <dt>지사 정산액</dt>
          <dd data-testid="settlement-branch">{won(report.totals.branchAmount)}</dd>
          <dt>대리점 정산액</dt>
          <dd data-testid="settlement-agency">{won(report.totals.agencyAmount)}</dd>
          {report.recover.count > 0 ? (
            <>
              <dt>회수 필요 (지급 후 환불)</dt>
              <dd>
                {report.recover.count}건 · 지사 {won(report.recover.branchAmount)} · 대리점 {won(report.recover.agencyAmount)}
              </dd>
            </>
          ) : null}
        </dl>
        <p className="muted">정산 대상은 지급 대기와 지급 완료 결제입니다. 환불·취소된 결제는 합계에 넣지 않습니다.</p>
        <p>
          <a href={`/super/tax/u/region/agency/export.xlsx?${query}`} download>
            엑셀(.xlsx)로 받기
          </a>{' '}
          ·{' '}
          <a href={`/super/tax/u/region/agency/export.csv?${query}`} download>
            CSV로 받기
          </a>
        </p>
      </div>

      <div className="table-wrap">
        <table className="table">
          <caption>상태별 정산</caption>
          <thead>
            <tr>
              <th scope="col">상태</th>
              <th scope="col">건수</th>
              <th scope="col">결제 금액</th>
              <th scope="col">지사 몫</th>
              <th scope="col">대리점 몫</th>
            </tr>
          </thead>
          <tbody>
            {report.byStatus.map((s) => (
              <tr key={s.status}>
                <th scope="row">{s.label}</th>
                <td>{s.count}건</td>
                <td>{won(s.base)}</td>
                <td>{won(s.branchAmount)}</td>
                <td>{won(s.agencyAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {allBranches && report.branches.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption>지사별 정산과 지급</caption>
            <thead>
              <tr>
                <th scope="col">지사</th>
                <th scope="col">정산 대상</th>
                <th scope="col">지사 몫</th>
                <th scope="col">대리점 몫</th>
                <th scope="col">지급 대기</th>
                <th scope="col">지급</th>
              </tr>
            </thead>
            <tbody>
              {report.branches.map((b) => (
                <tr key={b.branchId}>
                  <th scope="row">
                    <Link to={`/super/tax/u/region/agency?${new URLSearchParams({ month, branch: String(b.branchId) })}`}>
                      {b.branchName}
                    </Link>
                  </th>
                  <td>
                    {b.count}건 · {won(b.base)}
                  </td>
                  <td>{won(b.branchAmount)}</td>
                  <td>{won(b.agencyAmount)}</td>
                  <td>
                    {b.waiting.count}건 · 지사 {won(b.waiting.branchAmount)} · 대리점 {won(b.waiting.agencyAmount)}
                  </td>
                  <td>
                    {b.waiting.count > 0 ? (
                      <Form method="post" className="inline-form">
                        <CsrfInput />
                        <input type="hidden" name="intent" value="payout" />
                        <input type="hidden" name="branch" value={b.branchId} />
                        <input type="hidden" name="month" value={month} />
                        <button type="submit" className="small" disabled={busy}>
                          {b.branchName} {monthLabel(month)} 지급 완료로 표시
                        </button>
                      </Form>
                    ) : (
                      <span className="muted">지급할 내역 없음</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {report.academies.length === 0 ? (
        <p className="card muted">이 달의 정산 내역이 없습니다.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption>학원별 정산</caption>
              <thead>
                <tr>
                  <th scope="col">학원</th>
                  {allBranches ? <th scope="col">지사</th> : null}
                  <th scope="col">대리점</th>
                  <th scope="col">정산 대상</th>
                  <th scope="col">결제 금액</th>
                  <th scope="col">지사 몫</th>
                  <th scope="col">대리점 몫</th>
                </tr>
              </thead>
              <tbody>
                {report.academies.map((a) => (
                  <tr key={a.academyId}>
                    <th scope="row">
                      <Link to={`/super/tax/u/region/agency?${query}&academy=${a.academyId}#lines`}>{a.academyName}</Link>
                    </th>
                    {allBranches ? <td>{a.branchName}</td> : null}
                    <td>{a.agencyName ?? '-'}</td>
                    <td>
                      {a.count}건 <span className="muted">(전체 {a.lines}건)</span>
                    </td>
                    <td>{won(a.base)}</td>
                    <td>{won(a.branchAmount)}</td>
                    <td>{won(a.agencyAmount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">합계</th>
                  {allBranches ? <td /> : null}
                  <td />
                  <td>{report.totals.count}건</td>
                  <td>{won(report.totals.base)}</td>
                  <td>{won(report.totals.branchAmount)}</td>
                  <td>{won(report.totals.agencyAmount)}</td>
                </tr>
              </tfoot>
            </table>
          </div>

          <div className="table-wrap">
            <table className="table">
              <caption>대리점별 정산</caption>
              <thead>
                <tr>
                  <th scope="col">대리점</th>
                  {allBranches ? <th scope="col">지사</th> : null}
                  <th scope="col">학원 수</th>
                  <th scope="col">정산 대상</th>
                  <th scope="col">결제 금액</th>
                  <th scope="col">대리점 몫</th>
                </tr>
              </thead>
              <tbody>
                {report.agencies.map((g) => (
                  <tr key={`${g.branchName}-${g.agencyId ?? '-'}`}>
                    <th scope="row">{g.agencyName}</th>
                    {allBranches ? <td>{g.branchName}</td> : null}
                    <td>{g.academyCount}곳</td>
                    <td>{g.count}건</td>
                    <td>{won(g.base)}</td>
                    <td>{won(g.agencyAmount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="table-wrap" id="lines">
            <table className="table settlement-lines">
              <caption>
                정산 내역{drillAcademy ? ` · ${drillAcademy.academyName}` : ''}
                {drillAcademy ? (
                  <>
                    {' '}
                    <Link to={`/super/tax/u/region/agency?${query}#lines`}>(모든 학원 보기)</Link>
                  </>
                ) : null}
              </caption>
              <thead>
                <tr>
                  <th scope="col">학원</th>
                  <th scope="col">주문번호</th>
                  <th scope="col">항목</th>
                  <th scope="col">결제 방법</th>
                  <th scope="col">결제일</th>
                  <th scope="col">결제 금액</th>
                  <th scope="col">지사 몫</th>
                  <th scope="col">대리점 몫</th>
                  <th scope="col">상태</th>
                </tr>
              </thead>
              <tbody>
                {report.lines.map((l) => (
                  <tr key={l.id} data-order-id={l.orderId}>
                    <th scope="row">{l.academyName}</th>
                    <td>{allBranches ? <Link to={`/super/payments/${l.paymentId}`}>{l.orderId}</Link> : l.orderId}</td>
                    <td>{TIER_LABELS[l.tier] ?? l.tier}</td>
                    <td>{PAYMENT_METHOD_LABELS[l.method] ?? l.method}</td>
                    <td>{l.approvedAt ?? '-'}</td>
                    <td>{won(l.baseAmount)}</td>
                    <td>
                      {won(l.branchAmount)} <span className="muted">({rateLabel(l.branchRate)})</span>
                    </td>
                    <td>
                      {won(l.agencyAmount)} <span className="muted">({rateLabel(l.agencyRate)})</span>
                    </td>
                    <td>
                      <span className={`badge settlement-status-${l.status}`}>{SETTLEMENT_STATUS_LABELS[l.status]}</span>
                      {l.toRecover ? <span className="settlement-recover"> 회수 필요</span> : null}
                      {l.paidOutAt ? <span className="muted"> · 지급 {l.paidOutAt}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {single && report.totals.count > 0 ? (
        <div className="card">
          <h2>세금계산서 정보</h2>
          <p className="muted">
            정산액은 부가가치세 10%가 포함된 금액입니다. 공급가액은 정산액 ÷ 1.1을 원 단위로 반올림한 금액, 세액은 그 나머지입니다.
          </p>
          <div className="table-wrap">
            <table className="table">
              <caption className="sr-only">세금계산서 금액</caption>
              <thead>
                <tr>
                  <th scope="col">구분</th>
                  <th scope="col">합계 금액</th>
                  <th scope="col">공급가액</th>
                  <th scope="col">세액</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">지사 몫</th>
                  <td>{won(report.invoice.branch.total)}</td>
                  <td data-testid="invoice-branch-supply">{won(report.invoice.branch.supply)}</td>
                  <td data-testid="invoice-branch-vat">{won(report.invoice.branch.vat)}</td>
                </tr>
                <tr>
                  <th scope="row">대리점 몫</th>
                  <td>{won(report.invoice.agency.total)}</td>
                  <td>{won(report.invoice.agency.supply)}</td>
                  <td>{won(report.invoice.agency.vat)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <h3>공급받는 자 (회사)</h3>
          <dl className="facts">
            <dt>상호</dt>
            <dd>{report.invoice.buyer.name ?? '-'}</dd>
            <dt>대표자</dt>
            <dd>{report.invoice.buyer.ceo ?? '-'}</dd>
            <dt>사업자등록번호</dt>
            <dd>{report.invoice.buyer.registrationNo ?? '-'}</dd>
            <dt>주소</dt>
            <dd>{report.invoice.buyer.address ?? '-'}</dd>
            <dt>세금계산서 받을 이메일</dt>
            <dd>{report.invoice.buyer.email ?? '-'}</dd>
          </dl>
          {report.invoice.buyer.example ? <p className="muted">체험 환경의 예시 사업자 정보입니다.</p> : null}
          <p className="muted">작성일자는 정산 지급일, 품목은 “{monthLabel(month)} 리드인 이용료 정산 수수료”로 적어 주세요.</p>
        </div>
      ) : null}
    </section>
  );
}
