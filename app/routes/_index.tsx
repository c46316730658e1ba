import { redirect } from '@remix-run/node';

// The site's root goes to the landing home (spec §2).
export function loader() {
  return redirect('/landing');
}
