// The yardsticks of docs/ARCHITECTURE.md section 10: a bare Koa route, a Koa route doing one
// primary-key select, and one doing a transaction with an insert and an indexed lookup (the shape
// of create-with-matching), run the same way as the app, so each endpoint reads as a ratio.
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';
import { CALLER_GROUP } from './seed-requests.ts';

const url = process.env.DATABASE_URL!;
const port = Number(process.env.PORT ?? 0);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = new Koa();
const router = new Router();
router.get('/bare', (ctx) => {
  ctx.body = { ok: true };
});
router.get('/one-select', async (ctx) => {
  const id = 1 + Math.floor(Math.random() * 1000);
  const res = await pool.query('select id, email, first_name from users where id = $1', [id]);
  ctx.body = res.rows[0] ?? null;
});
/**
 * One transaction: insert a request, then look up the caller's group's current trades whose dates
 * meet its desired date through requests_match_index (matching's candidate lookup). The row goes in
 * as completed, in a group of its own, so it never reaches the app's boards or matching.
 */
router.post('/insert-lookup', async (ctx) => {
  const day = new Date(Date.now() + (1 + Math.floor(Math.random() * 60)) * 86_400_000).toISOString().slice(0, 10);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const inserted = await client.query<{ id: number }>(
      `insert into requests (user_id, type, date, desired_dates, route_type, route, status, group_key, all_dates, last_date)
       values (1, 'trade', $1::date, array[$1], 'pairing', 'REF', 'completed', 'reference|bench', array[$1], $1::date) returning id`,
      [day],
    );
    const found = await client.query(
      `select id, user_id from requests
       where group_key = $1 and type = 'trade' and status = 'active' and last_date >= current_date and all_dates && array[$2]::text[]`,
      [CALLER_GROUP, day],
    );
    await client.query('commit');
    ctx.body = { id: inserted.rows[0]!.id, found: found.rowCount };
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
});
app.use(router.routes());
const server = app.listen(port, () => {
  const addr = server.address();
  console.log(`READY ${typeof addr === 'object' && addr ? addr.port : port}`);
});
