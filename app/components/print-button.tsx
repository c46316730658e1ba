import { useEffect, useState } from 'react';

/** '인쇄하기' appears only once JavaScript runs (without it, the browser's own print works the same). */
export function PrintButton({ className = 'secondary' }: { className?: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      인쇄하기
    </button>
  );
}
