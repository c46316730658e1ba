// /landing/faq shows the first section (operating) without a redirect: one round trip on slow networks.
export { loader, meta, default } from './faq.$section';
