import { describeScreens } from '@stitchhouse/shared/testing/screens.tsx';
import { exposes } from '../rspack.config.ts';

describeScreens('mf_partners', exposes, (file) => import(/* @vite-ignore */ new URL(`../${file}`, import.meta.url).href));
