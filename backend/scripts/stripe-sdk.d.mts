// Types of stripe-sdk.mjs (for gen-stripe-schema.ts and the tests that import it).
import type ts from 'typescript5';

export const backend: string;
export const ts: typeof import('typescript5');
export const stripeRoot: string;
export const stripeVersion: string;
export const resourcesDir: string;
export const stripeApiVersion: string;
export const compilerOptions: ts.CompilerOptions;
export interface SdkProgram {
  program: ts.Program;
  checker: ts.TypeChecker;
  roots: Map<string, ts.Type>;
  namespaceOf(declaration: ts.Declaration): string;
}
export function sdkProgram(options?: { files?: string[]; roots?: Record<string, string> }): SdkProgram;
