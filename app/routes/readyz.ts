import { databaseReady } from '~/services/health.server';

// GET /readyz: 200 when the database answers, 503 otherwise (a load balancer stops sending requests meanwhile).
// /healthz (the process is up) is answered by the HTTP server itself. Public: it says nothing but ready or not.
export async function loader() {
  const ready = await databaseReady();
  return new Response(JSON.stringify({ status: ready ? 'ok' : 'unavailable' }), {
    status: ready ? 200 : 503,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}
