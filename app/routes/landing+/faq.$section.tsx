import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FaqContent } from '~/components/public-pages';
import { faqInEffect, isFaqSection } from '~/services/faq.server';

export const meta: MetaFunction = () => [{ title: '자주 묻는 질문 | 리드인' }];

export async function loader({ params }: LoaderFunctionArgs) {
  const section = params.section ?? 'operating';
  if (!isFaqSection(section)) throw redirect('/landing/faq');
  return json({ section, ...(await faqInEffect(section)) });
}

export default function LandingFaq() {
  const data = useLoaderData<typeof loader>();
  return <FaqContent base="/landing" {...data} />;
}
