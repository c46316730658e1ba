import type { Flash } from '~/lib/flash';

/** The flash message of the last action, rendered by the loader (no JavaScript needed). */
export function FlashBanner({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  return (
    <div className={`alert ${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.title ? <strong>{flash.title} </strong> : null}
      {flash.message}
    </div>
  );
}
