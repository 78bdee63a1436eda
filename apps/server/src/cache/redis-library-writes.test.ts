import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { TcpProxy } from '../testing/tcp-proxy';
import { uniqueRedisNamespace } from '../testing/test-app';
import { type AppCaches, createAppCaches } from './app-caches';
import { type AnnouncementLog, type RedisLibraryWrites, connectRedisLibraryWrites, libraryWritesChannel } from './redis-library-writes';

const redisUrl = process.env.TEST_REDIS_URL;

/** An instance's caches, with a counter of how often each (cache, key) was computed. */
function countingCaches() {
  const caches = createAppCaches(60_000);
  const computed = new Map<string, number>();
  return {
    caches,
    /** Reads the entry (computing it on a miss) and returns how often it has been computed so far. */
    async read(name: keyof AppCaches, key = 'key'): Promise<number> {
      const id = `${name}/${key}`;
      await caches[name].get(key, async () => computed.set(id, (computed.get(id) ?? 0) + 1));
      return computed.get(id) ?? 0;
    },
  };
}

function recordingLog() {
  const lines: Array<{ level: 'warn' | 'info'; message: string; details: object }> = [];
  const log: AnnouncementLog = {
    warn: (details, message) => lines.push({ level: 'warn', message, details }),
    info: (details, message) => lines.push({ level: 'info', message, details }),
  };
  return { log, lines };
}

