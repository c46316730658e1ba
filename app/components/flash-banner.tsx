import type { Flash } from '~/lib/flash';

/**
 * The flash message of the last action, rendered by the loader (no JavaScript needed). It takes the focus when it
 * appears (with JavaScript, as it renders after a save; a flash is shown once, so it is gone by the next render), so
 * the result of a save is read where the page says it rather than from the top of the page. Every page carries this
 * component: keep it this small.
 */
export function FlashBanner({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  return (
    <div ref={(e) => e?.focus()} tabIndex={-1} className={`alert ${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.title ? <strong>{flash.title} </strong> : null}
      {flash.message}
    </div>
  );
}
