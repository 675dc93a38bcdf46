// What `openDatabase` opens: its own module, so the engines' openers (open-pglite.ts) and
// open-database.ts both read it without importing each other.

export type DatabaseTarget =
  /**
   * Embedded PGlite persisted in `<dataDir>/pglite` (locked to this process). A folder without a
   * database starts from `template` (default: the one the build put beside the bundle, see
   * data-dir-template.ts; `null`: none) or, without one or when it cannot be used, from initdb;
   * `onCreated` is told which, how long it took, and why the template was not used.
   */
  | {
      kind: 'pglite';
      dataDir: string;
      template?: string | null;
      onCreated?: (created: DatabaseCreated) => void;
      /** Postgres' `shared_buffers` in MB (default PGlite's 128). */
      sharedBuffersMb?: number;
      /** `false`: open it as it is, without applying the migrations it lacks (a backup taken before an upgrade). */
      migrate?: boolean;
    }
  /**
   * Embedded PGlite in memory (tests), empty or started from `snapshot`, a data folder dumped as a
   * plain tar (the tests' migrated snapshot, `testing/database-snapshot.ts`), never written to.
   */
  | {
      kind: 'pglite-memory';
      snapshot?: Uint8Array<ArrayBuffer>;
      /** Postgres' `shared_buffers` in MB (default PGlite's 128). */
      sharedBuffersMb?: number;
    }
  /** A PostgreSQL server. */
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told about connections lost while idle or between queries (the pool replaces them). */
      onConnectionError?: (error: Error) => void;
      /** `false`: open it as it is, without applying the migrations it lacks (a backup taken before an upgrade). */
      migrate?: boolean;
    };

/** How a new embedded database folder was made (the first start on a `DATA_DIR`). */
export interface DatabaseCreated {
  from: 'template' | 'initdb';
  ms: number;
  /** Why the template was not used, when there was one. */
  templateError?: Error;
}
