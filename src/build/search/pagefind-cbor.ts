/**
 * CBOR as Pagefind 1.6 (minicbor) writes it: integers, text, arrays of known length, each head as short as it can
 * be. A writer, and a cursor that reads item by item and can hand over an item's bytes as they are, so a page's
 * locations go from Pagefind's files to the cache and back into a part without being decoded.
 */

export class CborWriter {
  private buf = Buffer.allocUnsafe(1 << 16);
  private at = 0;
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
  private head(major: number, n: number): this {
    this.room(5);
    const m = major << 5;
    if (n < 24) this.buf[this.at++] = m | n;
    else if (n < 0x100) {
      this.buf[this.at++] = m | 24;
      this.buf[this.at++] = n;
    } else if (n < 0x10000) {
      this.buf[this.at++] = m | 25;
      this.at = this.buf.writeUInt16BE(n, this.at);
    } else if (n < 0x100000000) {
      this.buf[this.at++] = m | 26;
      this.at = this.buf.writeUInt32BE(n, this.at);
    } else throw new Error(`search index: ${n} does not fit the index`);
    return this;
  }
  array(n: number): this {
    return this.head(4, n);
  }
  int(n: number): this {
    return n < 0 ? this.head(1, -1 - n) : this.head(0, n);
  }
  string(s: string): this {
    const length = Buffer.byteLength(s, 'utf8');
    this.head(3, length);
    this.room(length);
    this.at += this.buf.write(s, this.at, 'utf8');
    return this;
  }
  null(): this {
    this.room(1);
    this.buf[this.at++] = 0xf6;
    return this;
  }
  /** Items already encoded, as they are. */
  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.buf.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }
  bytes(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.at));
  }
}

export class CborCursor {
  at = 0;
  constructor(
    private readonly buf: Buffer,
    private readonly what: string,
  ) {}
  private fail(expected: string): never {
    throw new Error(`search index: ${this.what}: expected ${expected} at byte ${this.at}`);
  }
  private head(): [major: number, n: number] {
    const b = this.buf[this.at++];
    if (b === undefined) this.fail('more bytes');
    const info = b & 31;
    let n = info;
    if (info === 24) n = this.buf[this.at++]!;
    else if (info === 25) n = this.buf.readUInt16BE((this.at += 2) - 2);
    else if (info === 26) n = this.buf.readUInt32BE((this.at += 4) - 4);
    else if (info > 23) this.fail('an item of definite length');
    return [b >> 5, n];
  }
  array(): number {
    const [major, n] = this.head();
    return major === 4 ? n : this.fail('an array');
  }
  int(): number {
    const [major, n] = this.head();
    return major === 0 ? n : major === 1 ? -1 - n : this.fail('an integer');
  }
  string(): string {
    const [major, n] = this.head();
    if (major !== 3) this.fail('a string');
    this.at += n;
    return this.buf.toString('utf8', this.at - n, this.at);
  }
  /** Whether the next item is null (taken if so). */
  null(): boolean {
    if (this.buf[this.at] !== 0xf6) return false;
    this.at++;
    return true;
  }
  /** An array of integers as it is encoded, and its length. */
  ints(): { bytes: Buffer; count: number } {
    const start = this.at;
    const count = this.array();
    for (let k = 0; k < count; k++) this.int();
    return { bytes: this.buf.subarray(start, this.at), count };
  }
  more(): boolean {
    return this.at < this.buf.length;
  }
}
