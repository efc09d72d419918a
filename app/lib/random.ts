// Seeded randomness for whatever must come out the same on every run: the demo
// world's pictures and choices, the benchmark generator's worlds, the crash test's
// replayable points. Plain code with no imports, so bench/ and tests/ load it too.

/** mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a: a 32-bit seed from a text, so each name has its own sequence. */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}
