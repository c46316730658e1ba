import { redirect } from '@remix-run/node';

// Any path no route answers goes to the landing home (spec §2), for every method.
export function loader() {
  return redirect('/landing');
}

export function action() {
  return redirect('/landing');
}
