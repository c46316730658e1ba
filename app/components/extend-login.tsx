import { Form, useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { ConfirmDialog, useHydrated } from './dialogs';
import { SPEC_MESSAGES } from '~/messages';
import { CsrfInput } from '~/components/csrf';

export const EXTEND_MESSAGE = SPEC_MESSAGES.extendLogin;

/** What the area layouts pass down: when the refresh token expires and when the prompt becomes due (server clock). */
export type SessionTiming = { expiresAt: number; promptAt: number; serverNow: number };

function ExtendForms({ redirectTo, yes = '예', no = '아니오' }: { redirectTo: string; yes?: string; no?: string }) {
  return {
    no: (
      <Form method="post" action="/member/logout" reloadDocument>
        <CsrfInput />
        <button type="submit" className="secondary">
          {no}
        </button>
      </Form>
    ),
    yes: (
      <Form method="post" action="/member/extend">
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button type="submit">{yes}</button>
      </Form>
    ),
  };
}

/**
 * The extend-login prompt (spec §4): ten minutes before the refresh token expires the page asks
 * '로그인을 연장하시겠습니까?'. Without JavaScript the server renders a banner with the two buttons when the page is
 * loaded inside that window; with JavaScript a timer opens the dialog at the right moment and, once the session has
 * expired, reloads the page (the guard then shows the login page with the expiry message).
 */
export function ExtendLogin({ timing }: { timing: SessionTiming }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const redirectTo = location.pathname + location.search;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setOpen(false);
    // The browser's clock may differ from the server's: count from the offset measured when the data arrived.
    const skew = Date.now() - timing.serverNow;
    const promptIn = timing.promptAt + skew - Date.now();
    const expireIn = timing.expiresAt + skew - Date.now();
    let cancelled = false;
    const prompt = window.setTimeout(
      async () => {
        // Ask the server first: another tab may have extended or ended the session meanwhile.
        try {
          const res = await fetch('/member/session', { headers: { Accept: 'application/json' } });
          const body = (await res.json()) as { expiresAt: number | null };
          if (cancelled) return;
          if (!body.expiresAt) return window.location.reload();
          if (body.expiresAt > timing.expiresAt) return; // extended elsewhere: the next load reschedules
        } catch {
          // Offline: ask anyway.
        }
        if (!cancelled) setOpen(true);
      },
      Math.max(0, promptIn),
    );
    const expire = window.setTimeout(() => window.location.reload(), Math.max(0, expireIn + 500));
    return () => {
      cancelled = true;
      window.clearTimeout(prompt);
      window.clearTimeout(expire);
    };
  }, [timing.expiresAt, timing.promptAt, timing.serverNow]);

  const due = timing.serverNow >= timing.promptAt;
  const forms = ExtendForms({ redirectTo });
  if (!hydrated) {
    if (!due) return null;
    return (
      <section className="alert warning extend-banner" role="alert" aria-labelledby="extend-title">
        <strong id="extend-title">{EXTEND_MESSAGE}</strong>
        <p>로그인 유지 시간이 10분 이내로 남았습니다.</p>
        <div className="form-actions">
          {forms.yes}
          {forms.no}
        </div>
      </section>
    );
  }
  if (!open) return null;
  return (
    <ConfirmDialog
      title="알림"
      message={EXTEND_MESSAGE}
      open={open}
      onClose={() => setOpen(false)}
      close={{ form: forms.no }}
      confirm={{ form: forms.yes }}
    />
  );
}
