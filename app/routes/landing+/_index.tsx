import type { MetaFunction } from '@remix-run/node';
import { HomeContent } from '~/components/public-pages';

export const meta: MetaFunction = () => [{ title: '리드인 — 생각이 자라는 학원 독서 교육' }];

export default function LandingHome() {
  return <HomeContent />;
}
