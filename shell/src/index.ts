// Async boundary: Module Federation negotiates shared singletons before bootstrap runs.
void import('./bootstrap.tsx');
