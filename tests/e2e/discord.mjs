// A local stand-in for Discord's webhook API, as its documentation
// describes it (developers/docs/resources/webhook#execute-webhook and
// topics/rate-limits), for the browser tests: no test reaches the
// internet. `route(context)` sends the page's requests to discord.com here.
//
// - POST /api/webhooks/{id}/{token}[?wait=true][&thread_id=...] with a JSON
//   body: 200 and the message object when `wait=true` (204 without);
//   404 {"message":"Unknown Webhook","code":10015} for a webhook deleted or
//   never made, 401 {"message":"Invalid Webhook Token","code":50027} for a
//   wrong token; 400 50035 "Invalid Form Body" for content over 2,000
//   characters or no content. Who a message pings follows its
//   allowed_mentions (topics: message allowed mentions): `pinged`, `everyone`.
// - Rate limits per webhook: 5 requests per 2 s, with X-RateLimit-Limit,
//   -Remaining, -Reset, -Reset-After and -Bucket on each answer; a request
//   over the limit gets 429 {"message":"You are being rate limited.",
//   "retry_after":s,"global":false}, Retry-After and X-RateLimit-Scope.
// - CORS as a browser needs it: preflight answered, the headers exposed.
import http from 'node:http';

const LIMIT = 5;
const WINDOW_MS = 2000;

let snowflake = 1180000000000000000n;
const nextId = () => String((snowflake += 1n));

/** A stand-in server; `close()` when done. */
export async function standIn() {
  const hooks = new Map(); // id -> { token, name, channel, deleted }
  const posted = []; // { hook, name, thread, content, allowed_mentions, pinged, everyone, id, at }
  const buckets = new Map(); // id -> { start, used }
  const forced = []; // answers to give before the next posts: { status, body }
  let delayMs = 0;
  let requests = 0;
  let pending = 0;
  let routed = 0; // requests the browser made that are not answered yet

  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Authorization, X-Audit-Log-Reason',
    'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Reset-After, X-RateLimit-Bucket, X-RateLimit-Scope, Retry-After',
  };
  const answer = (res, status, body, headers = {}) => {
    res.writeHead(status, { ...cors, 'Content-Type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { ...cors, 'Access-Control-Max-Age': '86400' });
        res.end();
        return;
      }
      const url = new URL(req.url, 'http://stand-in');
      const m = url.pathname.match(/^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([\w-]+)\/?$/);
      if (req.method !== 'POST' || !m) return answer(res, 404, { message: '404: Not Found', code: 0 });
      requests += 1;
      pending += 1;
      res.on('close', () => { pending -= 1; });
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const [, id, token] = m;
      const hook = hooks.get(id);
      if (!hook || hook.deleted) return answer(res, 404, { message: 'Unknown Webhook', code: 10015 });
      if (hook.token !== token) return answer(res, 401, { message: 'Invalid Webhook Token', code: 50027 });
      const now = Date.now();
      let b = buckets.get(id);
      if (!b || now - b.start >= WINDOW_MS) buckets.set(id, (b = { start: now, used: 0 }));
      const resetAfter = (WINDOW_MS - (now - b.start)) / 1000;
      const rate = {
        'X-RateLimit-Limit': String(LIMIT),
        'X-RateLimit-Reset': ((b.start + WINDOW_MS) / 1000).toFixed(3),
        'X-RateLimit-Reset-After': resetAfter.toFixed(3),
        'X-RateLimit-Bucket': `bucket-${id}`,
      };
      const force = forced.shift();
      if (force?.status === 429 || b.used >= LIMIT) {
        const retry = force?.retryAfter ?? resetAfter;
        return answer(res, 429, { message: 'You are being rate limited.', retry_after: retry, global: false },
          { ...rate, 'X-RateLimit-Remaining': '0', 'Retry-After': String(Math.ceil(retry)), 'X-RateLimit-Scope': 'user' });
      }
      if (force) return answer(res, force.status, force.body);
      b.used += 1;
      rate['X-RateLimit-Remaining'] = String(LIMIT - b.used);
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 }, rate);
      }
      const content = body.content ?? '';
      if (!content || [...content].length > 2000) {
        const errors = content
          ? { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } }
          : {};
        return answer(res, 400, content ? { code: 50035, errors, message: 'Invalid Form Body' } : { message: 'Cannot send an empty message', code: 50006 }, rate);
      }
      // Who the message pings (the allowed_mentions rules): a user mention
      // `<@id>` or `<@!id>` when `parse` holds "users" or `users` lists the
      // id; @everyone and @here when `parse` holds "everyone". Without
      // allowed_mentions, everything in the content pings.
      const allowed = body.allowed_mentions;
      const parse = allowed ? allowed.parse ?? [] : ['users', 'roles', 'everyone'];
      const users = allowed?.users ?? [];
      const pinged = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((x) => x[1]))].filter((u) => parse.includes('users') || users.includes(u));
      const everyone = parse.includes('everyone') && /@(everyone|here)/.test(content);
      const msg = {
        id: nextId(),
        type: 0,
        content,
        channel_id: url.searchParams.get('thread_id') ?? hook.channel,
        author: { id, username: hook.name, bot: true, discriminator: '0000' },
        webhook_id: id,
        timestamp: new Date().toISOString(),
        mentions: pinged.map((u) => ({ id: u, username: `user-${u}`, discriminator: '0' })),
        mention_everyone: everyone,
      };
      posted.push({ hook: id, name: hook.name, thread: url.searchParams.get('thread_id'), content, allowed_mentions: body.allowed_mentions, pinged, everyone, id: msg.id, at: Date.now() });
      if (url.searchParams.get('wait') === 'true') return answer(res, 200, msg, rate);
      res.writeHead(204, { ...cors, ...rate });
      res.end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${server.address().port}`;

  return {
    base,
    posted,
    /** Makes a webhook named `name`; its URL as Discord's "Copy Webhook URL" gives it. */
    webhook(name) {
      const id = nextId();
      const token = `${Buffer.from(name + id).toString('base64url')}${'x'.repeat(68)}`.slice(0, 68);
      hooks.set(id, { token, name, channel: nextId(), deleted: false });
      return { id, url: `https://discord.com/api/webhooks/${id}/${token}` };
    },
    /** Deletes a webhook: its requests get 404 Unknown Webhook. */
    remove(id) {
      hooks.get(id).deleted = true;
    },
    /** The next post answered as given ({ status: 429, retryAfter } or { status, body }). */
    force(a) {
      forced.push(a);
    },
    /** Every answer waits this long first. */
    delay(ms) {
      delayMs = ms;
    },
    get requests() {
      return requests;
    },
    /** Resolves once every request the browser made has its answer. */
    async settled() {
      while (pending > 0 || routed > 0) await new Promise((r) => setTimeout(r, 20));
    },
    /** Sends the context's requests to discord.com to this stand-in. */
    async route(context) {
      await context.route('https://discord.com/**', async (route) => {
        const u = new URL(route.request().url());
        routed += 1;
        try {
          const response = await route.fetch({ url: base + u.pathname + u.search });
          await route.fulfill({ response });
        } catch (e) {
          console.log('stand-in route failed:', e.message);
          await route.abort('connectionreset').catch(() => {});
        } finally {
          routed -= 1;
        }
      });
    },
    close: () => new Promise((r) => server.close(r)),
  };
}
