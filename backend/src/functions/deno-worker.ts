// Runs under Deno (not Node): one process per function, started by workers.ts as
//   deno run <Edge Runtime permissions> deno-worker.ts <file URL of supabase/functions/<name>/index.ts> <name>
// The function's index.ts calls Deno.serve(handler) as on hosted Supabase, where Edge Runtime
// owns the listening socket; here Deno.serve is pointed at a free loopback port, told to the
// runner on stdout, and a handler that throws answers 500 {error} with a log line instead of
// Deno's bare "Internal Server Error". The worker ends when the runner's stdin pipe closes, so a
// killed backend leaves no function running.

export {};

type Handler = (req: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  handler?: Handler;
  [option: string]: unknown;
}
interface DenoRuntime {
  args: string[];
  serve(options: ServeOptions | Handler, handler?: Handler): unknown;
  exit(code: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
}

const deno = (globalThis as unknown as { Deno: DenoRuntime }).Deno;
const [entry, name] = deno.args;
/** The line workers.ts waits for; anything else on stdout is the function's own logging. */
const LISTENING = 'stitchhouse-function-worker listening on port ';

const serve = deno.serve.bind(deno);
let served = false;
deno.serve = (first: ServeOptions | Handler, second?: Handler) => {
  const handler = typeof first === 'function' ? first : (second ?? first.handler);
  if (typeof handler !== 'function') throw new Error(`${name}: Deno.serve needs a handler(req: Request): Response`);
  if (served) throw new Error(`${name}: Deno.serve called twice; a function serves one handler`);
  served = true;
  return serve(
    {
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }: { port: number }) => console.log(`${LISTENING}${port}`),
    } as ServeOptions,
    async (req, info) => {
      try {
        const response = await handler(req, info);
        if (!(response instanceof Response)) throw new Error(`${name} did not return a Response`);
        return response;
      } catch (err) {
        console.error(`${name} threw while handling ${req.method}:`, err);
        return Response.json({ error: err instanceof Error ? err.message : String(err) }, { status: 500 });
      }
    },
  );
};

// the runner went away (stopped or killed): so does the function
void (async () => {
  const stdin = deno.stdin.readable.getReader();
  while (!(await stdin.read()).done) {
    /* the runner never writes; EOF ends the loop */
  }
  deno.exit(0);
})();

await import(entry!);
if (!served) {
  console.error(`${name}: index.ts must call Deno.serve(handler), as hosted Supabase Edge Functions do`);
  deno.exit(70);
}
