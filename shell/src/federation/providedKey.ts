/**
 * The share key under which the shell provides one platform file (`./ui/index.ts` →
 * `@stitchhouse/shared/ui/index.ts`, `./index.ts` → `@stitchhouse/shared`). Used by
 * provided.ts at run time and by the build's boot plan (shell/build/bootPlan.ts).
 */
export function platformShareKey(file: string): string {
  return file === './index.ts' ? '@stitchhouse/shared' : `@stitchhouse/shared/${file.slice(2)}`;
}
