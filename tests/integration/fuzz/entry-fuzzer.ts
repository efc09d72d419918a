import { VIDEO_UPLOAD_PATH } from "~/server/media/videos.server.ts";
import type { TestServices } from "../../setup/test-services.ts";
import type { MutatingAction, PreparedCall } from "../authorization/action-entry.ts";
import { describeDiff, diff, type TableChange } from "../authorization/db-snapshot.ts";
import { buildRequest } from "../authorization/route-call.ts";
import type { Actor, SignedIn, World } from "../authorization/world.ts";
import { send, type Answer } from "./answer.ts";
import { integrityProblems } from "./integrity.ts";
import { Snapshots } from "./snapshots.ts";
import { judge, type Kind } from "./verdict.ts";

/** Milliseconds spent per phase of a case (prepare, snapshot, send…), summed, for FUZZ_PROFILE. */
export const PROFILE = new Map<string, number>();

/** One spoiled request, made from a prepared (valid) call. */
export interface Spoiled {
  request: Request;
  params: Record<string, string>;
  /** The valid request plus unknown fields only: the entry's own effect check must still hold. */
  stillValid: boolean;
  /** The fields the request sent (a password change's new password), when it was a form. */
  form?: Record<string, string | string[]>;
}

export interface CaseResult {
  kind: Kind;
  problems: string[];
  answer: Answer;
}

/**
 * Tables a valid call of an entry writes only sometimes, so learning from one
 * valid call misses them: a customer's profile writes the user's name when the
 * username changed (an accepted fuzzed username, then the world's own again);
 * a menu or branch write recomputes the restaurant's average price when a price changed.
 */
function sometimesWrites(entry: MutatingAction): string[] {
  if (entry.name === "customer edit-profile") return ["user"];
  if (/^routes\/restaurant\/(menu|branches)\//.test(entry.module)) return ["restaurant"];
  return [];
}

/**
 * An upload that finishes and is not a video is refused (415) and deleted, so
 * nothing of it is left: a refused PATCH may remove the files of the upload it
 * names (`tus/{id}`, `tus/{id}.json`), and nothing else.
 */
function discardsOwnUpload(change: TableChange, call: PreparedCall): boolean {
  const id = call.path.startsWith(VIDEO_UPLOAD_PATH) ? call.path.slice(VIDEO_UPLOAD_PATH.length + 1) : "";
  if (change.table !== "(files)" || !id || change.added.length > 0) return false;
  return change.removed.every(({ file }) => new RegExp(`^tus/${id}(\\.json)? `).test(String(file)));
}

/** The actor a fuzz case is sent as: an allowed one (signed in if any is), so it reaches validation. */
export function fuzzActor(entry: MutatingAction): Actor {
  return entry.allowed.find((a) => a !== "visitor") ?? entry.allowed[0] ?? "customer";
}

/**
 * Runs fuzz cases for one entry of the list, as its allowed actor. A prepared
 * call is reused while cases are refused (a refusal leaves its target as it was),
 * and made afresh after an accepted one; the tables a valid call writes are
 * learned from one valid call first, and an accepted case may write only those.
 */
export class EntryFuzzer {
  readonly actor: Actor;
  private prepared: PreparedCall | null = null;
  private tables = new Set<string>();
  private snapshots: Snapshots;

  readonly services: TestServices;
  readonly world: World;
  readonly entry: MutatingAction;

  constructor(services: TestServices, world: World, entry: MutatingAction) {
    this.services = services;
    this.world = world;
    this.entry = entry;
    this.actor = fuzzActor(entry);
    this.snapshots = new Snapshots(services);
  }

  private cookies(call: PreparedCall) {
    return call.cookies !== undefined ? call.cookies : this.world.cookiesOf(this.actor);
  }

  /**
   * One valid call, which must be accepted (or refused, for an entry no one may
   * use): what is wrong with it, and the call (whose names the fuzz plans spoil).
   */
  async learn(): Promise<{ problems: string[]; call: PreparedCall }> {
    const call = await this.entry.prepare(this.world, this.actor);
    const request = buildRequest({ method: this.entry.method, cookies: this.cookies(call), ...call });
    const before = await this.snapshots.take();
    const answer = await send(this.services, this.entry, request, call.params ?? {});
    const after = await this.snapshots.take();
    const changes = diff(before, after);
    const { kind, problems } = judge(answer, this.entry.target.kind);
    const expected = this.entry.allowed.length > 0 ? "accepted" : "refused";
    if (kind !== expected)
      problems.push(`the valid call was ${kind}: ${answer.message ?? answer.readable.slice(0, 200)}`);
    if (kind === "accepted") {
      await call.effect({
        world: this.world,
        actor: this.actor,
        outcome: answer.outcome,
        before,
        after,
        changes,
      });
    }
    await this.afterCall();
    for (const c of changes) this.tables.add(c.table);
    // An entry that takes files may store them or not.
    if (call.files) this.tables.add("(files)");
    for (const table of sometimesWrites(this.entry)) this.tables.add(table);
    return { problems, call };
  }

  /** Sessions a call ended are signed in again, so the next case is still the actor's. */
  private async afterCall() {
    if (this.entry.endsSessions) await this.world.renewSession(this.actor);
  }

  async run(spoil: (call: PreparedCall, cookies: Headers | null) => Promise<Spoiled>): Promise<CaseResult> {
    let t = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      PROFILE.set(name, (PROFILE.get(name) ?? 0) + now - t);
      t = now;
    };
    const call = this.prepared ?? (await this.entry.prepare(this.world, this.actor));
    this.prepared = null;
    lap("prepare");
    const spoiled = await spoil(call, this.cookies(call));
    lap("spoil");
    const before = await this.snapshots.take();
    lap("snapshot");
    const answer = await send(this.services, this.entry, spoiled.request, spoiled.params);
    lap("send");
    const after = await this.snapshots.take();
    const changes = diff(before, after);
    lap("snapshot");
    const { kind, problems } = judge(answer, this.entry.target.kind);

    if (kind === "refused") {
      // Attempt counters (rate_limit) are written on a refusal by design; snapshots leave them out.
      const written = changes.filter((c) => !discardsOwnUpload(c, call));
      if (written.length > 0) problems.push(`refused, but wrote ${describeTables(written)}`);
      // Nothing of the target was used up: the next case may spoil the same call.
      if (changes.length === 0) this.prepared = call;
    } else {
      this.rememberPassword(spoiled);
      const stray = changes.filter((c) => !this.tables.has(c.table));
      if (stray.length > 0)
        problems.push(`accepted, and wrote where a valid call does not: ${describeTables(stray)}`);
      problems.push(...(await integrityProblems(this.services, changes, after)));
      if (spoiled.stillValid) {
        try {
          await call.effect({
            world: this.world,
            actor: this.actor,
            outcome: answer.outcome,
            before,
            after,
            changes,
          });
        } catch (error) {
          problems.push(
            `accepted with unknown fields only, but not as the valid call: ${(error as Error).message}`,
          );
        }
      }
    }
    lap("judge");
    await this.afterCall();
    lap("after");
    return { kind, problems, answer };
  }

  /** A password change accepted with a fuzzed (but valid) password: the world signs in with it from now on. */
  private rememberPassword(spoiled: Spoiled) {
    const next = [spoiled.form?.newPassword].flat()[0];
    if (this.entry.intent === "password" && typeof next === "string" && this.actor !== "visitor") {
      this.world.account(this.actor as SignedIn).password = next;
    }
  }
}

function describeTables(changes: TableChange[]): string {
  return describeDiff(changes).join(", ");
}
