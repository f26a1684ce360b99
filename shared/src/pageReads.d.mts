export declare const PAGE_READS_ID = 'stitchhouse-reads';
/** One read answered inside the page: its key and the backend's JSON answer (status 200). */
export interface PageRead {
  key: string;
  data: unknown;
}
export declare function readKey(method: string, path: string, body?: unknown): string;
