import { useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { BusinessDetails as Business } from '~/domain/business';

// The seller's details every page's footer shows (전자상거래법 제10조), from configuration (BUSINESS_*). The experience
// environment shows example details, and says so.

export function BusinessDetails() {
  const business = useRouteLoaderData<{ business: Business }>('root')?.business;
  if (!business) return null;
  const items: [string, string | null][] = [
    ['상호', business.name],
    ['대표자', business.ceo],
    ['사업자등록번호', business.registrationNo],
    ['통신판매업 신고번호', business.mailOrderNo],
    ['주소', business.address],
    ['고객센터', business.phone ? (business.hours ? `${business.phone} (${business.hours})` : business.phone) : null],
    ['이메일', business.email],
  ];
  const shown = items.filter((item): item is [string, string] => Boolean(item[1]));
  if (shown.length === 0) return null;
  return (
    <div className="business-details">
      {business.example ? <p className="muted">체험 환경의 예시 사업자 정보입니다.</p> : null}
      <dl>
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>© 2026 {business.name ?? '리드인'}. All rights reserved.</p>
    </div>
  );
}

/**
 * The one page footer: a list of links (`label` names the list for screen readers) above the seller's details. The app
 * shell fills it with the area's pages, the public pages with the policies.
 */
export function SiteFooterFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={label}>
          <ul>{children}</ul>
        </nav>
        <BusinessDetails />
      </div>
    </footer>
  );
}
