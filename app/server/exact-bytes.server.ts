/**
 * `bytes` in memory of its own size. zlib's synchronous output is a view of a 64 KB
 * block: a kept page of 12 KB held its whole block, and 5,000 kept pages held 320 MB
 * instead of 64 MB (measured by `npm run bench:traffic`, ADR 0034 §5).
 */
export function exactBytes(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  // Not Buffer.from: a copy may land in a shared pool block of its own.
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}
