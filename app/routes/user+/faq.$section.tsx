import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/auth/guards.server';
import { FaqContent } from '~/components/public-pages';
import { isFaqSection, listFaqs } from '~/services/faq.server';

export const meta: MetaFunction = () => [{ title: '자주 묻는 질문 | 리드인' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { role: 'USER' });
  const section = params.section ?? 'info';
  if (!isFaqSection(section)) throw redirect('/user/faq');
  return json({ section, items: await listFaqs(section) });
}

export default function UserFaq() {
  const { section, items } = useLoaderData<typeof loader>();
  return <FaqContent base="/user" section={section} items={items} />;
}
