// The same page as the user area's, for academy staff (the module reads its area from the address).
export { loader, meta, default } from '../user+/inquiry._index';
