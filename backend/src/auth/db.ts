// Every auth write runs in one transaction on one pooled connection. Nothing else may touch
// the pool while it is open: on PGlite the socket serialises transactions, so a second
// connection would wait on the first forever.
import type pg from 'pg';
import { inTransaction } from '../db/tx.ts';

export type Db = pg.Pool | pg.PoolClient;

/** One auth write: db/tx.ts inTransaction. */
export const withTx = inTransaction;
