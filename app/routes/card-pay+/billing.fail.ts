import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireHead } from '~/web/guards.server';
import { redirectWithFlash } from '~/web/http.server';
import { AUTOMATIC_MESSAGES } from '~/services/payments/automatic.server';

// The billing-key window's fail return (`?code&message`): the head gave up, or the provider refused the card. Nothing
// is stored; the head lands on the automatic-payment page with the provider's message (rendered as text).

const PAGE = '/admin/payments/automatic';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireHead(request);
  const url = new URL(request.url);
  const code = url.searchParams.get('code') ?? '';
  const message = (url.searchParams.get('message') ?? '').slice(0, 200) || '카드 등록이 완료되지 않았습니다.';
  if (code === 'PAY_PROCESS_CANCELED' || code === 'USER_CANCEL') return redirectWithFlash(PAGE, AUTOMATIC_MESSAGES.cancelled, 'info');
  return redirectWithFlash(PAGE, AUTOMATIC_MESSAGES.failed(message), 'error');
}
