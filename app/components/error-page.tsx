import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect } from 'react';
import { reportClientError } from '~/lib/client-log';
import { MESSAGES } from '~/messages';
import { AlertDialog, ConfirmDialog } from './dialogs';
import { useRequestRef } from './request-ref';

/** The 403 of the HEAD-only and basicPay guards: `{ alert: { title, message } }` (guards.server.ts). */
export function guardAlert(error: unknown): { title: string; message: string; action: { href: string; label: string } | null } | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const alert = (error.data as { alert?: { title?: unknown; message?: unknown; action?: { href?: unknown; label?: unknown } } } | null)
    ?.alert;
  if (!alert || typeof alert.title !== 'string' || typeof alert.message !== 'string') return null;
  const action =
    typeof alert.action?.href === 'string' && alert.action.href.startsWith('/') && typeof alert.action.label === 'string'
      ? { href: alert.action.href, label: alert.action.label }
      : null;
  return { title: alert.title, message: alert.message, action };
}

const TITLES: Record<number, { title: string; body: string }> = {
  400: { title: '요청을 처리할 수 없습니다', body: '입력하신 내용을 다시 확인해 주세요.' },
  401: { title: '로그인이 필요합니다', body: '로그인한 뒤 다시 시도해 주세요.' },
  403: { title: '접근 권한이 없습니다', body: '이 페이지를 볼 수 있는 권한이 없습니다. 계정을 확인해 주세요.' },
  404: { title: '페이지를 찾을 수 없습니다', body: MESSAGES.notFound },
  409: { title: '이미 처리된 요청입니다', body: '다른 사용자가 먼저 처리했습니다. 새로고침한 뒤 다시 확인해 주세요.' },
  413: { title: '파일이 너무 큽니다', body: '더 작은 파일을 선택해 주세요.' },
  429: { title: '요청이 너무 많습니다', body: '잠시 후 다시 시도해 주세요.' },
};

/**
 * The error screen of every area: says what happened in plain Korean and offers a way on.
 * Server details never reach the page; a 500 shows a general message.
 */
export function ErrorPage({ homeHref, homeLabel = '처음으로' }: { homeHref: string; homeLabel?: string }) {
  const error = useRouteError();
  const requestRef = useRequestRef();
  // An error thrown in the browser (not a server's answer, which the server logged: Remix hands those to the page as
  // a route error response or as 'Unexpected Server Error') is a failed enhancement: report it.
  useEffect(() => {
    if (error instanceof Error && error.message !== 'Unexpected Server Error') reportClientError('boundary', error);
  }, [error]);
  const alert = guardAlert(error);
  if (alert) {
    // The guard's alert as the spec's alert dialog; 확인 goes back to the area's home, and an alert that names a way on
    // (the basicPay alert's 결제하러 가기) offers it as the primary action.
    return (
      <div className="page guard-alert">
        {alert.action ? (
          <ConfirmDialog
            title={alert.title}
            message={alert.message}
            close={{ href: homeHref, label: '확인' }}
            confirm={{ href: alert.action.href, label: alert.action.label }}
          />
        ) : (
          <AlertDialog title={alert.title} message={alert.message} confirm={{ href: homeHref, label: '확인' }} />
        )}
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = TITLES[status] ?? { title: '문제가 발생했습니다', body: MESSAGES.serverError };
  const detail = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data && status < 500 ? error.data : null;
  return (
    <div className="page error-page">
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1>{known.title}</h1>
      <p>{detail ?? known.body}</p>
      <p className="error-actions">
        <Link className="button" to={homeHref}>
          {homeLabel}
        </Link>{' '}
        <Link className="button secondary" to="/landing/faq/info">
          자주 묻는 질문
        </Link>
      </p>
      <p className="muted">
        문제가 계속되면 고객센터(1600-0000, 평일 10시–18시)로 문의해 주세요.
        {status >= 500 && requestRef ? ` 문의하실 때 이 오류 번호를 알려 주세요: ${requestRef}` : null}
      </p>
    </div>
  );
}
