export declare const PAGE_READS_ID = 'stitchhouse-reads';
/** One read answered inside the page: its key and the backend's JSON answer (status 200). */
export interface PageRead {
  key: string;
  data: unknown;
}
export declare function readKey(method: string, path: string, body?: unknown): string;
/** An RPC's arguments as supabase-js's `rpc(name, args, { get: true })` puts them in the query string. */
export declare function rpcQuery(args: Record<string, unknown>): string;
/** The most characters of arguments a read RPC sends in its URL. */
export declare const RPC_GET_MAX_QUERY: number;
/** Whether a read RPC goes as a GET (its arguments fit a URL) or as a POST. */
export declare function rpcAsGet(args: Record<string, unknown>): boolean;
