// Class goals and personal milestones (docs/decisions/041): what a student is measured against is a target the
// teacher set or a step of their own history, never another student.

export type GoalTargets = { books: number | null; minutes: number | null; days: number | null };

export const GOAL_LIMITS = { books: 100, minutes: 6000, days: 31 } as const;

export const GOAL_ITEMS = [
  { key: 'books', label: '완독한 책', unit: '권' },
  { key: 'minutes', label: '독서 시간', unit: '분' },
  { key: 'days', label: '읽은 날', unit: '일' },
] as const;

export type GoalItem = { key: keyof GoalTargets; label: string; unit: string; target: number; value: number; reached: boolean };

/** A month's figures against the goal's targets: one item per target set, and whether every one is met. */
export function goalProgress(goal: GoalTargets, figures: { booksCompleted: number; minutes: number; daysRead: number }) {
  const values = { books: figures.booksCompleted, minutes: figures.minutes, days: figures.daysRead };
  const items: GoalItem[] = GOAL_ITEMS.flatMap((item) => {
    const target = goal[item.key];
    if (target == null) return [];
    const value = values[item.key];
    return [{ key: item.key, label: item.label, unit: item.unit, target, value, reached: value >= target }];
  });
  return { items, reached: items.length > 0 && items.every((i) => i.reached) };
}

/** '완독 4권 · 독서 시간 300분 · 읽은 날 12일' */
export const goalText = (goal: GoalTargets) =>
  GOAL_ITEMS.filter((i) => goal[i.key] != null)
    .map((i) => `${i.label} ${goal[i.key]}${i.unit}`)
    .join(' · ');

export const MILESTONES = [
  { key: 'firstBook', label: '첫 완독', text: '첫 번째 책을 끝까지 읽었어요.' },
  { key: 'tenBooks', label: '책 10권 완독', text: '책 10권을 끝까지 읽었어요.' },
  { key: 'streak30', label: '30일 연속 독서', text: '30일 동안 하루도 빠짐없이 읽었어요.' },
] as const;

export type Milestone = { key: (typeof MILESTONES)[number]['key']; label: string; text: string; reached: boolean; progress: string };

/** The longest run of consecutive days among `days` ('YYYY-MM-DD', any order). */
export function longestRun(days: string[]): number {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  let previous = NaN;
  for (const day of sorted) {
    const at = Date.parse(`${day}T00:00:00Z`) / 86_400_000;
    run = at - previous === 1 ? run + 1 : 1;
    previous = at;
    best = Math.max(best, run);
  }
  return best;
}

/** The personal milestones from the books a student has finished and the days they read. */
export function milestonesOf(completed: number, days: string[]): Milestone[] {
  const streak = longestRun(days);
  const state = {
    firstBook: { reached: completed >= 1, progress: `${Math.min(completed, 1)}/1권` },
    tenBooks: { reached: completed >= 10, progress: `${Math.min(completed, 10)}/10권` },
    streak30: { reached: streak >= 30, progress: `최장 ${streak}일` },
  };
  return MILESTONES.map((m) => ({ ...m, ...state[m.key] }));
}

/** The longest comment a teacher writes for a monthly report. */
export const COMMENT_MAX_LENGTH = 1000;
