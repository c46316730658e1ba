import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { requireUser } from '~/web/guards.server';
import { IntroContent } from '~/components/public-pages';

export const meta: MetaFunction = () => [{ title: '서비스 소개 | 리드인' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { role: 'USER' });
  return null;
}

export default function UserIntro() {
  return <IntroContent base="/user" />;
}
