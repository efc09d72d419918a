/**
 * ADR 0047: a cache hit's one database question is its content versions; on SQLite it
 * cost a third of a hit's server CPU under load (51 µs of 308). While the database is
 * unchanged (its change stamp, Database.changeStamp, still the same) the answer is the
 * same, so each scope's is remembered until the stamp moves. The stamp is read on every
 * lookup (this process's writes move it at once, another's by the next turn of the event
 * loop), and an answer read while it moved is not kept. `scope` names one page scope
 * unambiguously (not scopeName, whose `|` a restaurant's name may hold).
 */
export function createVersionMemo(stamp: () => number, maxScopes = 20_000) {
  const keys = new Map<string, string>();
  let at = Number.NaN;
  return async function remembered(scope: string, read: () => Promise<string>): Promise<string> {
    const now = stamp();
    if (now !== at) {
      keys.clear();
      at = now;
    }
    const known = keys.get(scope);
    if (known !== undefined) return known;
    const key = await read();
    // A write between the stamp and the answer: the answer may be older than the stamp says
    // (and a later lookup may have kept a newer one: stamps only grow, so this check covers it).
    if (stamp() === now) {
      // A flood of made-up restaurant names cannot grow it past a bound.
      if (keys.size >= maxScopes) keys.clear();
      keys.set(scope, key);
    }
    return key;
  };
}
