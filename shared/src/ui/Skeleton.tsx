import type { CSSProperties } from 'react';
import { cx } from './classNames.ts';
import * as styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** A text line (default) or a block such as a cover image. */
  shape?: 'line' | 'block';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** For blocks: keep an aspect ratio such as "4 / 5" instead of a fixed height. */
  aspectRatio?: CSSProperties['aspectRatio'];
  className?: string;
}

/**
 * A grey placeholder while content loads. Hidden from assistive tech: the region
 * around it carries aria-busy and a text "Loading…" instead.
 */
export function Skeleton({ shape = 'line', width, height, aspectRatio, className }: SkeletonProps) {
  return <span aria-hidden="true" className={cx(styles.skeleton, styles[shape], className)} style={{ width, height, aspectRatio }} />;
}
