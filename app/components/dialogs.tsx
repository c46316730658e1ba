import { Link } from '~/components/link';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

// The spec's shared dialogs (§2): alert (title, message, confirm), confirm (title, message, close and confirm) and
// the icon alert. Native <dialog> with a 300 ms animation (app.css `dialog.app-dialog`).
//
// Without JavaScript the server renders the dialog already open; it is not modal then, so it shows in the page as an
// alert box with its buttons (links and forms). With JavaScript the same element is made modal on mount.

export type DialogIcon = 'info' | 'warning' | 'error' | 'success';

type BaseProps = {
  title: string;
  message: ReactNode;
  /** Open now (rendered open by the server too). Changing it later opens and closes the modal. */
  open?: boolean;
  icon?: DialogIcon;
  /** Called when the dialog is closed by Esc or a close button. */
  onClose?: () => void;
  actions: ReactNode;
  /** Wide overlay dialogs (up to 1200 px) for long content. */
  wide?: boolean;
};

function DialogFrame({ title, message, open = true, icon, onClose, actions, wide }: BaseProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // React sets the `open` attribute once (server render and hydration); afterwards the element is driven imperatively.
  const [initiallyOpen] = useState(open);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open) {
      if (!el.matches(':modal')) {
        // Rendered open (not modal) by the server: reopen as a modal. Removing the attribute, unlike close(), fires
        // no 'close' event.
        if (el.open) el.removeAttribute('open');
        el.showModal();
      }
    } else if (el.open) {
      el.close();
    }
  }, [open]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !onClose) return;
    el.addEventListener('close', onClose);
    return () => el.removeEventListener('close', onClose);
  }, [onClose]);
  return (
    <dialog ref={ref} open={initiallyOpen} className={`app-dialog${wide ? ' wide' : ''}`} aria-labelledby={titleId} role="alertdialog">
      {icon ? <DialogIconMark icon={icon} /> : null}
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-message">{message}</div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}

function DialogIconMark({ icon }: { icon: DialogIcon }) {
  const mark = icon === 'success' ? 'M7 12.5l3 3 7-7' : icon === 'info' ? 'M12 8h.01M12 11v6' : 'M12 7v6M12 16.5h.01';
  return (
    <svg className={`dialog-icon ${icon}`} width="48" height="48" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" />
      <path d={mark} />
    </svg>
  );
}

/** A button (closes the dialog with JavaScript) or a link (works without it) for the confirm/close actions. */
export type DialogAction = { label?: string; href?: string; onClick?: () => void; form?: ReactNode };

function ActionButton({ action, fallback, primary }: { action?: DialogAction; fallback: string; primary?: boolean }) {
  const label = action?.label ?? fallback;
  const className = primary ? 'button' : 'button secondary';
  if (action?.form) return <>{action.form}</>;
  if (action?.href) {
    return (
      <Link className={className} to={action.href} onClick={action.onClick}>
        {label}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={action?.onClick}>
      {label}
    </button>
  );
}

/** Alert: title, message and one confirm button (spec §2). */
export function AlertDialog({ confirm, ...props }: Omit<BaseProps, 'actions'> & { confirm?: DialogAction }) {
  return <DialogFrame {...props} actions={<ActionButton action={confirm} fallback="확인" primary />} />;
}

/** Confirm: title, message, 닫기 and 확인 (spec §2). Either action may be a link, a button or a whole form. */
export function ConfirmDialog({ close, confirm, ...props }: Omit<BaseProps, 'actions'> & { close?: DialogAction; confirm?: DialogAction }) {
  return (
    <DialogFrame
      {...props}
      actions={
        <>
          <ActionButton action={close} fallback="닫기" />
          <ActionButton action={confirm} fallback="확인" primary />
        </>
      }
    />
  );
}

/** True after hydration (false on the server and during the first client render). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
