import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/auth/guards.server';
import { FaqContent } from '~/components/public-pages';
import { faqInEffect, isFaqSection } from '~/services/faq.server';

export const meta: MetaFunction = () => [{ title: '자주 묻는 질문 | 리드인' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { role: 'USER' });
  const section = params.section ?? 'info';
  if (!isFaqSection(section)) throw redirect('/user/faq');
  return json({ section, ...(await faqInEffect(section)) });
}

export default function UserFaq() {
  const data = useLoaderData<typeof loader>();
  return <FaqContent base="/user" {...data} />;
}
