// Backend core against the embedded PGlite (child process behind the socket).
import { defineCoreSuite } from './core-suite.ts';

defineCoreSuite({ name: 'PGlite', crashTest: true });
