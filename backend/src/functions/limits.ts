// Hosted Supabase Edge Functions' runtime limits, which the embedded runner enforces by default
// (https://supabase.com/docs/guides/functions/limits): 256 MB of memory per worker, 2 s of CPU
// time per request, and a worker wall clock of 150 s on the free plan (400 s on paid plans).
// A worker over a limit is killed and the call answers what hosted answers (status-codes,
// error-codes and the 546 troubleshooting page): 546 {"code":"WORKER_LIMIT","message":
// "Function failed due to not having enough compute resources (please check logs)"}, with
// sb-error-code: WORKER_LIMIT. A call that starts no answer (no status, no headers) within the
// request idle timeout, 150 s on every plan, answers 504 with sb-error-code: IDLE_TIMEOUT, as
// hosted's gateway does (status-codes, error-codes, "Edge Function takes too long to respond");
// an answer started in time may stream on. The request body limit is the gateway's
// (BODY_LIMIT_FUNCTIONS, body-limits.ts): hosted documents none.
//
// One place to change them, the backend's environment (supabase/config.toml's [edge_runtime]
// has no key for limits, and the Supabase CLI refuses unknown keys there):
//   FUNCTIONS_PLAN=free|paid     the wall clock of that plan (default free: 150 s)
//   FUNCTIONS_WALL_CLOCK_S=<s>   the wall clock itself (wins over the plan)
//   FUNCTIONS_MEMORY_MB=<MB>     memory per worker
//   FUNCTIONS_CPU_MS=<ms>        CPU time per request
//   FUNCTIONS_IDLE_TIMEOUT_S=<s> how long a call may go without starting its answer
// 0 turns that limit off (e.g. to profile a function); the default is always hosted's.

export interface FunctionLimits {
  /** Memory of one worker (the Deno process's anonymous resident memory, see workers.ts), in MB. */
  memoryMb: number;
  /** CPU time one request may use, in ms (the worker's JavaScript thread, see workers.ts). */
  cpuMs: number;
  /**
   * How long a worker lives, in ms, from when it listens. As on hosted, it takes no new
   * request after half of it (the next call starts a fresh worker) and is killed at the end,
   * with whatever it is still serving.
   */
  wallClockMs: number;
  /**
   * How long one call may take to start its answer (status and headers), in ms, from when it
   * reaches its worker; past it the call answers 504 IDLE_TIMEOUT. A started answer may stream on.
   */
  idleTimeoutMs: number;
}

export type HostedPlan = 'free' | 'paid';

export const hostedLimits: Record<HostedPlan, FunctionLimits> = {
  free: { memoryMb: 256, cpuMs: 2000, wallClockMs: 150_000, idleTimeoutMs: 150_000 },
  paid: { memoryMb: 256, cpuMs: 2000, wallClockMs: 400_000, idleTimeoutMs: 150_000 },
};

export type LimitReason = 'memory' | 'cpu' | 'wall_clock';

/** What hosted writes in the function's logs for each (the answer is the same 546 for all). */
export const limitLogMessage: Record<LimitReason, string> = {
  memory: 'Memory limit exceeded',
  cpu: 'CPU Time exceeded',
  wall_clock: 'wall clock time limit reached',
};

export const WORKER_LIMIT_STATUS = 546;
export const workerLimitBody = {
  code: 'WORKER_LIMIT',
  message: 'Function failed due to not having enough compute resources (please check logs)',
} as const;

/** An answer of hosted's own (not the function's): the body's code is also its sb-error-code header. */
function hostedAnswer(status: number, body: { code: string; message: string }): Response {
  return Response.json(body, { status, headers: { 'sb-error-code': body.code } });
}

/** Hosted's answer to a call whose worker was killed at a limit. */
export const workerLimitResponse = (): Response => hostedAnswer(WORKER_LIMIT_STATUS, workerLimitBody);

export const IDLE_TIMEOUT_STATUS = 504;
export const idleTimeoutBody = {
  code: 'IDLE_TIMEOUT',
  message: 'Function did not respond before the request idle timeout',
} as const;

/** Hosted's answer to a call that started no answer within the request idle timeout. */
export const idleTimeoutResponse = (): Response => hostedAnswer(IDLE_TIMEOUT_STATUS, idleTimeoutBody);

function number(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0 (0 turns the limit off), got ${JSON.stringify(raw)}`);
  return value;
}

/** The limits from the environment (see the top of this file); hosted's free plan where nothing is set. */
export function functionLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): FunctionLimits {
  const plan = (env.FUNCTIONS_PLAN ?? 'free').trim().toLowerCase();
  if (plan !== 'free' && plan !== 'paid') throw new Error(`FUNCTIONS_PLAN must be free or paid, got ${JSON.stringify(env.FUNCTIONS_PLAN)}`);
  const base = hostedLimits[plan];
  const wall = number(env, 'FUNCTIONS_WALL_CLOCK_S');
  const idle = number(env, 'FUNCTIONS_IDLE_TIMEOUT_S');
  return {
    memoryMb: number(env, 'FUNCTIONS_MEMORY_MB') ?? base.memoryMb,
    cpuMs: number(env, 'FUNCTIONS_CPU_MS') ?? base.cpuMs,
    wallClockMs: wall === undefined ? base.wallClockMs : wall * 1000,
    idleTimeoutMs: idle === undefined ? base.idleTimeoutMs : idle * 1000,
  };
}
