import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { TestServices } from "../../setup/test-services.ts";
import type { MutatingAction } from "../authorization/action-entry.ts";
import type { World } from "../authorization/world.ts";
import { EntryFuzzer, type CaseResult, type Spoiled } from "./entry-fuzzer.ts";
import {
  describeExpressPlan,
  expressPlan,
  expressRequest,
  expressShapeOf,
  onlyAddsUnknownProperties,
  type ExpressPlan,
} from "./express-plan.ts";
import { labelOf, type Family } from "./families.ts";
import {
  applyPlan,
  describePlan,
  onlyAddsUnknownFields,
  requestFor,
  routePlan,
  shapeOf,
  type RoutePlan,
} from "./route-plan.ts";
import type { FuzzStats } from "./stats.ts";

export interface FuzzRun {
  services: TestServices;
  world: World;
  stats: FuzzStats;
  /** Count failing cases and go on (bench/fuzz.ts), instead of stopping and shrinking at the first. */
  keepGoing: boolean;
  /** The run's seed, printed to replay a failure with FUZZ_SEED. */
  runSeed: number;
  /** Logs every case of this kind ("refused" or "accepted"), to see what the fuzz sends. */
  log?: string;
}

/** Shrinking replays cases against a database that moved on: a few steps find the culprit field. */
const MAX_SHRINKS = 40;

/** The contents of the file the fuzz leaves beside the upload folder (see `placeSentinel`). */
const SENTINEL = "0123456789";

/**
 * A file beside tus's upload folder shaped like an upload of `ownerId`: an
 * upload id of "../sentinel" that reached it would show as a changed file.
 */
export function placeSentinel(services: TestServices, ownerId: string) {
  const upload = { id: "sentinel", size: SENTINEL.length, offset: 0, metadata: { owner: ownerId } };
  fs.writeFileSync(path.join(services.dataDir, "sentinel"), SENTINEL);
  fs.writeFileSync(path.join(services.dataDir, "sentinel.json"), JSON.stringify(upload));
}

function sentinelProblems(services: TestServices): string[] {
  const file = path.join(services.dataDir, "sentinel");
  const intact =
    fs.existsSync(`${file}.json`) && fs.existsSync(file) && fs.readFileSync(file, "utf8") === SENTINEL;
  return intact ? [] : ["a file outside the upload folder was changed or removed"];
}

/**
 * Fuzzes one entry of the list with `runs` cases (fc.assert, seeded): the
 * valid call first, then spoiled ones. Throws the first failing case (shrunk),
 * or with `keepGoing` all of them at the end.
 */
export async function fuzzEntry(
  run: FuzzRun,
  family: Family,
  entry: MutatingAction,
  runs: number,
  seed: number,
) {
  const fuzzer = new EntryFuzzer(run.services, run.world, entry);
  const learned = await fuzzer.learn();
  if (learned.problems.length > 0) {
    throw new Error(`${labelOf(entry)}: the valid call itself: ${learned.problems.join("; ")}`);
  }
  const tus = entry.target.kind === "express" && entry.target.mount === "VIDEO_UPLOAD_PATH";
  const failures: string[] = [];

  const judge = (result: CaseResult, started: number, plan: string) => {
    const problems = [...result.problems, ...(tus ? sentinelProblems(run.services) : [])];
    const failure = problems.length > 0 ? `${labelOf(entry)}: ${plan}\n  → ${problems.join("\n  → ")}` : null;
    run.stats.record(family, result.kind, failure, performance.now() - started);
    if (run.log === result.kind) {
      const { status } = result.answer.outcome;
      console.log(
        `${result.kind} ${labelOf(entry)} ${status}: ${plan.slice(0, 300)} ⇒ ${result.answer.message}`,
      );
    }
    if (failure !== null && !run.keepGoing) throw new Error(failure);
    if (failure !== null) failures.push(failure);
    return true;
  };

  const options = <T>(): fc.Parameters<[T]> => ({
    numRuns: runs,
    seed,
    reporter(details) {
      if (!details.failed) return;
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : "";
      throw new Error(
        `${labelOf(entry)} failed; replay with FUZZ_SEED=${run.runSeed} (entry seed ${seed}, path ${details.counterexamplePath}):\n${cause}`,
      );
    },
  });

  if (entry.target.kind === "route") {
    const plans = fc.limitShrink(routePlan(shapeOf(learned.call)), MAX_SHRINKS);
    const property = fc.asyncProperty(plans, async (plan) => {
      const started = performance.now();
      const result = await fuzzer.run(async (call, cookies): Promise<Spoiled> => {
        const spoiled = applyPlan(call, plan, run.world.photo);
        return {
          request: await requestFor(spoiled, plan, entry.method, cookies),
          params: spoiled.params ?? {},
          stillValid: onlyAddsUnknownFields(plan, call),
          form: spoiled.form,
        };
      });
      return judge(result, started, describePlan(plan));
    });
    await fc.assert(property, options<RoutePlan>());
  } else {
    const shape = expressShapeOf(learned.call, tus ? "tus" : "auth", entry.method);
    const plans = fc.limitShrink(expressPlan(shape), MAX_SHRINKS);
    const property = fc.asyncProperty(plans, async (plan) => {
      const started = performance.now();
      const result = await fuzzer.run(async (call, cookies): Promise<Spoiled> => ({
        request: expressRequest(call, plan, entry.method, cookies),
        params: {},
        stillValid: onlyAddsUnknownProperties(plan, call),
      }));
      return judge(result, started, describeExpressPlan(plan));
    });
    await fc.assert(property, options<ExpressPlan>());
  }
  return failures;
}
