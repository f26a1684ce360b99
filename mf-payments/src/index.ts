// Async boundary: shared modules (react, the shared package…) are negotiated before bootstrap runs.
void import('./bootstrap.tsx');
