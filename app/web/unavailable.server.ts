import { applySecurityHeaders } from '~/web/security-headers.server';

export const UNAVAILABLE_TITLE = '잠시 리드인을 이용할 수 없습니다';
export const UNAVAILABLE_MESSAGE =
  '지금 리드인의 자료를 불러오지 못하고 있습니다. 1분쯤 뒤에 다시 시도해 주세요. 방금 보낸 내용은 저장되지 않았을 수 있으니, 다시 보내기 전에 확인해 주세요.';

/**
 * The page of a request that failed because the database could not be reached (503). It needs nothing from the
 * database or the React tree, so it can always be shown; `Retry-After` tells browsers and proxies when to ask again.
 */
export function unavailablePage(requestId: string | undefined): Response {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '30' });
  applySecurityHeaders(headers);
  const ref = requestId ? `<p class="muted">오류 번호: ${requestId.replace(/[^0-9a-f-]/gi, '')}</p>` : '';
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${UNAVAILABLE_TITLE} | 리드인</title></head>
<body style="font-family:-apple-system,BlinkMacSystemFont,'Apple SD Gothic Neo','Malgun Gothic',sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.6;color:#1f2933">
<main id="main"><p aria-hidden="true" style="font-size:2.5rem;font-weight:700;color:#9aa5b1;margin:0">503</p>
<h1>${UNAVAILABLE_TITLE}</h1><p>${UNAVAILABLE_MESSAGE}</p>
<p><a href="">다시 시도</a> · <a href="/">처음으로</a></p>${ref}</main></body></html>`;
  return new Response(html, { status: 503, headers });
}
