import { Form, useNavigate } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SPEC_MESSAGES } from '~/messages';
import { BILL_LINE_STATE_LABELS, type BillLineState, type MonthState } from '~/domain/payments';
import { CsrfInput } from './csrf';
import { useForm, type FormReply } from './form-client';
import { FieldError, FormErrors } from './form-fields';
import { AlertDialog } from './dialogs';
import { ListPage, type Column } from './list-page';
import { PrintButton } from './print-button';

// The payments page and the receipt, shared by the HEAD's page (/admin/payments) and an individual member's
// (/user/my-page/payments). The pay form is a plain POST: without JavaScript the order is created and the browser
// goes to the provider's window and back by full-page redirects. With JavaScript the card and transfer windows open
// as a 500 px popup that ends at /card-pay/close, which tells this page (postMessage to the opener, and a
// BroadcastChannel for a popup the provider's pages cut off from its opener) where the receipt is.

/** The message /card-pay/close sends to the page that opened the popup. */
export const PAY_RESULT_MESSAGE = 'readin-pay-result';
export const PAY_CHANNEL = 'readin-pay';
export const PAY_WINDOW_NAME = 'readin-pay';

type Line = {
  tier: number;
  label: string;
  reason: string;
  display: string;
  state: BillLineState;
  refunded: string | null;
  waitingOrderId: number | null;
};

export type PaymentsPageData = {
  monthLabel: string;
  paid: boolean;
  /** The month's billing state (billing-state.server.ts), as the dashboard and the operators' lists read it. */
  summary: {
    state: MonthState;
    /** The month's word, naming the unpaid lines when part of the bill is paid (billingWords). */
    stateLabel: string;
    owed: string;
    paid: string;
    refunded: string | null;
    pending: string | null;
    due: string;
    dueAmount: number;
  };
  lines: Line[];
  unpriced: string[];
  payable: Line[];
  cardAvailable: boolean;
  deposit: { bank: string; account: string; holder: string } | null;
  waitingDeposits: { id: number; tier: string; amount: string; depositorName: string | null; until: string | null }[];
  history: {
    id: number;
    month: string;
    tier: string;
    method: string;
    status: string;
    success: boolean;
    amount: string;
    refunded: string | null;
    approvedOn: string | null;
    href: string;
  }[];
  page: number;
  pages: number;
  total: number;
};

const LINE_STATE = BILL_LINE_STATE_LABELS;

