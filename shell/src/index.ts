// The shell is a plain bundle: no federation runtime to negotiate before it runs
// (shell/src/federation/ starts one when a remote is first needed).
//
// Its modules are all in main.js, but evaluating them at once is one 27–30 ms task (×4 on
// Lighthouse's phone: Total Blocking Time). React DOM, about half of that, evaluates in
// a task of its own, then the rest: an "eager" import adds no file and no request, only the task
// boundary. (Only CommonJS packages this way: an ES package imported whole loses its tree-shaking.)
import { nextTask } from '@stitchhouse/shared/afterPaint.ts';

void import(/* webpackMode: "eager" */ 'react-dom/client').then(nextTask).then(() => import(/* webpackMode: "eager" */ './bootstrap.tsx'));
