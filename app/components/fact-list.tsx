import type { ReactNode } from 'react';

/**
 * A card of facts about one thing (a student, a send, what a wizard's last step will do): a label and its value each;
 * a false or null entry is left out.
 */
export function FactList({ facts }: { facts: readonly (readonly [string, ReactNode] | false | null)[] }) {
  return (
    <dl className="card student-facts">
      {facts.map((fact) =>
        fact ? (
          <div key={fact[0]}>
            <dt>{fact[0]}</dt>
            <dd>{fact[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
