import type { MetaFunction } from '@remix-run/node';
import { IntroContent } from '~/components/public-pages';

export const meta: MetaFunction = () => [{ title: '서비스 소개 | 리드인' }];

export default function LandingIntro() {
  return <IntroContent base="/landing" />;
}
