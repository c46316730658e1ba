import type { ShellUser } from './app-shell';
import { roleLabel } from '~/domain/roles';

/** The welcome block of an area's home page: who is signed in, as what. */
export function Welcome({ user, children }: { user: ShellUser; children?: React.ReactNode }) {
  return (
    <section className="card welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title">{user.name}님, 안녕하세요</h1>
      <p>
        <span className="badge">{roleLabel(user)}</span> 계정으로 로그인했습니다.
      </p>
      {children}
    </section>
  );
}
