import zlib from "node:zlib";
import { exactBytes } from "./exact-bytes.server.ts";

/**
 * ADR 0028: one kept page for every signed-in reader of a role, with the
 * reader's own words (their name in the header) put in where the page has a slot.
 * The page is kept gzipped in pieces, so a hit costs no compression: each fixed piece
 * is raw deflate ended by a sync flush (byte-aligned, any data may follow), a reader's
 * words go in as a stored block (no compression, built by hand), and the gzip trailer's
 * CRC-32 is combined from the pieces' own CRCs (zlib's crc32_combine) instead of being
 * computed over the whole page again.
 */

/** A page whose `slot` places take each reader's own words; kept once for all of them. */
export interface SplicedPage {
  /** The fixed text between the slots, uncompressed (for clients that ask for no gzip). */
  pieces: Buffer[];
  /** The same pieces as raw deflate, each ended by a sync flush (the last one finished). */
  deflated: Buffer[];
  /** Each piece's CRC-32 on its own, and the combining operator for its length. */
  crcs: number[];
  shifts: number[];
  lengths: number[];
}

const POLY = 0xedb88320;

/** a × b modulo the CRC-32 polynomial (bit-reflected), as zlib's multmodp. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

// x^(2^k) modulo the polynomial, k = 0…31.
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!));

/** The operator that moves a CRC past `length` more bytes (zlib's crc32_combine_gen). */
export function crcShift(length: number): number {
  let product = 0x80000000;
  let k = 3;
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) product = multiplyModP(X2N[k & 31]!, product);
  }
  return product;
}

/** CRC-32 of A then B, from CRC(A), CRC(B) and crcShift(length of B). */
export function combineCrc(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** Cuts `body` at each `slot` and keeps the pieces ready to send. */
export function splicedPage(body: Buffer, slot: string): SplicedPage {
  const pieces: Buffer[] = [];
  const marker = Buffer.from(slot);
  let from = 0;
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, from)) {
    pieces.push(body.subarray(from, at));
    from = at + marker.length;
  }
  pieces.push(body.subarray(from));
  const last = pieces.length - 1;
  return {
    pieces,
    deflated: pieces.map((piece, i) =>
      exactBytes(
        zlib.deflateRawSync(piece, {
          level: 9,
          finishFlush: i === last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
        }),
      ),
    ),
    crcs: pieces.map((piece) => zlib.crc32(piece)),
    shifts: pieces.map((piece) => crcShift(piece.length)),
    lengths: pieces.map((piece) => piece.length),
  };
}

// gzip's ten-byte header: deflate, no name or time, from an unknown system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A stored (uncompressed) deflate block, not the last one: after a sync flush it starts on a byte. */
function storedBlock(words: Buffer): Buffer {
  const block = Buffer.allocUnsafe(5 + words.length);
  block[0] = 0;
  block.writeUInt16LE(words.length, 1);
  block.writeUInt16LE(~words.length & 0xffff, 3);
  words.copy(block, 5);
  return block;
}

/** A reader's words ready to go in any page's slots: worked out once per reader, not per page sent. */
export interface SlotWords {
  bytes: Buffer;
  crc: number;
  shift: number;
  /** The words as a stored deflate block, for gzipped pages. */
  block: Buffer;
}

export function slotWords(words: Buffer): SlotWords {
  // A stored block holds at most 65,535 bytes (a name is a few dozen).
  if (words.length > 0xffff) throw new RangeError("spliced words longer than a stored block");
  return { bytes: words, crc: zlib.crc32(words), shift: crcShift(words.length), block: storedBlock(words) };
}

/**
 * The page with `words` in every slot, as buffers to write one after the other (no copy
 * of the page), their total size, and the page's CRC-32 (the gzip trailer's, and a fine
 * ETag part).
 */
export function filled(
  page: SplicedPage,
  words: SlotWords,
  gzip: boolean,
): { parts: Buffer[]; size: number; crc: number } {
  let crc = page.crcs[0]!;
  let length = page.lengths[0]!;
  for (let i = 1; i < page.pieces.length; i++) {
    crc = combineCrc(combineCrc(crc, words.crc, words.shift), page.crcs[i]!, page.shifts[i]!);
    length += words.bytes.length + page.lengths[i]!;
  }
  if (!gzip) {
    const parts: Buffer[] = [page.pieces[0]!];
    for (let i = 1; i < page.pieces.length; i++) parts.push(words.bytes, page.pieces[i]!);
    return { parts, size: length, crc };
  }
  const parts: Buffer[] = [GZIP_HEADER, page.deflated[0]!];
  for (let i = 1; i < page.deflated.length; i++) parts.push(words.block, page.deflated[i]!);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(trailer);
  return { parts, size: parts.reduce((sum, part) => sum + part.length, 0), crc };
}
