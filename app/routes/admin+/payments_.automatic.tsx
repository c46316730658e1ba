import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useState } from 'react';
import { requireHead } from '~/web/guards.server';
import { CsrfInput } from '~/components/csrf';
import { ConfirmDialog, useHydrated } from '~/components/dialogs';
import { firstError } from '~/components/form-client';
import { PaymentStatus } from '~/domain/enums';
import { PAYMENT_STATUS_LABELS } from '~/domain/payments';
import { formatKoreanDate, formatDateTime } from '~/lib/dates';
import { formAction, done } from '~/web/form-action.server';
import { orRespond, pageData, redirectWithFlash } from '~/web/http.server';
import { paymentGateway } from '~/services/payments/gateway.server';
import {
  AUTOMATIC_MESSAGES,
  automaticIntents,
  automaticPaymentState,
  registrationWindow,
  startCardRegistration,
  turnOffAutomaticPayment,
} from '~/services/payments/automatic.server';

export const meta: MetaFunction = () => [{ title: '자동 결제 | 리드인' }];

// The academy's automatic monthly payment (HEAD only, open even when this month is unpaid): the registered card (its
// summary only: the provider's billing key never leaves the server), since when, the next charge date, this month's
// automatic orders; register or replace the card in the provider's billing window, and turn it off (a confirmation
// step through `?off=1`, which works without JavaScript). Registering never charges at once: the first charge is on
// the 1st of the next month.

const HERE = '/admin/payments/automatic';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireHead(request);
  const state = await orRespond(() => automaticPaymentState(user));
  const url = new URL(request.url);
  return pageData({
    ...state,
    available: paymentGateway() !== null,
    confirmOff: url.searchParams.get('off') === '1' && state.active !== null,
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: ({ request }) => requireHead(request),
    schema: automaticIntents,
    unknownIntent: AUTOMATIC_MESSAGES.unknownRequest,
    run: async ({ user, request, value }) => {
      if (value.intent === 'register') {
        const start = await startCardRegistration(user, request.url);
        // With JavaScript the page opens the window with the provider's SDK; without it, the simulator's window is a
        // plain page (Toss's own window needs its SDK).
        if (value.js === '1') return done({ billingAuth: start.sdk });
        return redirect(registrationWindow(start));
      }
      const off = await turnOffAutomaticPayment(user);
      return redirectWithFlash(HERE, off ? AUTOMATIC_MESSAGES.turnedOff : AUTOMATIC_MESSAGES.alreadyOff, off ? 'success' : 'info');
    },
  });
}

type BillingAuth = { clientKey: string; sdkUrl: string; customerKey: string; successUrl: string; failUrl: string };
type TossSdk = (clientKey: string) => {
  payment(options: { customerKey: string }): {
    requestBillingAuth(params: { method: 'CARD'; successUrl: string; failUrl: string }): Promise<unknown>;
  };
};

/** Loads the provider's SDK (once) and opens its billing-key window in this page; it returns to our success/fail URL. */
function openBillingWindow(auth: BillingAuth, onError: (message: string) => void) {
  const open = () => {
    const sdk = (window as unknown as { TossPayments?: TossSdk }).TossPayments;
    if (!sdk) return onError('결제 모듈을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.');
    sdk(auth.clientKey)
      .payment({ customerKey: auth.customerKey })
      .requestBillingAuth({ method: 'CARD', successUrl: auth.successUrl, failUrl: auth.failUrl })
      .catch((error: unknown) => onError(error instanceof Error ? error.message : '카드 등록 창을 열지 못했습니다.'));
  };
  if ((window as unknown as { TossPayments?: TossSdk }).TossPayments) return open();
  const script = document.createElement('script');
  script.src = auth.sdkUrl;
  script.onload = open;
  script.onerror = () => onError('결제 모듈을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.');
  document.head.appendChild(script);
}

