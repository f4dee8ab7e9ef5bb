/**
 * Provably fair randomness, pure TypeScript (runs in the API and in the browser's verify page).
 *
 * A round's numbers come from HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`);
 * when a round needs more than the 8 numbers one HMAC gives, block i (i >= 1) is
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${i}`). Each block is read as 8 big-endian
 * uint32 values, and a uniform integer in [0, n) is drawn by rejection sampling (values at or above
 * the largest multiple of n below 2^32 are skipped), so there is no modulo bias.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of bytes (FIPS 180-4). Small and synchronous so the verify page needs no async WebCrypto. */
export function sha256(data: Uint8Array): Uint8Array {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const bitLen = data.length * 8;
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 2 ** 32));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15],
        b = w[i - 2];
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i] + w[i]) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i]);
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  let k = key.length > 64 ? sha256(key) : key;
  const block = new Uint8Array(64);
  block.set(k);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i] ^ 0x36;
    outer[i] = block[i] ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  k = sha256(outer);
  return k;
}

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The hash committed before play: SHA-256 of the server seed's text, in hex. */
export const serverSeedHash = (serverSeed: string) => toHex(sha256(utf8(serverSeed)));

/** HMAC implementation: the API passes Node's (faster, same result), the browser uses the one above. */
export type HmacFn = (key: string, message: string) => Uint8Array;
export const pureHmac: HmacFn = (key, message) => hmacSha256(utf8(key), utf8(message));

/** Where engines take their randomness from: a uniform integer in [0, n). */
export interface RandomSource {
  int(n: number): number;
}

/** The message of block `index` of a round's stream. */
export const blockMessage = (clientSeed: string, nonce: number, index: number) => (index === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${index}`);

const TWO_32 = 2 ** 32;

/** The round's stream of uniform integers, from its seeds and nonce. */
export function fairRandom(serverSeed: string, clientSeed: string, nonce: number, hmac: HmacFn = pureHmac): RandomSource {
  let block = -1;
  let words: DataView | null = null;
  let pos = 8;
  const nextU32 = () => {
    if (pos >= 8) {
      block += 1;
      const bytes = hmac(serverSeed, blockMessage(clientSeed, nonce, block));
      words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      pos = 0;
    }
    return words!.getUint32(4 * pos++);
  };
  return {
    int(n: number) {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new Error(`fairRandom: bad range ${n}`);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const u = nextU32();
        if (u < limit) return u % n;
      }
    },
  };
}

/** A fast seeded generator (xoshiro128**) for simulations only: RTP tests run millions of rounds. */
export function simulationRandom(seed: number): RandomSource {
  let a = seed >>> 0 || 1,
    b = 0x9e3779b9,
    c = 0x243f6a88,
    d = 0xb7e15162;
  const next = () => {
    const r = Math.imul((Math.imul(b, 5) << 7) | (Math.imul(b, 5) >>> 25), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    return r;
  };
  for (let i = 0; i < 16; i++) next();
  return {
    int(n: number) {
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const u = next();
        if (u < limit) return u % n;
      }
    },
  };
}
