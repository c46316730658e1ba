import { useEffect, useState } from 'react';
import { formatTime } from '~/lib/dates';

/** The running clock: the start time without JavaScript, a ticking clock with it (server time, offset-corrected). */
export function RunningClock({ startedAt, serverNow }: { startedAt: string; serverNow: number }) {
  const [elapsed, setElapsed] = useState<number | null>(null);
  useEffect(() => {
    const offset = serverNow - Date.now();
    const start = Date.parse(startedAt);
    const tick = () => setElapsed(Math.max(0, Date.now() + offset - start));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [startedAt, serverNow]);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    <div>
      <p>
        시작한 시각 <time dateTime={startedAt}>{formatTime(startedAt)}</time>
      </p>
      {elapsed !== null ? (
        <p className="clock" role="timer" aria-label="읽은 시간">
          {two(Math.floor(elapsed / 3_600_000))}:{two(Math.floor(elapsed / 60_000) % 60)}:{two(Math.floor(elapsed / 1000) % 60)}
        </p>
      ) : null}
    </div>
  );
}