export function BillSection({ d, receiptBase }: { d: PaymentsPageData; receiptBase: string }) {
  return (
    <section className="card" aria-labelledby="bill-title">
      <h2 id="bill-title">{d.monthLabel} 결제할 항목</h2>
      <div className="table-wrap">
        <table className="table" data-testid="bill">
          <thead>
            <tr>
              <th scope="col">항목</th>
              <th scope="col">내용</th>
              <th scope="col" className="num">
                금액
              </th>
              <th scope="col">상태</th>
            </tr>
          </thead>
          <tbody>
            {d.lines.map((l) => (
              <tr key={l.tier} data-testid={`bill-line-${l.tier}`}>
                <th scope="row">{l.label}</th>
                <td>{l.reason}</td>
                <td className="num" data-testid={l.tier === 1 ? 'due-amount' : undefined}>
                  {l.display}
                </td>
                <td data-testid={l.tier === 1 ? 'due-state' : undefined}>
                  {l.state === 'paid' ? <strong>{LINE_STATE.paid}</strong> : LINE_STATE[l.state]}
                  {l.refunded ? <span className="muted"> (환불 {l.refunded})</span> : null}
                  {l.state === 'deposit' && l.waitingOrderId ? (
                    <>
                      {' '}
                      <Link to={`${receiptBase}/${l.waitingOrderId}`}>입금 계좌 보기</Link>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {d.unpriced.length ? (
        <p className="muted">아직 가격이 정해지지 않은 항목({d.unpriced.join(', ')})은 가격이 정해진 뒤 결제할 수 있습니다.</p>
      ) : null}
      <dl className="facts" data-testid="bill-state">
        <dt>이번 달 상태</dt>
        <dd data-testid="bill-state-label">{d.summary.stateLabel}</dd>
        <dt>청구 합계</dt>
        <dd>{d.summary.owed}</dd>
        <dt>결제한 금액</dt>
        <dd>{d.summary.paid}</dd>
        {d.summary.refunded ? (
          <>
            <dt>환불한 금액</dt>
            <dd data-testid="bill-refunded">{d.summary.refunded}</dd>
          </>
        ) : null}
        <dt>남은 금액</dt>
        <dd data-testid="bill-due">
          {d.summary.due}
          {d.summary.pending ? ` (확인 중 ${d.summary.pending})` : ''}
        </dd>
      </dl>
      {!d.paid ? (
        <p className="alert warning" role="status">
          {SPEC_MESSAGES.basicPayRequired} 결제가 확인되면 바로 모든 메뉴를 이용할 수 있습니다.
        </p>
      ) : d.summary.state === 'paid' ? (
        <p className="alert success" role="status">
          이번 달 이용료가 모두 결제되었습니다.
        </p>
      ) : (
        <p className="alert info" role="status">
          {d.summary.state === 'waiting'
            ? `이번 달 기본 결제는 확인되었습니다. 남은 항목(${d.summary.pending})은 결제를 확인하고 있습니다.`
            : `이번 달 기본 결제는 확인되었습니다. 남은 금액 ${d.summary.due}도 결제해 주세요.`}
        </p>
      )}
    </section>
  );
}

const isLocalPath = (url: unknown): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');

/** The pay form: which line, how (card / transfer / 무통장입금), the cash receipt and the depositor's name. */
export function PayForm({ d, failed, action }: { d: PaymentsPageData; failed?: FormReply; action: string }) {
  const navigate = useNavigate();
  const [form, fields] = useForm<Record<'tier' | 'method' | 'receiptType' | 'cashReceiptIdentity' | 'depositorName', string>>({
    id: 'pay',
    lastResult: failed,
  });
  const waiting = useRef(false);
  const [popup, setPopup] = useState<'idle' | 'open' | 'blocked'>('idle');
  useEffect(() => {
    const go = (data: unknown) => {
      const message = data as { type?: string; url?: unknown } | null;
      if (!waiting.current || message?.type !== PAY_RESULT_MESSAGE || !isLocalPath(message.url)) return;
      waiting.current = false;
      navigate(message.url);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) go(event.data);
    };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(PAY_CHANNEL);
    if (channel) channel.onmessage = (event) => go(event.data);
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [navigate]);

  if (!d.payable.length) return null;
  const v = (name: keyof typeof fields) => {
    const value = fields[name].initialValue;
    return typeof value === 'string' ? value : undefined;
  };
  const methods = [
    ...(d.cardAvailable
      ? [
          { value: 'c', label: '카드' },
          { value: 'o', label: '계좌이체' },
        ]
      : []),
    ...(d.deposit ? [{ value: 'm', label: '무통장입금' }] : []),
  ];
  if (!methods.length) {
    return (
      <section className="card">
        <h2>결제하기</h2>
        <p>지금은 결제할 수 있는 수단이 없습니다. 고객센터에 문의해 주세요.</p>
      </section>
    );
  }
  const defaultMethod = v('method') ?? methods[0].value;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const method = (form.elements.namedItem('method') as RadioNodeList | null)?.value;
    const windowField = form.elements.namedItem('window') as HTMLInputElement;
    if (method !== 'c' && method !== 'o') {
      form.target = '';
      windowField.value = 'page';
      return;
    }
    // Opened synchronously in the click's turn, or the browser blocks it.
    const opened = window.open('', PAY_WINDOW_NAME, 'width=500,height=720');
    if (!opened) {
      event.preventDefault();
      setPopup('blocked');
      return;
    }
    form.target = PAY_WINDOW_NAME;
    windowField.value = 'popup';
    waiting.current = true;
    // After the browser has read the form: a render now would put the hidden field's value back before it is sent.
    setTimeout(() => setPopup('open'), 0);
  };

  const error = (name: keyof typeof fields) => <FieldError meta={fields[name]} />;
  const described = (name: keyof typeof fields) =>
    fields[name].errors ? { 'aria-invalid': true as const, 'aria-describedby': fields[name].errorId } : {};

  return (
    <section className="card" aria-labelledby="pay-title">
      <h2 id="pay-title">결제하기</h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      {popup === 'open' ? (
        <p className="alert info" role="status">
          결제 창에서 결제를 진행해 주세요. 결제가 끝나면 이 화면에 결과가 나옵니다.
        </p>
      ) : null}
      {popup === 'blocked' ? (
        <AlertDialog title={SPEC_MESSAGES.alertTitle} message={SPEC_MESSAGES.popupBlocked} onClose={() => setPopup('idle')} />
      ) : null}
      <form method="post" action={action} className="pay-form" onSubmit={onSubmit} noValidate>
        <CsrfInput />
        <input type="hidden" name="window" defaultValue="page" />
        <fieldset>
          <legend>결제할 항목</legend>
          {d.payable.map((l, i) => (
            <label key={l.tier} className="choice">
              <input type="radio" name="tier" value={l.tier} defaultChecked={v('tier') ? v('tier') === String(l.tier) : i === 0} />
              {l.label} {l.display}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>결제 수단</legend>
          {methods.map((m) => (
            <label key={m.value} className="choice">
              <input type="radio" name="method" value={m.value} defaultChecked={defaultMethod === m.value} />
              {m.label}
            </label>
          ))}
          {error('method')}
        </fieldset>
        <fieldset className="receipt-fields">
          <legend>현금영수증 (계좌이체·무통장입금)</legend>
          {[
            { value: 'N', label: '발급 안 함' },
            { value: 'C', label: '소득공제용 (휴대폰 번호)' },
            { value: 'T', label: '지출증빙용 (사업자등록번호)' },
          ].map((r) => (
            <label key={r.value} className="choice">
              <input type="radio" name="receiptType" value={r.value} defaultChecked={(v('receiptType') ?? 'N') === r.value} />
              {r.label}
            </label>
          ))}
          {error('receiptType')}
          <div className="field">
            <label htmlFor="cashReceiptIdentity">휴대폰 번호 또는 사업자등록번호</label>
            <input
              id="cashReceiptIdentity"
              name="cashReceiptIdentity"
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              defaultValue={v('cashReceiptIdentity')}
              {...described('cashReceiptIdentity')}
            />
            {error('cashReceiptIdentity')}
          </div>
        </fieldset>
        {d.deposit ? (
          <fieldset className="deposit-fields">
            <legend>무통장입금</legend>
            <p className="muted">
              입금 계좌: {d.deposit.bank} {d.deposit.account} ({d.deposit.holder}). 주문 후 7일 안에 입금해 주세요. 운영자가 입금을 확인하면
              결제가 완료됩니다.
            </p>
            <div className="field">
              <label htmlFor="depositorName">입금자명</label>
              <input
                id="depositorName"
                name="depositorName"
                maxLength={20}
                autoComplete="off"
                defaultValue={v('depositorName')}
                {...described('depositorName')}
              />
              {error('depositorName')}
            </div>
          </fieldset>
        ) : null}
        <p className="muted">카드와 계좌이체는 결제 창(토스페이먼츠)에서 진행합니다. 금액은 위 청구 금액으로 정해집니다.</p>
        <div className="form-actions">
          <button type="submit">결제하기</button>
        </div>
      </form>
    </section>
  );
}

export function WaitingDeposits({ d, receiptBase }: { d: PaymentsPageData; receiptBase: string }) {
  if (!d.waitingDeposits.length || !d.deposit) return null;
  return (
    <section className="card" aria-labelledby="deposit-title">
      <h2 id="deposit-title">입금 대기 중인 주문</h2>
      <p>
        아래 계좌로 입금해 주세요:{' '}
        <strong data-testid="deposit-account">{`${d.deposit.bank} ${d.deposit.account} (${d.deposit.holder})`}</strong>
      </p>
      <ul>
        {d.waitingDeposits.map((w) => (
          <li key={w.id}>
            <Link to={`${receiptBase}/${w.id}`}>
              {w.tier} {w.amount}
            </Link>
            {w.depositorName ? ` · 입금자명 ${w.depositorName}` : ''}
            {w.until ? ` · ${w.until}까지` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}

const HISTORY_COLUMNS: Column<PaymentsPageData['history'][number]>[] = [
  { header: '이용 월', cell: (p) => `${p.month.slice(0, 4)}년 ${Number(p.month.slice(5))}월` },
  { header: '상품', cell: (p) => p.tier },
  { header: '결제 수단', cell: (p) => p.method },
  { header: '상태', cell: (p) => (p.success ? <strong>{p.status}</strong> : p.status) },
  {
    header: '금액',
    cell: (p) => (
      <>
        {p.amount}
        {p.refunded ? <span className="muted"> (환불 {p.refunded})</span> : null}
      </>
    ),
    className: 'num',
  },
  { header: '승인일', cell: (p) => p.approvedOn ?? '—' },
  {
    header: '영수증',
    cell: (p) => (
      <Link to={p.href} aria-label={`${p.month} ${p.tier} 영수증`}>
        보기
      </Link>
    ),
  },
];

export function PaymentHistory({ d, base }: { d: PaymentsPageData; base: string }) {
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">결제 내역 ({d.total}건)</h2>
      <ListPage
        base={base}
        list={{ rows: d.history, page: d.page, pages: d.pages }}
        caption="결제 내역"
        columns={HISTORY_COLUMNS}
        empty="아직 결제 내역이 없습니다."
      />
    </section>
  );
}

export type ReceiptData = {
  id: number;
  organisationName: string;
  status: number;
  statusLabel: string;
  checking: boolean;
  checkingMessage: string;
  amount: string;
  balance: string;
  refunded: string | null;
  tier: string;
  orderName: string;
  month: string;
  method: string;
  paidWith: string | null;
  approvedAt: string | null;
  createdAt: string;
  orderId: string;
  receiptUrl: string | null;
  cashReceipt: { type: string; identity: string | null; url: string | null } | null;
  failure: { code: string | null; message: string } | null;
  refunds: { id: number; amount: string; reason: string; state: string; at: string }[];
  deposit: { bank: string; account: string; holder: string; depositorName: string | null; until: string | null } | null;
  listHref: string;
};

/** The receipt of one order: printable, every date on the Seoul clock. */
export function PaymentReceiptView({ r }: { r: ReceiptData }) {
  return (
    <div className="page payment-receipt">
      <p className="no-print">
        <Link to={r.listHref}>‹ 결제</Link>
      </p>
      <header className="page-title">
        <h1>결제 영수증</h1>
        <p>{r.organisationName}</p>
      </header>
      {r.checking ? (
        <p className="alert info" role="status">
          {r.checkingMessage}. 잠시 후 다시 확인해 주세요.
        </p>
      ) : null}
      {r.checking ? (
        <Form method="post" className="no-print">
          <CsrfInput />
          <button type="submit" className="secondary">
            다시 확인하기
          </button>
        </Form>
      ) : null}
      {r.failure && r.status !== 999 ? (
        <p className="alert error" role="alert" data-testid="failure-message">
          {r.failure.message}
        </p>
      ) : null}
      <section className="card">
        <dl className="facts">
          <dt>상태</dt>
          <dd data-testid="receipt-status">
            <strong>{r.statusLabel}</strong>
          </dd>
          <dt>상품</dt>
          <dd>{r.orderName || `${r.tier} ${r.month}`}</dd>
          <dt>이용 월</dt>
          <dd>{r.month}</dd>
          <dt>금액</dt>
          <dd data-testid="receipt-amount">{r.amount}</dd>
          {r.refunded ? (
            <>
              <dt>환불된 금액</dt>
              <dd>{r.refunded}</dd>
              <dt>남은 금액</dt>
              <dd>{r.balance}</dd>
            </>
          ) : null}
          <dt>결제 수단</dt>
          <dd>{r.method}</dd>
          {r.paidWith ? (
            <>
              <dt>결제 정보</dt>
              <dd>{r.paidWith}</dd>
            </>
          ) : null}
          <dt>주문일시</dt>
          <dd>{r.createdAt}</dd>
          {r.approvedAt ? (
            <>
              <dt>승인일시</dt>
              <dd>{r.approvedAt}</dd>
            </>
          ) : null}
          <dt>주문번호</dt>
          <dd>
            <code>{r.orderId}</code>
          </dd>
          {r.cashReceipt ? (
            <>
              <dt>현금영수증</dt>
              <dd>
                {r.cashReceipt.type}
                {r.cashReceipt.identity ? ` · ${r.cashReceipt.identity}` : ''}
                {r.cashReceipt.url ? (
                  <>
                    {' '}
                    <a href={r.cashReceipt.url} target="_blank" rel="noopener noreferrer">
                      현금영수증 보기
                    </a>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {r.failure && r.status !== 999 ? (
            <>
              <dt>사유</dt>
              <dd>
                {r.failure.message}
                {r.failure.code ? <span className="muted"> ({r.failure.code})</span> : null}
              </dd>
            </>
          ) : null}
        </dl>
        {r.receiptUrl ? (
          <p className="provider-receipt">
            <a href={r.receiptUrl} target="_blank" rel="noopener noreferrer">
              결제사 영수증 보기
            </a>
          </p>
        ) : null}
      </section>
      {r.deposit ? (
        <section className="card" aria-labelledby="deposit-account-title">
          <h2 id="deposit-account-title">입금 안내</h2>
          <dl className="facts">
            <dt>입금 계좌</dt>
            <dd data-testid="deposit-account">{`${r.deposit.bank} ${r.deposit.account}`}</dd>
            <dt>예금주</dt>
            <dd>{r.deposit.holder}</dd>
            <dt>입금할 금액</dt>
            <dd>{r.amount}</dd>
            {r.deposit.depositorName ? (
              <>
                <dt>입금자명</dt>
                <dd>{r.deposit.depositorName}</dd>
              </>
            ) : null}
            {r.deposit.until ? (
              <>
                <dt>입금 기한</dt>
                <dd>{r.deposit.until}</dd>
              </>
            ) : null}
          </dl>
          <p className="muted">운영자가 입금을 확인하면 결제가 완료됩니다.</p>
        </section>
      ) : null}
      {r.refunds.length ? (
        <section className="card" aria-labelledby="refunds-title">
          <h2 id="refunds-title">환불 내역</h2>
          <ul>
            {r.refunds.map((x) => (
              <li key={x.id}>
                {x.at} · {x.amount} · {x.state} · {x.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="no-print">
        <PrintButton />
      </p>
    </div>
  );
}
