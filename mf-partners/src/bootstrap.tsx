import type { ComponentType } from 'react';
import { renderStandalone } from '@stitchhouse/shared/standalone.tsx';
import './messages.ts';

// The standalone page (this remote on its own origin): the same screen files the
// shell loads through Module Federation, under a router over this remote's routes.
const screens = import.meta.webpackContext('./routes', { recursive: false, regExp: /^(?!.*\.test\.tsx$).*\.tsx$/, mode: 'lazy' }); // screens, not their tests

void renderStandalone('mf_partners', (module) => screens(`./${module.slice(2)}.tsx`) as Promise<{ default: ComponentType }>);
