// A writer process for the database-outage test (tests/db/outage.test.ts): it opens the app's PostgreSQL connection
// (`connectPostgres`, the same module and settings the server uses) and runs concurrent transactions, each writing one
// order row and three line rows, until its stdin closes. Every committed transaction is printed as `ack <id>`; a failed
// one is retried with a new id after a short pause. The test terminates this process's connections under that load and
// checks it stays up and that its acknowledged writes are all there, whole.
import { sql } from 'drizzle-orm';
import { connectPostgres } from '~/db/client.server';

const url = process.argv[2];
const writers = Number(process.argv[3] ?? 4);
const connection = connectPostgres(url, { max: writers });
const { db } = connection;

let stopping = false;
process.stdin.on('end', () => (stopping = true));
process.stdin.resume();

let next = 0;
async function writer(n: number) {
  while (!stopping) {
    const id = `${n}-${next++}`;
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into outage_orders (id) values (${id})`);
        for (let line = 1; line <= 3; line++) {
          await tx.execute(sql`insert into outage_lines (order_id, line) values (${id}, ${line})`);
        }
      });
      process.stdout.write(`ack ${id}\n`);
    } catch {
      process.stdout.write(`fail ${id}\n`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

await db.execute(sql`create table if not exists outage_orders (id text primary key)`);
await db.execute(sql`create table if not exists outage_lines (order_id text not null references outage_orders (id), line int not null)`);
process.stdout.write('ready\n');
await Promise.all(Array.from({ length: writers }, (_, n) => writer(n)));
await connection.close();
process.stdout.write('done\n');
