// The shell is a plain bundle: no federation runtime to negotiate before it runs
// (shell/src/federation/ starts one when a remote is first needed).
import './bootstrap.tsx';
