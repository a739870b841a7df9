import crypto from 'node:crypto';

/**
 * Identifiers made on this computer (records, outbox entries and their idempotency keys): UUIDv7
 * (RFC 9562). They start with the time they were made, so the indexes they key grow at one end:
 * writing or acknowledging a run of changes touches a few adjacent index pages instead of one page
 * per change, which with random (v4) keys made every acknowledgement several times dearer.
 * Within one millisecond a 12-bit counter keeps them in the order they were made, and they never
 * go backwards when the clock does. 62 random bits keep them unique across computers.
 */
export class IdMaker {
  private lastMs = -1;
  private counter = 0;
  private readonly pool = Buffer.alloc(8 * 256);
  private poolAt = this.pool.length;

  constructor(private readonly clock: () => number = Date.now) {}

  next(): string {
    let ms = Math.max(0, Math.floor(this.clock()));
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.counter = 0;
    } else {
      // Same millisecond, or the clock went back: count on from the last one.
      ms = this.lastMs;
      this.counter++;
      if (this.counter > 0xfff) {
        // 4,096 in one millisecond: borrow the next one.
        ms = ++this.lastMs;
        this.counter = 0;
      }
    }
    if (this.poolAt === this.pool.length) {
      crypto.randomFillSync(this.pool);
      this.poolAt = 0;
    }
    const b = Buffer.allocUnsafe(16);
    b.writeUIntBE(ms % 2 ** 48, 0, 6);
    b[6] = 0x70 | (this.counter >> 8); // version 7, then the counter's top 4 bits
    b[7] = this.counter & 0xff;
    this.pool.copy(b, 8, this.poolAt, this.poolAt + 8);
    this.poolAt += 8;
    b[8] = 0x80 | ((b[8] as number) & 0x3f); // the RFC 9562 variant
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

const shared = new IdMaker();

/** A new time-ordered identifier (see IdMaker). */
export function newId(): string {
  return shared.next();
}
