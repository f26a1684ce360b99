import { defineConfig } from 'vitest/config';

// shared's (and the shell's) English words, which a page loads before its first render
export default defineConfig({ test: { setupFiles: ['./test/english.ts'] } });
