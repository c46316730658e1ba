import { useEffect, useRef } from 'react';
import type { Flash } from '~/lib/flash';

/**
 * The flash message of the last action, rendered by the loader (no JavaScript needed). With JavaScript it takes the
 * focus once, when it appears after a save, so the result is read where the page says it rather than from the top of
 * the page. Once only: the shell renders again without a new flash (a submission starting, the routes of the page's
 * links arriving after it), and taking the focus then would pull the reader out of the field they are typing in and
 * scroll the page away from it. A new flash is a new object (each loader run parses its own), so it is focused again.
 * Every page carries this component: keep it this small.
 */
export function FlashBanner({ flash }: { flash: Flash | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (flash) ref.current?.focus();
  }, [flash]);
  if (!flash) return null;
  return (
    <div ref={ref} tabIndex={-1} className={`alert ${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.title ? <strong>{flash.title} </strong> : null}
      {flash.message}
    </div>
  );
}
