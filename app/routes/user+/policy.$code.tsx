import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '~/web/guards.server';
import { PolicyContent } from '~/components/public-pages';
import { isPolicyCode, policyInEffect } from '~/services/policies.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? '약관 및 정책'} | 리드인` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { role: 'USER' });
  const code = params.code ?? 'readin';
  if (!isPolicyCode(code)) throw redirect('/user/policy');
  return json(await policyInEffect(code));
}

export default function UserPolicy() {
  const data = useLoaderData<typeof loader>();
  return <PolicyContent base="/user" {...data} />;
}
