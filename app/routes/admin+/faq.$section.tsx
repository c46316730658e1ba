// The same FAQ as the user area's, for academy staff (the module reads its area from the address).
export { loader, meta, default } from '../user+/faq.$section';