export default function AutomaticPayment() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== 'idle';
  const [sdkError, setSdkError] = useState<string | null>(null);
  const auth = result?.data?.billingAuth ?? null;
  useEffect(() => {
    if (auth) openBillingWindow(auth, setSdkError);
  }, [auth]);
  const error = sdkError ?? firstError(result);
  const registerForm = (label: string) => (
    <Form method="post" className="inline-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="register" />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button type="submit" className={d.active ? 'button secondary' : 'button'} disabled={busy || !d.available}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className="page automatic-payment">
      <p>
        <Link to="/admin/payments">‹ 결제</Link>
      </p>
      <header className="page-title">
        <h1>자동 결제</h1>
        <p>카드를 등록하면 매달 1일에 그달의 이용료(기본 이용료와 필요한 추가 학생 요금)가 자동으로 결제됩니다.</p>
      </header>

      {d.confirmOff ? (
        <ConfirmDialog
          title="자동 결제 해지"
          icon="warning"
          message={<p>자동 결제를 해지할까요? 해지하면 다음 달부터는 결제 페이지에서 직접 결제해야 합니다.</p>}
          close={{ label: '취소', href: HERE }}
          confirm={{
            form: (
              <Form method="post" action={HERE}>
                <CsrfInput />
                <input type="hidden" name="intent" value="off" />
                <button type="submit" className="button danger" disabled={busy}>
                  해지
                </button>
              </Form>
            ),
          }}
        />
      ) : null}

      {error ? (
        <div className="alert error" role="alert">
          {error}
        </div>
      ) : null}

      <section className="card" aria-labelledby="auto-state-title">
        <h2 id="auto-state-title">자동 결제 {d.active ? '사용 중' : '사용 안 함'}</h2>
        {d.active ? (
          <>
            <dl className="facts" data-testid="automatic-state">
              <dt>상태</dt>
              <dd>
                <strong className="badge">자동 결제 사용 중</strong>
              </dd>
              <dt>카드</dt>
              <dd data-testid="card-summary">{d.active.cardSummary}</dd>
              <dt>등록일</dt>
              <dd>
                {formatKoreanDate(d.active.since)}
                {d.active.registeredBy ? ` (${d.active.registeredBy})` : ''}
              </dd>
              <dt>다음 결제일</dt>
              <dd data-testid="next-charge">{d.nextCharge ? formatKoreanDate(d.nextCharge) : '-'}</dd>
            </dl>
            {d.chargedThisMonth ? null : (
              <p className="alert info" role="status">
                이번 달 이용료는 자동으로 결제되지 않습니다. 자동 결제는 {d.nextCharge ? formatKoreanDate(d.nextCharge) : '다음 달 1일'}부터
                시작합니다. 이번 달 이용료는 결제 페이지에서 직접 결제해 주세요.
              </p>
            )}
            <div className="form-actions">
              {registerForm('카드 바꾸기')}
              <Link className="button danger" to={`${HERE}?off=1`}>
                자동 결제 해지
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>
              등록한 카드로 매달 1일에 그달의 이용료가 결제되고, 결제 결과는 알림톡으로 알려 드립니다. 지금 등록해도 바로 결제되지 않으며,
              다음 달 1일부터 자동으로 결제됩니다. 신규 등록비는 자동 결제에 포함되지 않습니다.
            </p>
            {d.available ? (
              <div className="form-actions">{registerForm('카드 등록하기')}</div>
            ) : (
              <p className="alert warning" role="status">
                {AUTOMATIC_MESSAGES.unavailable}
              </p>
            )}
          </>
        )}
      </section>

      <section className="card" aria-labelledby="auto-history-title">
        <h2 id="auto-history-title">자동 결제 내역</h2>
        {d.orders.length ? (
          <div className="table-wrap">
            <table className="table" data-testid="automatic-history">
              <thead>
                <tr>
                  <th scope="col">결제일</th>
                  <th scope="col">내용</th>
                  <th scope="col">금액</th>
                  <th scope="col">상태</th>
                </tr>
              </thead>
              <tbody>
                {d.orders.map((o) => (
                  <tr key={o.orderId}>
                    <td>{formatDateTime(o.approvedAt ?? o.createdAt)}</td>
                    <td>{o.orderName}</td>
                    <td>{o.amountText}</td>
                    <td>
                      {PAYMENT_STATUS_LABELS[o.status as PaymentStatus] ?? o.status}
                      {o.status === PaymentStatus.FAIL && o.failMessage ? <span className="muted"> ({o.failMessage})</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">아직 자동으로 결제된 내역이 없습니다.</p>
        )}
      </section>
    </div>
  );
}
