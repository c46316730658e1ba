import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireUser } from '~/web/guards.server';
import { PatentContent } from '~/components/public-pages';

export const meta: MetaFunction = () => [{ title: '특허 및 인증 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { role: 'USER' });
  return null;
}

export default function UserPatent() {
  return <PatentContent />;
}
