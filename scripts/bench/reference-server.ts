// The yardsticks of ARCHITECTURE.md section 10: a bare Koa route and a Koa route doing one
// primary-key select, run the same way as the app, so each endpoint's throughput reads as a ratio.
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';

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
app.use(router.routes());
const server = app.listen(port, () => {
  const addr = server.address();
  console.log(`READY ${typeof addr === 'object' && addr ? addr.port : port}`);
});
