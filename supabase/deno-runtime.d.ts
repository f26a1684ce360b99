// The part of Deno's runtime API the functions use, declared for tsc (tsconfig.json) and editors
// without the Deno extension. The functions run under Deno (the embedded backend's workers and
// hosted Edge Runtime), where Deno's own types apply; this file is not deployed.
declare namespace Deno {
  interface ServeHandlerInfo {
    remoteAddr: { hostname: string; port: number };
  }
  type ServeHandler = (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>;
  /** Edge Runtime owns the socket: a function passes only its handler. */
  function serve(handler: ServeHandler): unknown;
  const env: { get(key: string): string | undefined };
}