/** Reads until the entry has been computed `times` times (a write reached the instance), failing after `ms`. */
async function untilComputed(read: () => Promise<number>, times: number, ms = 1000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await read()) < times) {
    if (Date.now() > deadline) throw new Error(`entry not recomputed within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe.runIf(Boolean(redisUrl))('cache announcements over Redis', () => {
  const opened: Array<RedisLibraryWrites | Redis | TcpProxy> = [];
  afterEach(async () => {
    for (const item of opened.splice(0)) {
      if (item instanceof Redis) item.disconnect();
      else if (item instanceof TcpProxy) await item.stop();
      else await item.close();
    }
  });

  async function instance(namespace: string, url = redisUrl ?? '') {
    const counting = countingCaches();
    const { log, lines } = recordingLog();
    const writes = await connectRedisLibraryWrites({ redisUrl: url, namespace, caches: counting.caches, log });
    opened.push(writes);
    return { ...counting, writes, lines };
  }

  it("makes another instance's cached entries compute again, and only those the write changes", async () => {
    const namespace = uniqueRedisNamespace();
    const a = await instance(namespace);
    const b = await instance(namespace);
    expect(await b.read('catalog')).toBe(1);
    expect(await b.read('activity')).toBe(1);

    a.writes.announce({ kind: 'prompt-added' });
    await untilComputed(() => b.read('catalog'), 2);
    expect(await b.read('activity')).toBe(2);

    // A copy changes pages and charts, not totals and facets.
    a.writes.announce({ kind: 'copied' });
    await untilComputed(() => b.read('activity'), 3);
    expect(await b.read('catalog')).toBe(2);
  });

  it('ignores its own echo and other namespaces', async () => {
    const namespace = uniqueRedisNamespace();
    const a = await instance(namespace);
    const b = await instance(namespace);
    const elsewhere = await instance(uniqueRedisNamespace());
    expect(await a.read('visitorLikes', 'visitor-1')).toBe(1);
    expect(await elsewhere.read('visitorLikes', 'visitor-1')).toBe(1);

    a.writes.announce({ kind: 'liked', userId: 'visitor-1' });
    // Forgotten locally at once, without waiting for Redis.
    expect(await a.read('visitorLikes', 'visitor-1')).toBe(2);
    await untilComputed(() => b.read('visitorLikes', 'visitor-1'), 2);

    // Redis delivers one channel's messages in order: once A has B's later
    // announcement, its own echo has arrived before it, and was ignored.
    expect(await a.read('activity')).toBe(1);
    b.writes.announce({ kind: 'liked', userId: 'visitor-2' });
    await untilComputed(() => a.read('activity'), 2);
    expect(await a.read('visitorLikes', 'visitor-1')).toBe(2);
    expect(await elsewhere.read('visitorLikes', 'visitor-1')).toBe(1);
  });

  it('logs and ignores malformed messages', async () => {
    const namespace = uniqueRedisNamespace();
    const b = await instance(namespace);
    const sender = new Redis(redisUrl ?? '');
    opened.push(sender);
    expect(await b.read('activity')).toBe(1);
    const channel = libraryWritesChannel(namespace);
    const malformed = [
      'not json',
      JSON.stringify({ from: 'other', write: { kind: 'deleted-everything' } }),
      JSON.stringify({ from: 'other', write: { kind: 'liked' } }),
      JSON.stringify({ write: { kind: 'copied' } }),
      'null',
    ];
    for (const message of malformed) await sender.publish(channel, message);
    await sender.publish(channel, JSON.stringify({ from: 'other', write: { kind: 'copied' } }));

    await untilComputed(() => b.read('activity'), 2);
    const warnings = b.lines.filter((line) => line.message === 'malformed cache announcement ignored');
    expect(warnings.map((line) => line.details)).toEqual(malformed.map((message) => ({ message })));
  });

  it('goes on without Redis, and drops its caches once the subscription is back', async () => {
    const target = new URL(redisUrl ?? '');
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    opened.push(proxy);
    const namespace = uniqueRedisNamespace();
    const a = await instance(namespace);
    const b = await instance(namespace, `redis://127.0.0.1:${proxy.port}`);
    expect(await b.read('catalog')).toBe(1);

    await proxy.cut();
    // B's announcements now fail (quietly: a warning), and A's do not reach it.
    b.writes.announce({ kind: 'copied' });
    a.writes.announce({ kind: 'prompt-added' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await b.read('catalog')).toBe(1);
    const resubscribed = b.writes.subscribed();
    await proxy.restore();
    await resubscribed;

    // A's write may have been missed: everything is computed again.
    expect(await b.read('catalog')).toBe(2);
    // And announcements flow again.
    a.writes.announce({ kind: 'prompt-added' });
    await untilComputed(() => b.read('catalog'), 3);

    const outage = b.lines.map((line) => `${line.level} ${line.message}`);
    // One warning per connection for the outage, however many reconnection attempts failed.
    expect(outage.filter((line) => line.includes('(subscription) down'))).toHaveLength(1);
    expect(outage.filter((line) => line.includes('(publishing) down'))).toHaveLength(1);
    expect(outage).toContain('info cache announcements (subscription) back');
  });

  it('starts with Redis unreachable, serves as without it, and joins in once Redis answers', async () => {
    const target = new URL(redisUrl ?? '');
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    opened.push(proxy);
    await proxy.cut();
    const namespace = uniqueRedisNamespace();
    const a = await instance(namespace);
    const b = await instance(namespace, `redis://127.0.0.1:${proxy.port}`);
    expect(b.lines.map((line) => line.message)).toContainEqual(expect.stringContaining('(subscription) down'));
    expect(await b.read('catalog')).toBe(1);
    // Its own writes still reach its own caches.
    b.writes.announce({ kind: 'prompt-added' });
    expect(await b.read('catalog')).toBe(2);

    const subscribed = b.writes.subscribed();
    await proxy.restore();
    await subscribed;
    // Dropped on subscribing (it may have missed announcements), then A's announcements arrive.
    expect(await b.read('catalog')).toBe(3);
    a.writes.announce({ kind: 'prompt-added' });
    await untilComputed(() => b.read('catalog'), 4);
    // B's publishing connection reconnects by itself too (on its own back-off, hence the repeats).
    expect(await a.read('catalog')).toBe(1);
    await untilComputed(
      async () => {
        b.writes.announce({ kind: 'prompt-moderated' });
        return a.read('catalog');
      },
      2,
      5000,
    );
  });
});
