import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PolicyContent } from '~/components/public-pages';
import { isPolicyCode, policyInEffect } from '~/services/policies.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? '약관 및 정책'} | 리드인` }];

export async function loader({ params }: LoaderFunctionArgs) {
  const code = params.code ?? 'readin';
  if (!isPolicyCode(code)) throw redirect('/landing/policy');
  return json(await policyInEffect(code));
}

export default function LandingPolicy() {
  const data = useLoaderData<typeof loader>();
  return <PolicyContent base="/landing" {...data} />;
}
