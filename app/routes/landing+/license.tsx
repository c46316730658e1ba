import type { MetaFunction } from '@remix-run/node';
import { LicenseContent } from '~/components/public-pages';

export const meta: MetaFunction = () => [{ title: '이용권 안내 | 리드인' }];

export default function LandingLicense() {
  return <LicenseContent />;
}
