import { Link } from '~/components/link';

export function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f5f8b" />
      <path d="M8 9h7a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H8zM24 9h-3a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h4z" fill="#fff" />
    </svg>
  );
}

export function Brand({ to = '/landing' }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label="리드인 처음으로">
      <BrandMark />
      리드인
    </Link>
  );
}
