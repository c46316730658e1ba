import type { MetaFunction } from '@remix-run/node';
import { PatentContent } from '~/components/public-pages';

export const meta: MetaFunction = () => [{ title: '특허 및 인증 | 리드인' }];

export default function LandingPatent() {
  return <PatentContent />;
}
