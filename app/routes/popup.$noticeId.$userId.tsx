import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { formAction, z } from '~/web/form-action.server';
import { useLoaderData } from '@remix-run/react';
import { homeFor, requireUser, type SignedIn } from '~/web/guards.server';
import { useNonce } from '~/components/nonce';
import { NoticeBody, NoticeFiles, PopupHideForm } from '~/components/notice-popups';
import { NOTICE_MESSAGES } from '~/domain/notices';
import { afterPopupPanel } from '~/web/forms/notice-form.server';
import { idParam, notFound, orRespond, pageData, positiveInt, redirectWithFlash } from '~/web/http.server';
import { readNotice } from '~/services/notices/notices.server';
import { hidePopupToday } from '~/services/notices/popups.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.notice.title ?? '공지'} | 리드인` }];

// Spec §2 popup/{noticeId}/{userId}: the notice popup window (500 px, opened by the home pages with JavaScript). The
// notice is loaded on the server before anything shows; its attachments are download links; '오늘 하루 보지 않기' +
// 닫기 posts here. Ticked, the notice stays hidden for this user until the end of the Seoul day, on every browser. Then
// the window closes itself, or (without JavaScript) goes to the user's home. A {userId} other than the signed-in
// user's, or a notice the user may not see, is 404. The window needs no React: two lines of inline script at most.
export const handle = { hydrate: false };

async function popupFor(request: Request, params: LoaderFunctionArgs['params']): Promise<{ user: SignedIn; noticeId: number }> {
  const user = await requireUser(request);
  const noticeId = idParam(params.noticeId);
  if (positiveInt(params.userId) !== user.id) throw notFound(NOTICE_MESSAGES.notFound);
  return { user, noticeId };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, noticeId } = await popupFor(request, params);
  const notice = await orRespond(() => readNotice(user, noticeId));
  return pageData({
    notice: { id: notice.id, title: notice.title, html: notice.html, files: notice.files },
    userId: user.id,
    home: homeFor(user),
    closing: new URL(request.url).searchParams.get('closed') === '1',
  });
}

export async function action(args: ActionFunctionArgs) {
  return formAction(args, {
    guard: async ({ request, params }) => {
      const { user, noticeId } = await popupFor(request, params);
      await orRespond(() => readNotice(user, noticeId));
      return { user, noticeId };
    },
    schema: z.object({ hideToday: z.boolean().optional(), returnTo: z.string().optional(), js: z.string().optional() }),
    run: async ({ user: { user, noticeId }, value: { hideToday: hide = false, returnTo, js } }) => {
      if (hide) await hidePopupToday(user.id, noticeId);
      const flash = (to: string) => (hide ? redirectWithFlash(to, NOTICE_MESSAGES.hiddenToday) : redirect(to));
      // The inline panel of a home page goes back to that page; the window closes itself when its script runs.
      const back = afterPopupPanel(returnTo, hide);
      if (back) return flash(back);
      if (js === '1') return redirect(`/popup/${noticeId}/${user.id}?closed=1`);
      return flash(homeFor(user));
    },
  });
}

export default function NoticePopupWindow() {
  const { notice, userId, home, closing } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  if (closing) {
    const script = `window.close();setTimeout(function(){location.replace(${JSON.stringify(home)})},500);`;
    return (
      <main id="main" className="container notice-popup-window">
        <p>공지 창을 닫습니다.</p>
        <p>
          <a href={home}>처음 화면으로</a>
        </p>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
      </main>
    );
  }
  return (
    <main id="main" className="container notice-popup-window">
      <article aria-labelledby="popup-title">
        <p className="notice-popup-kind">공지</p>
        <h1 id="popup-title">{notice.title}</h1>
        <NoticeBody html={notice.html} />
        <NoticeFiles files={notice.files} />
      </article>
      <PopupHideForm noticeId={notice.id} userId={userId} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: POPUP_SCRIPT }} />
    </main>
  );
}

// With JavaScript the post says so, and the answer closes the window instead of going home.
const POPUP_SCRIPT = `(function(){var f=document.querySelector('.popup-hide-form');if(!f)return;var i=document.createElement('input');i.type='hidden';i.name='js';i.value='1';f.appendChild(i)})();`;
