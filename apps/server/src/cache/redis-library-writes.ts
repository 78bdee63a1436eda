import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { AppCaches } from './app-caches';
import { type LibraryWrite, type LibraryWrites, forgetAfter, forgetEverything, libraryWriteSchema } from './library-writes';
import type { WarningLog } from '../runtime/warning-log';

/**
 * Instances that tell each other about their writes: each write is applied
 * to this instance's caches at once (forgetAfter) and published on a Redis
 * channel; every other instance subscribed to it forgets the same entries
 * when the message arrives (about a millisecond later on one network), so a
 * visitor whose next request lands on another instance sees the write.
 *
 * Redis is a help, never a dependency: while it is unreachable, or the
 * subscription is down, writes of other instances show when the caches' TTL
 * ends (READ_CACHE_TTL_MS), as without REDIS_URL. An instance whose
 * subscription comes back may have missed announcements meanwhile, so it
 * drops all its caches once, as soon as the subscription is confirmed.
 * See docs/decisions/0008.
 */
export interface RedisLibraryWrites extends LibraryWrites {
  /** Resolves once the next subscription is confirmed (and the caches dropped after it): for tests. */
  subscribed(): Promise<void>;
  /** Waits for the announcements still being published (at most a moment: commands fail fast), then disconnects. */
  close(): Promise<void>;
}

/** The messages' shape: the write, and the instance that made it, so an instance ignores its own echo. */
const announcementSchema = z.object({ from: z.string().min(1).max(100), write: libraryWriteSchema });

/** What a malformed message's warning quotes of it. */
const QUOTED_MESSAGE_CHARS = 200;

/** pino's shape, which Fastify's logger has; the admin CLI passes one writing to stderr. */
export interface AnnouncementLog extends WarningLog {
  info(details: object, message: string): void;
}

export interface RedisLibraryWritesOptions {
  readonly redisUrl: string;
  /** REDIS_NAMESPACE: instances of one deployment share it; other deployments and test runs use their own. */
  readonly namespace: string;
  /**
   * The caches this process serves from. Without them (the admin CLI) the
   * process only publishes: it reads nothing it could hold stale.
   */
  readonly caches?: AppCaches;
  readonly log: AnnouncementLog;
}

/** The channel the instances of one deployment announce their writes on. */
export function libraryWritesChannel(namespace: string): string {
  return `${namespace}library-writes`;
}

/**
 * Logs the first failure of an outage and the recovery, not every retry in
 * between (ioredis reports an error on each reconnection attempt).
 */
function outageLog(log: AnnouncementLog, what: string, meanwhile: string) {
  let down = false;
  return {
    failed(error: unknown) {
      if (down) return;
      down = true;
      log.warn({ err: error }, `${what} down: ${meanwhile} within the caches' TTL until Redis is back`);
    },
    recovered() {
      if (!down) return;
      down = false;
      log.info({}, `${what} back`);
    },
  };
}

/** How long start-up (or the admin CLI) waits for Redis before going on without it. */
const CONNECT_TIMEOUT_MS = 2000;

/**
 * Connects the publishing connection (and, with caches, the subscribing one:
 * a subscribed connection can run no other command) and waits for the first
 * subscription, or for the first attempt to fail (at most
 * CONNECT_TIMEOUT_MS): a server starts, and the admin CLI moderates, with
 * Redis down too; both connections keep trying in the background.
 */
export async function connectRedisLibraryWrites(options: RedisLibraryWritesOptions): Promise<RedisLibraryWrites> {
  const { caches, log } = options;
  const channel = libraryWritesChannel(options.namespace);
  const instanceId = randomUUID();

  // Fail fast (no offline queue, one retry), as the rate-limit client: a
  // request never waits on Redis; a lost announcement is covered by the TTL.
  const publisher = new Redis(options.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  const publishing = outageLog(log, 'cache announcements (publishing)', "other instances show this process's writes");
  publisher.on('error', (error: Error) => publishing.failed(error));
  const pending = new Set<Promise<unknown>>();

  const announce = (write: LibraryWrite) => {
    if (caches) forgetAfter(caches, write);
    const sent = publisher.publish(channel, JSON.stringify({ from: instanceId, write })).then(
      () => publishing.recovered(),
      (error: unknown) => publishing.failed(error),
    );
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };

  const subscriber = caches ? subscribe(publisher, channel, instanceId, caches, log) : undefined;
  await Promise.all([
    publisher.connect().catch((error: unknown) => publishing.failed(error)),
    subscriber ? withTimeout(subscriber.firstAttempt, CONNECT_TIMEOUT_MS) : undefined,
  ]);

  return {
    announce,
    subscribed: () => subscriber?.subscribed() ?? Promise.resolve(),
    async close() {
      await withTimeout(
        Promise.all(pending).then(() => undefined),
        CONNECT_TIMEOUT_MS,
      );
      subscriber?.close();
      publisher.disconnect();
    },
  };
}

/**
 * The subscribing connection. It resubscribes itself on every 'ready' rather
 * than through ioredis's autoResubscribe, whose SUBSCRIBE runs unseen: the
 * caches must be dropped once the subscription is confirmed, not before (an
 * announcement published between the two would be missed).
 */
function subscribe(publisher: Redis, channel: string, instanceId: string, caches: AppCaches, log: AnnouncementLog) {
  // Unlike the publisher, it keeps its SUBSCRIBE queued until connected and
  // retries forever (ioredis's default back-off, at most 2 s apart).
  const subscriber = publisher.duplicate({ enableOfflineQueue: true, autoResubscribe: false, maxRetriesPerRequest: null });
  const subscription = outageLog(log, 'cache announcements (subscription)', "this instance shows other instances' writes");
  let closing = false;
  let waiting: Array<() => void> = [];
  // Settles with the first subscription or the first failure, whichever comes first.
  let settleFirstAttempt = () => {};
  const firstAttempt = new Promise<void>((resolve) => (settleFirstAttempt = resolve));
  const failed = (error: unknown) => {
    subscription.failed(error);
    settleFirstAttempt();
  };

  subscriber.on('error', failed);
  subscriber.on('close', () => {
    if (!closing) failed(new Error('connection to Redis closed'));
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(() => {
      forgetEverything(caches);
      subscription.recovered();
      settleFirstAttempt();
      for (const resolve of waiting) resolve();
      waiting = [];
    }, failed);
  });
  subscriber.on('message', (receivedOn: string, message: string) => {
    if (receivedOn !== channel) return;
    const announcement = parseAnnouncement(message);
    if (!announcement) {
      log.warn({ message: message.slice(0, QUOTED_MESSAGE_CHARS) }, 'malformed cache announcement ignored');
      return;
    }
    if (announcement.from !== instanceId) forgetAfter(caches, announcement.write);
  });
  subscriber.connect().catch(failed);

  return {
    firstAttempt,
    subscribed: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close() {
      closing = true;
      subscriber.disconnect();
    },
  };
}

function parseAnnouncement(message: string): z.infer<typeof announcementSchema> | undefined {
  try {
    const parsed = announcementSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
