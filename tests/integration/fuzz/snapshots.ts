import { sql } from "kysely";
import type { TestServices } from "../../setup/test-services.ts";
import { snapshot, storedFiles, type Snapshot } from "../authorization/db-snapshot.ts";

/**
 * The matrix's snapshot (every row of every table, every stored file), read
 * again only when the database was written since the last one: most fuzz cases
 * are refusals that write nothing, and reading every row twice per case would
 * make 10,000 cases take hours as the tables grow.
 *
 * "Written since" is the database's own write counter: SQLite's total_changes()
 * on the one connection the app and the test share (it counts every inserted,
 * updated or deleted row, by triggers too), PostgreSQL's WAL position (any
 * committed write moves it; another session's writes only cost a fresh read).
 */
export class Snapshots {
  /** How many times every row was read, for FUZZ_PROFILE. */
  static full = 0;
  private last: { mark: string; tables: Snapshot } | null = null;

  private readonly services: TestServices;

  constructor(services: TestServices) {
    this.services = services;
  }

  private async mark(): Promise<string> {
    const { db } = this.services.database;
    const query =
      this.services.database.dialect === "postgres"
        ? sql<{ mark: string }>`select pg_current_wal_insert_lsn()::text as mark`
        : sql<{ mark: string }>`select total_changes() as mark`;
    return String((await query.execute(db)).rows[0]!.mark);
  }

  async take(): Promise<Snapshot> {
    const mark = await this.mark();
    if (this.last?.mark !== mark) {
      Snapshots.full++;
      this.last = { mark, tables: await snapshot(this.services) };
    }
    // Files are cheap to list and not counted by the database: always read afresh.
    return new Map([...this.last.tables, ["(files)", storedFiles(this.services)]]);
  }
}
